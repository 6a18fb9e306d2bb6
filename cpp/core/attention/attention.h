// Multi-head attention, recording every intermediate matrix.
//
// With the modern fields (docs/scenario.md) a head also: reads K/V head i / (h / kv_heads) of K and
// V (grouped-query attention: W_K is (d_model, kv_heads*d_k)); rotates its q and k by RoPE after
// the projections and biases; adds ALiBi's bias to the scaled scores before the mask; and the
// mask keeps the sink tokens visible (variants/, docs/variants.md).
//
// Conventions (docs/conventions.md): row vectors; X_q is (m, d_model), X_kv is (n, d_model);
// Q = X_q W_Q + b_q (m, h*d_k), K = X_kv W_K + b_k (n, h*d_k), V = X_kv W_V + b_v (n, h*d_v),
// each bias a (1, width) row added to every row (absent = zero, not added at all); head i takes
// columns [i*d_k, (i+1)*d_k) of Q and K and [i*d_v, (i+1)*d_v) of V. Per head:
//   S = scores(Q_i, K_i) (m, n);  scaled = S / sqrt(d_k) for ScaledDot, = S for every other kind;
//   masked entries -> -inf;  A = row-softmax (m, n);  O_i = A V_i (m, d_v).
// The score of query row q and key row k (both (1, d_k)) depends on Scenario::score:
//   Dot and ScaledDot: q k^T;  General: q W_a k^T with head i's block W_a (d_k, d_k);
//   Additive: tanh(q W_1 + k W_2) v_a^T with head i's blocks W_1, W_2 (d_k, d_a) and v_a (1, d_a).
// Only ScaledDot divides by sqrt(d_k), so for the other kinds HeadTrace::scaled equals scores.
// Concat(O_1..O_h) along columns (m, h*d_v); output = Concat W_O + b_o (m, d_model), or Concat
// itself when there is no W_O.
//
// A query whose keys are all masked ("fully masked row") has, by definition, a weight row of
// zeros and therefore an output row of zeros; it is listed in Trace::fully_masked_queries.
#pragma once

#include <optional>
#include <vector>

#include "matrix.h"
#include "scenario/scenario.h"

