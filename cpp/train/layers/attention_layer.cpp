// Multi-head attention forward and backward on blocks of the stacked batch (attention_layer.h).
#include "train/layers/attention_layer.h"

#include <cmath>

#include "kernels/kernels.h"
#include "kernels/variants.h"

namespace attn::train {

void MultiHeadAttention::init(int d_model, int h) {
  heads = h;
  d_head = d_model / h;
  w_q.resize(d_model, d_model);
  w_k.resize(d_model, d_model);
  w_v.resize(d_model, d_model);
  w_o.resize(d_model, d_model);
}

void MultiHeadAttention::forward_self(Matrix x, const Segments& rows, MaskKind mask,
                                      AttentionCache* c, Matrix* out,
                                      const MaskParams& params) const {
  c->queries = c->keys = rows;
  c->mask = mask;
  c->mask_params = params;
  c->self = true;
  c->x_q = std::move(x);
  c->x_kv.resize(0, 0);
  attend(c, out);
}

void MultiHeadAttention::forward_cross(Matrix x_q, const Matrix& x_kv, const Segments& queries,
                                       const Segments& keys, AttentionCache* c, Matrix* out) const {
  c->queries = queries;
  c->keys = keys;
  c->mask = MaskKind::None;
  c->mask_params = {};
  c->self = false;
  c->x_q = std::move(x_q);
  c->x_kv = x_kv;
  attend(c, out);
}

// Q, K, V (T, h*d) by one product each over the whole stack; then per sentence s and head i,
// on blocks, with the core's kernels (kernels/kernels.h, the very functions the stepper's trace
// records): A = softmax(mask(Q_i K_i^T / sqrt(d_k))) (m_s, n_s), and A V_i into concat; then
// *out += concat W_O. The mask of a sentence is the mask kind's rule (kernels/variants.h).
void MultiHeadAttention::attend(AttentionCache* c, Matrix* out) const {
  const Matrix& x_kv = c->key_input();
  c->q.noalias() = c->x_q * w_q.value;
  c->k.noalias() = x_kv * w_k.value;
  c->v.noalias() = x_kv * w_v.value;
  c->concat.resize(c->x_q.rows(), heads * d_head);
  const double root = std::sqrt(static_cast<double>(d_head));
  c->weights.resize(static_cast<std::size_t>(c->queries.count()));
  for (int s = 0; s < c->queries.count(); ++s) {
    const int qs = c->queries.start[s], m = c->queries.length[s];
    const int ks = c->keys.start[s], n = c->keys.length[s];
    c->visible.resize(m, n);
    mask_rule_into(c->mask, c->mask_params, c->visible);
    std::vector<Matrix>& per_head = c->weights[static_cast<std::size_t>(s)];
    per_head.resize(static_cast<std::size_t>(heads));
    for (int h = 0; h < heads; ++h) {
      const int col = h * d_head;
      Matrix& a = per_head[static_cast<std::size_t>(h)];
      a.resize(m, n);
      dot_scores_into(c->q.block(qs, col, m, d_head), c->k.block(ks, col, n, d_head), a);
      scale_in_place(a, root);
      if (c->mask != MaskKind::None) mask_in_place(a, c->visible);
      softmax_rows_in_place(a);
      weighted_sum_into(a, c->v.block(ks, col, n, d_head), c->concat.block(qs, col, m, d_head));
    }
  }
  out->noalias() += c->concat * w_o.value;
}

// d_out (Tq, d_model). Per sentence and head, with A the weights, dO the head's block of d_concat:
// dA = dO V_i^T, dV_i = A^T dO, dS = A * (dA - rowsum(A * dA)) / sqrt(d_k) (softmax backward;
// masked entries have A = 0, so no gradient), dQ_i = dS K_i, dK_i = dS^T Q_i. Sentences own
// disjoint rows and heads disjoint columns, so every block of dQ, dK, dV is written once.
const AttentionInputGrads& MultiHeadAttention::backward(const Matrix& d_out,
                                                        const AttentionCache& c) {
  w_o.grad.noalias() += c.concat.transpose() * d_out;
  d_concat_.noalias() = d_out * w_o.value.transpose();  // (Tq, h*d_v)
  dq_.resize(c.q.rows(), c.q.cols());
  dk_.resize(c.k.rows(), c.k.cols());
  dv_.resize(c.v.rows(), c.v.cols());
  const double scale = 1.0 / std::sqrt(static_cast<double>(d_head));
  for (int s = 0; s < c.queries.count(); ++s) {
    const int qs = c.queries.start[s], m = c.queries.length[s];
    const int ks = c.keys.start[s], n = c.keys.length[s];
    for (int h = 0; h < heads; ++h) {
      const int col = h * d_head;
      const Matrix& a = c.weights[static_cast<std::size_t>(s)][static_cast<std::size_t>(h)];
      const auto d_o = d_concat_.block(qs, col, m, d_head);
      d_scores_.noalias() = d_o * c.v.block(ks, col, n, d_head).transpose();  // dA (m, n)
      dv_.block(ks, col, n, d_head).noalias() = a.transpose() * d_o;
      for (Eigen::Index i = 0; i < m; ++i) {
        const double row_dot = a.row(i).dot(d_scores_.row(i));
        d_scores_.row(i) =
            (a.row(i).array() * (d_scores_.row(i).array() - row_dot) * scale).matrix();
      }
      dq_.block(qs, col, m, d_head).noalias() = d_scores_ * c.k.block(ks, col, n, d_head);
      dk_.block(ks, col, n, d_head).noalias() =
          d_scores_.transpose() * c.q.block(qs, col, m, d_head);
    }
  }
  const Matrix& x_kv = c.key_input();
  w_q.grad.noalias() += c.x_q.transpose() * dq_;
  w_k.grad.noalias() += x_kv.transpose() * dk_;
  w_v.grad.noalias() += x_kv.transpose() * dv_;
  AttentionInputGrads& g = grads_;
  g.x_q.noalias() = dq_ * w_q.value.transpose();
  Matrix& d_kv = c.self ? g.x_q : g.x_kv;
  if (c.self) {
    g.x_kv.resize(0, 0);
    d_kv.noalias() += dk_ * w_k.value.transpose();
  } else {
    d_kv.noalias() = dk_ * w_k.value.transpose();
  }
  d_kv.noalias() += dv_ * w_v.value.transpose();
  return g;
}

void MultiHeadAttention::collect(const std::string& prefix, std::vector<NamedParam>* out) {
  out->push_back({prefix + ".w_q", &w_q});
  out->push_back({prefix + ".w_k", &w_k});
  out->push_back({prefix + ".w_v", &w_v});
  out->push_back({prefix + ".w_o", &w_o});
}

}  // namespace attn::train
