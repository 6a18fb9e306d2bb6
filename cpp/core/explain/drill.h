// Drilling into one cell: every number that went into a projected q, k or v component, a score, a
// weight, a head's output value or the final output, so the page can show the arithmetic term by
// term (the learner questions in docs/conventions.md).
//
// All vectors are row vectors. Indices are 0-based; `head` selects the head's blocks.
#pragma once

#include <vector>

#include "attention/attention.h"
#include "scenario/scenario.h"

namespace attn {

/// Score cell (row i = query, col j = key) of one head.
struct ScoreDrill {
  ScoreKind kind = ScoreKind::ScaledDot;
  RowVector q;  ///< (d_k) query row i of Q_h
  RowVector k;  ///< (d_k) key row j of K_h
  /// Dot / ScaledDot: q (same as `q`). General: q W_a (d_k), the query mapped by the bilinear
  /// form, so the score is again an elementwise product summed. Additive: unused (empty).
  RowVector q_mapped;
  /// Dot/ScaledDot/General: q_mapped ⊙ k (d_k). Additive: v_a ⊙ tanh(..) (d_a).
  RowVector products;
  // Additive only (empty otherwise), each (d_a):
  RowVector hidden_q;   ///< q W_1
  RowVector hidden_k;   ///< k W_2
  RowVector hidden;     ///< tanh(q W_1 + k W_2)
  RowVector v_a;        ///< the head's v_a
  double sum = 0;       ///< sum of products = the raw score (equals Trace scores(i, j))
  double divisor = 1;   ///< sqrt(d_k) for ScaledDot, 1 otherwise
  double scaled = 0;    ///< sum / divisor (equals Trace scaled(i, j))
  bool masked = false;  ///< the mask hides key j from query i (masked(i, j) = -inf)
};

/// Weight cell (i, j): the softmax of row i written out.
struct WeightDrill {
  RowVector row;      ///< (n) masked scaled scores of row i (-inf where masked)
  double max = 0;     ///< max over the unmasked entries (0 when the row is fully masked)
  RowVector shifted;  ///< (n) row - max (-inf where masked)
  RowVector exps;     ///< (n) exp(shifted), exactly 0 where masked
  double sum = 0;     ///< sum of exps (0 when fully masked)
  RowVector weights;  ///< (n) exps / sum: row i of the weights; sums to 1 (0 if fully masked)
  double weight = 0;  ///< weights(j)
  bool fully_masked = false;
};

/// Output cell (i, c) of one head: o_ic = sum_j a_ij v_jc, the "reweighted values".
struct OutputDrill {
  RowVector weights;  ///< (n) row i of the weights
  RowVector values;   ///< (n) column c of V_h: v_jc for every key j
  RowVector terms;    ///< (n) weights ⊙ values
  double sum = 0;     ///< equals the head output (i, c)
};

/// Which projection a cell of Q, K or V comes from: Q = X_q W_Q + b_q, K = X_kv W_K + b_k,
/// V = X_kv W_V + b_v (a bias only when the scenario has it).
enum class Projection { Query = 0, Key = 1, Value = 2 };

/// A cell that is a row times a column, plus a bias when there is one: component c of head h's q,
/// k or v for token i, or the final output y_ic. Q (i, c) of head h = sum_l x_il W_Q(l, h*d_k + c)
/// + b_q(h*d_k + c) with x row i of X_q (K: X_kv, W_K, b_k; V: X_kv, W_V, b_v and d_v);
/// Y (i, c) = sum_l concat_il W_O(l, c) + b_o(c).
struct ProductDrill {
  RowVector row;          ///< (d_model) row i of X_q or X_kv; Y: (h*d_v) row i of Concat
  RowVector column;       ///< the same length: column w_column of W_Q, W_K, W_V or W_O
  RowVector terms;        ///< row ⊙ column: the products x_il w_lc
  int w_column = 0;       ///< head * width + c for Q, K, V (width d_k or d_v); c for Y
  bool has_bias = false;  ///< the scenario has this projection's bias
  double bias = 0;        ///< its entry w_column (b_q, b_k, b_v; b_o for Y), 0 without one
  double sum = 0;         ///< the terms summed from l = 0 up, then + bias when there is one
  double stored = 0;      ///< the trace's own value of the cell (Q_h, K_h, V_h or the output)
  bool product = true;  ///< Y without W_O: false; the output is Concat itself (no column, no terms)
};

// Each drill reads the trace's own matrices for head `head` (0-based): `t` must be the trace of
// `s` (run_attention(s)). Out-of-range head, row or column: a default drill with empty vectors.

/// Score (i, j): i in [0, m), j in [0, n). The vectors' shapes are those listed in ScoreDrill.
ScoreDrill drill_score(const Scenario& s, const Trace& t, int head, int i, int j);
/// Weight (i, j): the softmax of row i, (n) vectors, computed as softmax_rows does (same order of
/// the sum, same division), so `weights` equals the trace's row i bit for bit.
WeightDrill drill_weight(const Trace& t, int head, int i, int j);
/// Output (i, c) of the head: i in [0, m), c in [0, d_v); (n) vectors.
OutputDrill drill_output(const Trace& t, int head, int i, int c);
/// Q, K or V (i, c) of the head: i in [0, m) for Q, [0, n) for K and V; c in [0, d_k) for Q and K,
/// [0, d_v) for V. The vectors are (d_model).
ProductDrill drill_projection(const Trace& t, Projection which, int head, int i, int c);
/// The final output Y (i, c): i in [0, m), c in [0, d_model) (or [0, h*d_v) without W_O). The
/// vectors are (h*d_v); without W_O only `row`, `sum` (= concat(i, c)) and `stored` are set.
ProductDrill drill_final_output(const Trace& t, int i, int c);

}  // namespace attn
