// One head of the traced attention (attention.h, trace_head): the path of a head from its blocks
// of Q, K and V to its output, each stage recorded, with the modern variants (docs/variants.md)
// hooked in where they act: GQA picks the K/V block, RoPE turns q and k, ALiBi biases the scaled
// scores before the mask. Without them every stage is computed exactly as before, bit for bit.
#include <cmath>
#include <limits>

#include "attention/attention.h"
#include "kernels/kernels.h"
#include "variants/alibi/alibi.h"
#include "variants/gqa/gqa.h"
#include "variants/rope/rope.h"

namespace attn {
namespace {

// q (m, d_k) from Q's block `head`; k (n, d_k) and v (n, d_v) from K/V head kv_head's blocks.
void take_blocks(const Trace& t, int head, HeadTrace& ht) {
  ht.q = head_block(t.q_all, head, t.d_k);
  ht.k = head_block(t.k_all, ht.kv_head, t.d_k);
  ht.v = head_block(t.v_all, ht.kv_head, t.d_v);
}

// RoPE on q (m, d_k) and k (n, d_k): row r at position r + position_offset, the first dims
// components turned pair by pair; nothing without rope.
void rotate(const Scenario& s, HeadTrace& ht) {
  if (!s.rope) return;
  Rope rope = *s.rope;
  rope.dims = s.rope_dims();
  ht.q_rotated = variants::apply_rope(ht.q, rope, s.position_offset);
  ht.k_rotated = variants::apply_rope(ht.k, rope, s.position_offset);
}

// scores (m, n) of the kind, on the rotated q and k when there are; scaled by 1/sqrt(d_k) for
// ScaledDot only.
void score(const Trace& t, int head, HeadTrace& ht) {
  const ScoreVariant& kind = score_variant(t.score);
  const Matrix& q = ht.q_rotated ? *ht.q_rotated : ht.q;
  const Matrix& k = ht.k_rotated ? *ht.k_rotated : ht.k;
  ht.scores.resize(q.rows(), k.rows());
  kind.scores(q, k, head_score_params(t.inputs, t.score, head, t.d_k, t.d_a), ht.scores);
  // Only scaled dot-product attention divides by sqrt(d_k); the others pass scores on as is.
  ht.scaled = ht.scores;
  if (kind.scaled) scale_in_place(ht.scaled, std::sqrt(static_cast<double>(t.d_k)));
}

// biased (m, n) = scaled + ALiBi's bias (when on); masked = that, then -inf where the mask hides
// a key.
void bias_and_mask(const Scenario& s, const Trace& t, int head, HeadTrace& ht) {
  ht.masked = ht.scaled;
  if (s.alibi) {
    const double slope = variants::alibi_slopes(s.heads)[static_cast<std::size_t>(head)];
    ht.bias = variants::alibi_bias(s.m(), s.n(), slope);
    ht.masked += *ht.bias;
    ht.biased = ht.masked;  // the Alibi step's result, before the mask
  }
  mask_in_place(ht.masked, t.mask);  // all-ones mask: equal to scaled
}

// (m, 1): each row's log-sum-exp over its visible entries; -inf for a row with none.
Matrix lse_column(const Matrix& masked) {
  const std::vector<std::optional<double>> lse = logsumexp_rows(masked);
  Matrix out(masked.rows(), 1);
  for (Eigen::Index i = 0; i < out.rows(); ++i) {
    out(i, 0) = lse[static_cast<std::size_t>(i)].value_or(-std::numeric_limits<double>::infinity());
  }
  return out;
}

}  // namespace

// Shapes: q (m, d_k), k (n, d_k), v (n, d_v); scores, scaled, bias, masked, weights (m, n);
// output (m, d_v); lse (m, 1).
HeadTrace trace_head(const Scenario& s, const Trace& t, int head) {
  HeadTrace ht;
  ht.kv_head = variants::kv_head_of(head, s.heads, t.kv_heads);
  take_blocks(t, head, ht);
  rotate(s, ht);
  score(t, head, ht);
  bias_and_mask(s, t, head, ht);
  ht.weights = ht.masked;
  softmax_rows_in_place(ht.weights);
  ht.lse = lse_column(ht.masked);
  ht.output.resize(s.m(), t.d_v);
  weighted_sum_into(ht.weights, ht.v, ht.output);
  return ht;
}

}  // namespace attn
