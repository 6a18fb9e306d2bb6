// Multi-head attention with every scoring function (see attention.h for the conventions).
//
// run_attention() records the trace by calling the one-operation functions below, in order. The
// inputs come from resolve_inputs() (inputs.cpp); attention_direct() (attention_direct.cpp)
// recomputes the output independently, so that a test comparing the two checks the trace.
#include "attention/attention.h"

#include <cmath>
#include <utility>

#include "kernels/kernels.h"
#include "variants/sinks/sinks.h"

namespace attn {

// Returns (m, n): 1 where query i may attend to key j, 0 where it is masked: the kind's rule
// (kernels/variants.h), then padding: a padded key is ignored by every query (its whole column is
// masked). Indices outside [0, n) are skipped here; validate() rejects them before.
KeyMask build_mask(int m, int n, MaskKind kind, const std::vector<int>& padded_keys,
                   const MaskParams& params) {
  KeyMask mask(m, n);
  mask_rule_into(kind, params, mask);
  for (int key : padded_keys) {
    if (key >= 0 && key < n) mask.col(key).setZero();
  }
  return mask;
}

KeyMask scenario_mask(const Scenario& s) {
  KeyMask mask = build_mask(s.m(), s.n(), s.mask, s.padded_keys, MaskParams{s.window.value_or(0)});
  // Sinks only widen a causal or window mask, and never bring back a padded key.
  if (s.sink_tokens > 0 && s.mask != MaskKind::None) {
    variants::add_sinks(mask, s.sink_tokens, s.padded_keys);
  }
  return mask;
}

// mask is (m, n); returns the indices of the rows with no 1 at all, in increasing order.
std::vector<int> fully_masked_rows(const KeyMask& mask) {
  std::vector<int> rows;
  for (Eigen::Index i = 0; i < mask.rows(); ++i) {
    if ((mask.row(i).array() == 0.0).all()) rows.push_back(static_cast<int>(i));
  }
  return rows;
}

// m is (rows, h*width); returns (rows, width): the column block of head `head`.
Matrix head_block(const Matrix& m, int head, int width) {
  return m.middleCols(static_cast<Eigen::Index>(head) * width, width);
}

// The one-operation functions below return new matrices for the steps, the drill-down and the
// tests; each is one kernel (kernels/kernels.h) writing into the matrix it returns.

Matrix dot_scores(const Matrix& q, const Matrix& k) {
  Matrix out(q.rows(), k.rows());
  dot_scores_into(q, k, out);
  return out;
}

Matrix general_scores(const Matrix& q, const Matrix& w_a, const Matrix& k) {
  Matrix out(q.rows(), k.rows());
  general_scores_into(q, w_a, k, out);
  return out;
}

Matrix additive_scores(const Matrix& q, const Matrix& k, const Matrix& w1, const Matrix& w2,
                       const RowVector& v) {
  Matrix out(q.rows(), k.rows());
  additive_scores_into(q, k, w1, w2, v, out);
  return out;
}

Matrix scale_scores(const Matrix& scores, int d_k) {
  Matrix out = scores;
  scale_in_place(out, std::sqrt(static_cast<double>(d_k)));
  return out;
}

Matrix apply_mask(const Matrix& scaled, const KeyMask& mask) {
  Matrix masked = scaled;
  mask_in_place(masked, mask);
  return masked;
}

Matrix softmax_rows(const Matrix& masked) {
  Matrix weights = masked;
  softmax_rows_in_place(weights);
  return weights;
}

Matrix weighted_sum(const Matrix& weights, const Matrix& v) {
  Matrix out(weights.rows(), v.cols());
  weighted_sum_into(weights, v, out);
  return out;
}

// head_outputs is h matrices of (m, d_v); returns (m, h*d_v), head 0 in the leftmost columns.
Matrix concat_heads(const std::vector<Matrix>& head_outputs) {
  if (head_outputs.empty()) return Matrix();
  const Eigen::Index m = head_outputs.front().rows();
  Eigen::Index width = 0;
  for (const Matrix& o : head_outputs) width += o.cols();
  Matrix concat(m, width);
  Eigen::Index col = 0;
  for (const Matrix& o : head_outputs) {
    concat.middleCols(col, o.cols()) = o;
    col += o.cols();
  }
  return concat;
}

// p (rows, out), b (1, out): the bias row added to every row of p, when there is one. The product
// itself is computed by the caller exactly as without a bias, so a scenario without biases keeps
// every bit (constructing the product elsewhere can round differently).
void add_bias(Matrix& p, const std::optional<Matrix>& b) {
  if (b) p.rowwise() += b->row(0);
}

// Head `head`'s blocks of the scoring parameters its kind uses (t.inputs holds them all).
ScoreParams head_score_params(const Inputs& in, ScoreKind kind, int head, int d_k, int d_a) {
  ScoreParams p;
  if (kind == ScoreKind::General) p.w_a = head_block(*in.w_bilinear, head, d_k);
  if (kind == ScoreKind::Additive) {
    p.w1 = head_block(*in.w_additive_q, head, d_a);
    p.w2 = head_block(*in.w_additive_k, head, d_a);
    p.v = in.v_additive->row(head);
  }
  return p;
}

// Shapes: X_q (m, d_model), X_kv (n, d_model); Q (m, h*d_k), K (n, g*d_k), V (n, g*d_v) for
// g = kv_heads; per head Q (m, d_k), K (n, d_k), V (n, d_v),
// scores/scaled/masked/weights (m, n), output (m, d_v); concat (m, h*d_v); output (m, d_model)
// with W_O, (m, h*d_v) without.
Trace run_attention(const Scenario& s) {
  Trace t;
  t.inputs = resolve_inputs(s);
  const Inputs& in = t.inputs;
  t.score = s.score;
  t.d_k = s.head_dim_k();
  t.d_v = s.head_dim_v();
  t.d_a = s.score == ScoreKind::Additive ? s.hidden_dim_a() : 0;
  t.kv_heads = s.kv_head_count();

  // Project all heads at once; head i is a column block of these.
  t.q_all = in.x_q * in.w_q;
  t.k_all = in.x_kv * in.w_k;
  t.v_all = in.x_kv * in.w_v;
  add_bias(t.q_all, in.b_q);
  add_bias(t.k_all, in.b_k);
  add_bias(t.v_all, in.b_v);

  t.mask = scenario_mask(s);
  t.has_mask = s.mask != MaskKind::None || !s.padded_keys.empty();
  t.fully_masked_queries = fully_masked_rows(t.mask);

  // Each head attends independently, on its own slice of Q and its K/V head's of K and V.
  std::vector<Matrix> head_outputs;
  for (int h = 0; h < s.heads; ++h) {
    t.heads.push_back(trace_head(s, t, h));
    head_outputs.push_back(t.heads.back().output);
  }

  // Put the heads side by side, then mix them back to d_model columns with W_O (if any).
  t.concat = concat_heads(head_outputs);
  t.output = in.w_o ? Matrix(t.concat * *in.w_o) : t.concat;
  if (in.w_o) add_bias(t.output, in.b_o);
  return t;
}

}  // namespace attn
