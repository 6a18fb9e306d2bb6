// Drilling into one cell: every number that went into a score, a weight or an output value, so
// the page can show the arithmetic term by term (docs/product.md's learner questions).
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

// Each drill reads the trace's own matrices for head `head` (0-based): `t` must be the trace of
// `s` (run_attention(s)). Out-of-range head, row or column: a default drill with empty vectors.

/// Score (i, j): i in [0, m), j in [0, n). The vectors' shapes are those listed in ScoreDrill.
ScoreDrill drill_score(const Scenario& s, const Trace& t, int head, int i, int j);
/// Weight (i, j): the softmax of row i, (n) vectors, computed as softmax_rows does (same order of
/// the sum, same division), so `weights` equals the trace's row i bit for bit.
WeightDrill drill_weight(const Trace& t, int head, int i, int j);
/// Output (i, c) of the head: i in [0, m), c in [0, d_v); (n) vectors.
OutputDrill drill_output(const Trace& t, int head, int i, int c);

}  // namespace attn