namespace attn {

/// Boolean (m, n) mask stored as doubles: 1 = query may attend to key, 0 = masked.
using KeyMask = Matrix;

/// An (m, n) mask: the kind's rule (kernels/variants.h: causal, window) and padded keys (ignored
/// by every query).
KeyMask build_mask(int m, int n, MaskKind kind, const std::vector<int>& padded_keys,
                   const MaskParams& params = {});
/// The mask of a validated scenario: its kind and window, its sink tokens (under causal or
/// window), then its padded keys.
KeyMask scenario_mask(const Scenario& s);

/// Rows of `mask` that allow no key at all.
std::vector<int> fully_masked_rows(const KeyMask& mask);

// --- The operations, one function each; the trace is recorded by calling exactly these. ---

/// Columns [head*width, (head+1)*width) of `m` (rows unchanged).
Matrix head_block(const Matrix& m, int head, int width);
/// Q_i K_i^T: (m, d_k) x (n, d_k)^T -> (m, n). The Dot and ScaledDot scores.
Matrix dot_scores(const Matrix& q, const Matrix& k);
/// Q_i W_a K_i^T: (m, d_k) x (d_k, d_k) x (n, d_k)^T -> (m, n). Luong's general (bilinear) score;
/// w_a is the head's block of Inputs::w_bilinear.
Matrix general_scores(const Matrix& q, const Matrix& w_a, const Matrix& k);
/// Bahdanau's additive score: q (m, d_k), k (n, d_k), w1 = W_1 and w2 = W_2 (d_k, d_a),
/// v = v_a (1, d_a) -> (m, n) with s_ij = sum_a v_a tanh((q_i W_1)_a + (k_j W_2)_a).
Matrix additive_scores(const Matrix& q, const Matrix& k, const Matrix& w1, const Matrix& w2,
                       const RowVector& v);
/// scores / sqrt(d_k), same shape. Used for ScaledDot only.
Matrix scale_scores(const Matrix& scores, int d_k);
/// Entries where mask is 0 become -inf; others unchanged. Same shape.
Matrix apply_mask(const Matrix& scaled, const KeyMask& mask);
/// Row-wise softmax over the keys, subtracting each row's maximum first. -inf entries get weight
/// exactly 0. A row that is entirely -inf becomes a row of zeros (documented above).
Matrix softmax_rows(const Matrix& masked);
/// A V: (m, n) x (n, d_v) -> (m, d_v).
Matrix weighted_sum(const Matrix& weights, const Matrix& v);
/// Concatenation of head outputs along columns, in head order: h x (m, d_v) -> (m, h*d_v).
Matrix concat_heads(const std::vector<Matrix>& head_outputs);
/// p (rows, out) += b (1, out) on every row, when the bias is present (the projections' and the
/// output projection's biases); nothing when absent.
void add_bias(Matrix& p, const std::optional<Matrix>& b);

/// All resolved inputs of one attention computation (what generation or the file produced).
struct Inputs {
  Matrix embeddings_q;        ///< (m, d_model) token embeddings before positional encoding
  Matrix embeddings_kv;       ///< (n, d_model)
  Matrix positional_q;        ///< (m, d_model), zeros when positional encoding is off or X given
  Matrix positional_kv;       ///< (n, d_model)
  Matrix x_q;                 ///< (m, d_model) = embeddings_q + positional_q, or as given
  Matrix x_kv;                ///< (n, d_model)
  Matrix w_q;                 ///< (d_model, h*d_k)
  Matrix w_k;                 ///< (d_model, g*d_k), g = kv_heads (h without grouped-query)
  Matrix w_v;                 ///< (d_model, g*d_v)
  std::optional<Matrix> w_o;  ///< (h*d_v, d_model), absent = no output projection
  // Scoring parameters, present only when the score kind uses them. Head i takes columns
  // [i*d_k, (i+1)*d_k) of w_bilinear, columns [i*d_a, (i+1)*d_a) of w_additive_q/_k, and row i
  // of v_additive.
  std::optional<Matrix> w_bilinear;    ///< General: W_a (d_k, h*d_k)
  std::optional<Matrix> w_additive_q;  ///< Additive: W_1 (d_k, h*d_a)
  std::optional<Matrix> w_additive_k;  ///< Additive: W_2 (d_k, h*d_a)
  std::optional<Matrix> v_additive;    ///< Additive: v_a (h, d_a)
  // Biases as (1, width) rows, present when the file gives them or an edit sets one of their
  // cells; absent = zero. Head i takes entries [i*d_k, (i+1)*d_k) of b_q, b_k, [i*d_v, ...) of b_v.
  std::optional<Matrix> b_q;  ///< (1, h*d_k)
  std::optional<Matrix> b_k;  ///< (1, g*d_k)
  std::optional<Matrix> b_v;  ///< (1, g*d_v)
  std::optional<Matrix> b_o;  ///< (1, d_model), only with W_O
};

/// Generates what the scenario leaves out (inputs.cpp; never a bias), then applies
/// Scenario::edits in order (an edit of an absent bias makes it a row of zeros first).
/// An edit of x_q changes X_q and, in self-attention, X_kv too (one matrix); the edited cell of
/// embeddings_q (embeddings_kv) becomes value - positional (rounded), so embeddings + positional
/// is X up to rounding. `s` must have passed validate().
Inputs resolve_inputs(const Scenario& s);

/// Every intermediate matrix of one head.
struct HeadTrace {
  int kv_head = 0;  ///< the K/V head whose k and v this query head reads (itself without GQA)
  Matrix q;         ///< (m, d_k) the head's block of Q (before RoPE)
  Matrix k;         ///< (n, d_k) its K/V head's block of K (before RoPE)
  Matrix v;         ///< (n, d_v) its K/V head's block of V
  std::optional<Matrix> q_rotated;  ///< (m, d_k) q after RoPE (row i at position i + offset)
  std::optional<Matrix> k_rotated;  ///< (n, d_k) k after RoPE; both absent without rope
  Matrix scores;  ///< (m, n) raw scores of the kind, of q and k (rotated ones with RoPE)
  Matrix scaled;  ///< (m, n) scores / sqrt(d_k) for ScaledDot; equal to scores otherwise
  std::optional<Matrix> bias;    ///< (m, n) ALiBi's -slope_h |i - j|; absent without alibi
  std::optional<Matrix> biased;  ///< (m, n) scaled + bias, what the mask reads; absent likewise
  Matrix masked;                 ///< (m, n) scaled (+ bias) with masked entries -inf
  Matrix weights;                ///< (m, n) row-softmax; rows sum to 1 (0 for fully masked rows)
  Matrix output;                 ///< (m, d_v) weights V
  /// (m, 1) log-sum-exp of each query's visible entries of `masked` (what FlashAttention saves,
  /// a_ij = e^(masked_ij - lse_i)); -inf, the log of an empty sum, for a fully masked query.
  Matrix lse;
};

struct Trace {
  Inputs inputs;
  ScoreKind score = ScoreKind::ScaledDot;
  int d_k = 0, d_v = 0;
  int d_a = 0;            ///< additive scoring's hidden size; 0 for the other kinds
  int kv_heads = 0;       ///< K/V heads (g = kv_heads): query head i reads K/V head i / (h / g)
  Matrix q_all;           ///< (m, h*d_k) X_q W_Q (+ b_q)
  Matrix k_all;           ///< (n, g*d_k) X_kv W_K (+ b_k)
  Matrix v_all;           ///< (n, g*d_v) X_kv W_V (+ b_v)
  KeyMask mask;           ///< (m, n) 1 = attend, 0 = masked (all ones without a mask); sinks in
  bool has_mask = false;  ///< the scenario masks something (causal or any padded key)
  std::vector<HeadTrace> heads;
  Matrix concat;  ///< (m, h*d_v)
  Matrix output;  ///< (m, d_model) concat W_O (+ b_o), or (m, h*d_v) = concat without W_O
  std::vector<int> fully_masked_queries;  ///< queries whose every key is masked
};

/// Head `head`'s blocks of the scoring parameters that `kind` uses (empty for the others).
ScoreParams head_score_params(const Inputs& in, ScoreKind kind, int head, int d_k, int d_a);

/// Head `head` of a trace whose projections (q_all, k_all, v_all) and mask are made: its blocks
/// (k and v from its K/V head), RoPE, scores, scale, ALiBi, mask, softmax, log-sum-exp and
/// weighted sum (attention_head.cpp).
HeadTrace trace_head(const Scenario& s, const Trace& t, int head);

/// Computes multi-head attention for a validated scenario, recording every step.
Trace run_attention(const Scenario& s);

/// The same result computed directly (no trace), in the textbook form with the scores written
/// as plain loops: used by tests to prove the traced output equals the direct computation.
/// Shapes as in Inputs; `mask` is (m, n). Returns (m, d_model), or (m, h*d_v) without W_O.
Matrix attention_direct(const Inputs& in, ScoreKind score, int heads, int d_k, int d_v,
                        const KeyMask& mask);

}  // namespace attn
