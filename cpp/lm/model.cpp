#include "lm/model.h"

#include <cmath>

#include "attention/attention.h"

namespace attn::lm {

void apply_rope(Matrix* m, int head_size, int pos0, double sign) {
  for (Eigen::Index t = 0; t < m->rows(); ++t) {
    const double pos = static_cast<double>(pos0 + t);
    for (Eigen::Index i = 0; i + 1 < m->cols(); i += 2) {
      const double freq = 1.0 / std::pow(10000.0, static_cast<double>(i % head_size) / head_size);
      const double c = std::cos(pos * freq), s = sign * std::sin(pos * freq);
      const double v0 = (*m)(t, i), v1 = (*m)(t, i + 1);
      (*m)(t, i) = v0 * c - v1 * s;
      (*m)(t, i + 1) = v0 * s + v1 * c;
    }
  }
}

Matrix rmsnorm(const Matrix& x, const Matrix& g, Eigen::VectorXd* r) {
  r->resize(x.rows());
  Matrix y(x.rows(), x.cols());
  for (Eigen::Index t = 0; t < x.rows(); ++t) {
    (*r)(t) = 1.0 / std::sqrt(x.row(t).squaredNorm() / x.cols() + kRmsEps);
    y.row(t) = x.row(t).cwiseProduct(g.row(0)) * (*r)(t);
  }
  return y;
}

Matrix head_attention(const Matrix& q, const Matrix& k, const Matrix& v, Matrix* weights) {
  const int m = static_cast<int>(q.rows()), n = static_cast<int>(k.rows());
  // Query i sits at position n - m + i: the causal mask of the last m rows of an (n, n) mask.
  const KeyMask mask = build_mask(n, n, MaskKind::Causal, {}).bottomRows(m);
  const Matrix scaled = scale_scores(dot_scores(q, k), static_cast<int>(q.cols()));
  *weights = softmax_rows(apply_mask(scaled, mask));
  return weighted_sum(*weights, v);
}

Matrix forward(const LmWeights& w, const std::vector<int>& tokens, ForwardCache* cache) {
  const LmConfig& c = w.config;
  const int T = static_cast<int>(tokens.size()), hs = c.head_size();
  ForwardCache local;
  ForwardCache& fc = cache ? *cache : local;
  fc.tokens = tokens;
  fc.layers.assign(c.n_layers, LayerCache());
  Matrix x(T, c.dim);
  for (int t = 0; t < T; ++t) x.row(t) = w.embedding.row(tokens[t]);
  for (int l = 0; l < c.n_layers; ++l) {
    const LayerWeights& L = w.layers[l];
    LayerCache& lc = fc.layers[l];
    lc.x = x;
    lc.xn = rmsnorm(x, L.rms_att, &lc.r_att);
    lc.q = lc.xn * L.wq.transpose();
    lc.k = lc.xn * L.wk.transpose();
    lc.v = lc.xn * L.wv.transpose();
    apply_rope(&lc.q, hs, 0);
    apply_rope(&lc.k, hs, 0);
    lc.att.assign(c.n_heads, Matrix());
    lc.concat.resize(T, c.dim);
    for (int h = 0; h < c.n_heads; ++h) {
      const int g = h / c.group();
      lc.concat.middleCols(h * hs, hs) =
          head_attention(lc.q.middleCols(h * hs, hs), lc.k.middleCols(g * hs, hs),
                         lc.v.middleCols(g * hs, hs), &lc.att[h]);
    }
    lc.h = x + lc.concat * L.wo.transpose();
    lc.hn = rmsnorm(lc.h, L.rms_ffn, &lc.r_ffn);
    lc.a1 = lc.hn * L.w1.transpose();
    lc.a3 = lc.hn * L.w3.transpose();
    // SwiGLU: silu(a1) * a3, silu(z) = z * sigmoid(z)
    const Matrix gated = (lc.a1.array() / (1.0 + (-lc.a1.array()).exp()) * lc.a3.array()).matrix();
    x = lc.h + gated * L.w2.transpose();
  }
  fc.x_final = x;
  fc.xn_final = rmsnorm(x, w.rms_final, &fc.r_final);
  return fc.xn_final * w.classifier().transpose();
}

double cross_entropy(const Matrix& logits, const std::vector<int>& targets, double scale,
                     Matrix* dlogits) {
  double loss = 0.0;
  if (dlogits) dlogits->resize(logits.rows(), logits.cols());
  for (Eigen::Index t = 0; t < logits.rows(); ++t) {
    const double mx = logits.row(t).maxCoeff();  // subtract the max: no overflow
    const Eigen::RowVectorXd e = (logits.row(t).array() - mx).exp();
    const double sum = e.sum();
    loss += std::log(sum) + mx - logits(t, targets[t]);
    if (dlogits) {
      dlogits->row(t) = e / sum * scale;
      (*dlogits)(t, targets[t]) -= scale;
    }
  }
  return loss / static_cast<double>(logits.rows());
}

}  // namespace attn::lm
