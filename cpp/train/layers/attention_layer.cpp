// Multi-head attention forward (with the core's traced operations) and its backward pass.
#include "train/layers/attention_layer.h"

#include <cmath>

#include "attention/attention.h"

namespace attn::train {

void MultiHeadAttention::init(int d_model, int h) {
  heads = h;
  d_head = d_model / h;
  w_q.resize(d_model, d_model);
  w_k.resize(d_model, d_model);
  w_v.resize(d_model, d_model);
  w_o.resize(d_model, d_model);
}

// x_q (Tq, d_model), x_kv (Tk, d_model) -> (Tq, d_model). Per sentence s and head i, the same
// sequence of operations as attn::run_attention: scores Q_i K_i^T (m_s, n_s), / sqrt(d_k), mask,
// row softmax, A V_i (m_s, d_v); the heads are concatenated and projected by W_O.
Matrix MultiHeadAttention::forward(const Matrix& x_q, const Matrix& x_kv, const Segments& queries,
                                   const Segments& keys, MaskKind mask, AttentionCache* c) const {
  c->queries = queries;
  c->keys = keys;
  c->mask = mask;
  c->x_q = x_q;
  c->x_kv = x_kv;
  c->q = x_q * w_q.value;
  c->k = x_kv * w_k.value;
  c->v = x_kv * w_v.value;
  c->concat.resize(x_q.rows(), heads * d_head);
  c->weights.assign(static_cast<std::size_t>(queries.count()), {});
  for (int s = 0; s < queries.count(); ++s) {
    const int m = queries.length[s], n = keys.length[s];
    const Matrix q_s = c->q.middleRows(queries.start[s], m);
    const Matrix k_s = c->k.middleRows(keys.start[s], n);
    const Matrix v_s = c->v.middleRows(keys.start[s], n);
    const KeyMask key_mask = build_mask(m, n, mask, {});
    std::vector<Matrix> outputs;
    for (int h = 0; h < heads; ++h) {
      const Matrix scores = dot_scores(head_block(q_s, h, d_head), head_block(k_s, h, d_head));
      Matrix weights = softmax_rows(apply_mask(scale_scores(scores, d_head), key_mask));
      outputs.push_back(weighted_sum(weights, head_block(v_s, h, d_head)));
      c->weights[static_cast<std::size_t>(s)].push_back(std::move(weights));
    }
    c->concat.middleRows(queries.start[s], m) = concat_heads(outputs);
  }
  return c->concat * w_o.value;
}

// d_out (Tq, d_model). Per sentence and head, with A the weights, dO the head's block of d_concat:
// dA = dO V_i^T, dV_i = A^T dO, dS = A * (dA - rowsum(A * dA)) / sqrt(d_k) (softmax backward;
// masked entries have A = 0, so no gradient), dQ_i = dS K_i, dK_i = dS^T Q_i.
AttentionInputGrads MultiHeadAttention::backward(const Matrix& d_out, const AttentionCache& c) {
  w_o.grad += c.concat.transpose() * d_out;
  const Matrix d_concat = d_out * w_o.value.transpose();  // (Tq, h*d_v)
  Matrix dq = Matrix::Zero(c.q.rows(), c.q.cols());
  Matrix dk = Matrix::Zero(c.k.rows(), c.k.cols());
  Matrix dv = Matrix::Zero(c.v.rows(), c.v.cols());
  const double scale = 1.0 / std::sqrt(static_cast<double>(d_head));
  for (int s = 0; s < c.queries.count(); ++s) {
    const int qs = c.queries.start[s], m = c.queries.length[s];
    const int ks = c.keys.start[s], n = c.keys.length[s];
    for (int h = 0; h < heads; ++h) {
      const int col = h * d_head;
      const Matrix& a = c.weights[static_cast<std::size_t>(s)][static_cast<std::size_t>(h)];
      const Matrix d_o = d_concat.block(qs, col, m, d_head);
      const Matrix v_h = c.v.block(ks, col, n, d_head);
      const Matrix d_a = d_o * v_h.transpose();  // (m, n)
      dv.block(ks, col, n, d_head) += a.transpose() * d_o;
      const Eigen::VectorXd row_dot = a.cwiseProduct(d_a).rowwise().sum();
      const Matrix d_s = (a.array() * (d_a.colwise() - row_dot).array() * scale).matrix();
      dq.block(qs, col, m, d_head) += d_s * c.k.block(ks, col, n, d_head);
      dk.block(ks, col, n, d_head) += d_s.transpose() * c.q.block(qs, col, m, d_head);
    }
  }
  w_q.grad += c.x_q.transpose() * dq;
  w_k.grad += c.x_kv.transpose() * dk;
  w_v.grad += c.x_kv.transpose() * dv;
  AttentionInputGrads g;
  g.x_q = dq * w_q.value.transpose();
  g.x_kv = dk * w_k.value.transpose() + dv * w_v.value.transpose();
  return g;
}

void MultiHeadAttention::collect(const std::string& prefix, std::vector<NamedParam>* out) {
  out->push_back({prefix + ".w_q", &w_q});
  out->push_back({prefix + ".w_k", &w_k});
  out->push_back({prefix + ".w_v", &w_v});
  out->push_back({prefix + ".w_o", &w_o});
}

}  // namespace attn::train
