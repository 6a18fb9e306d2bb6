// The backward of model.cpp's forward, by hand, in reverse order of the forward. Each block
// names the forward line it differentiates. test_lm_gradients.cpp checks every parameter group
// against central finite differences.
#include <cmath>

#include "lm/model.h"

namespace attn::lm {

namespace {

// y = x * r * g row by row, r = (mean(x^2) + eps)^(-1/2). Adds dL/dg to *dg; returns dL/dx:
//   dx_t = r_t (g .* dy_t) - r_t^3 / d * x_t * (x_t . (g .* dy_t)).
Matrix rmsnorm_backward(const Matrix& x, const Matrix& g, const Eigen::VectorXd& r,
                        const Matrix& dy, Matrix* dg) {
  Matrix dx(x.rows(), x.cols());
  const double d = static_cast<double>(x.cols());
  for (Eigen::Index t = 0; t < x.rows(); ++t) {
    dg->row(0) += x.row(t).cwiseProduct(dy.row(t)) * r(t);
    const Eigen::RowVectorXd gdy = dy.row(t).cwiseProduct(g.row(0));
    dx.row(t) = gdy * r(t) - x.row(t) * (r(t) * r(t) * r(t) / d * x.row(t).dot(gdy));
  }
  return dx;
}

// The attention block of one layer: from dL/dconcat (T, dim) to dL/dxn (T, dim), adding the
// projections' gradients.
Matrix attention_backward(const LmConfig& c, const LayerWeights& L, const LayerCache& lc,
                          const Matrix& dconcat, LayerWeights* G) {
  const int T = static_cast<int>(lc.x.rows()), hs = c.head_size();
  Matrix dq = Matrix::Zero(T, c.dim), dk = Matrix::Zero(T, c.kv_dim());
  Matrix dv = Matrix::Zero(T, c.kv_dim());
  const double inv_sqrt = 1.0 / std::sqrt(static_cast<double>(hs));
  for (int h = 0; h < c.n_heads; ++h) {
    const int g = h / c.group();
    const Matrix& A = lc.att[h];                       // (T, T)
    const Matrix dO = dconcat.middleCols(h * hs, hs);  // o_h = A v_g
    const Matrix dA = dO * lc.v.middleCols(g * hs, hs).transpose();
    dv.middleCols(g * hs, hs) += A.transpose() * dO;
    // Softmax rows: dS = A .* (dA - rowsum(dA .* A)); masked entries have A = 0, so dS = 0.
    const Eigen::VectorXd dot = (dA.cwiseProduct(A)).rowwise().sum();
    const Matrix dS = (A.array() * (dA.colwise() - dot).array()).matrix() * inv_sqrt;
    dq.middleCols(h * hs, hs) += dS * lc.k.middleCols(g * hs, hs);
    dk.middleCols(g * hs, hs) += dS.transpose() * lc.q.middleCols(h * hs, hs);
  }
  // RoPE is a rotation per position: its transpose rotates back.
  apply_rope(&dq, hs, 0, -1.0);
  apply_rope(&dk, hs, 0, -1.0);
  G->wq += dq.transpose() * lc.xn;
  G->wk += dk.transpose() * lc.xn;
  G->wv += dv.transpose() * lc.xn;
  return dq * L.wq + dk * L.wk + dv * L.wv;
}

// One layer: from dL/d(output stream) to dL/d(input stream).
Matrix layer_backward(const LmConfig& c, const LayerWeights& L, const LayerCache& lc,
                      const Matrix& dout, LayerWeights* G) {
  // out = h + (silu(a1) * a3) W2^T
  const Eigen::ArrayXXd sig = 1.0 / (1.0 + (-lc.a1.array()).exp());
  const Eigen::ArrayXXd silu = lc.a1.array() * sig;
  const Matrix gated = (silu * lc.a3.array()).matrix();
  G->w2 += dout.transpose() * gated;
  const Eigen::ArrayXXd dgated = (dout * L.w2).array();
  const Matrix da1 = (dgated * lc.a3.array() * sig * (1.0 + lc.a1.array() * (1.0 - sig))).matrix();
  const Matrix da3 = (dgated * silu).matrix();
  G->w1 += da1.transpose() * lc.hn;
  G->w3 += da3.transpose() * lc.hn;
  const Matrix dhn = da1 * L.w1 + da3 * L.w3;
  const Matrix dh = dout + rmsnorm_backward(lc.h, L.rms_ffn, lc.r_ffn, dhn, &G->rms_ffn);
  // h = x + concat Wo^T
  G->wo += dh.transpose() * lc.concat;
  const Matrix dxn = attention_backward(c, L, lc, dh * L.wo, G);
  return dh + rmsnorm_backward(lc.x, L.rms_att, lc.r_att, dxn, &G->rms_att);
}

}  // namespace

void backward(const LmWeights& w, const ForwardCache& fc, const Matrix& dlogits, LmWeights* grads) {
  const LmConfig& c = w.config;
  // logits = xn_final Wcls^T (Wcls is the embedding when shared)
  Matrix& dcls = c.shared_classifier ? grads->embedding : grads->wcls;
  dcls += dlogits.transpose() * fc.xn_final;
  Matrix dx = rmsnorm_backward(fc.x_final, w.rms_final, fc.r_final, dlogits * w.classifier(),
                               &grads->rms_final);
  for (int l = c.n_layers - 1; l >= 0; --l) {
    dx = layer_backward(c, w.layers[l], fc.layers[l], dx, &grads->layers[l]);
  }
  // x = embedding[tokens]
  for (std::size_t t = 0; t < fc.tokens.size(); ++t) {
    grads->embedding.row(fc.tokens[t]) += dx.row(static_cast<Eigen::Index>(t));
  }
}

}  // namespace attn::lm
