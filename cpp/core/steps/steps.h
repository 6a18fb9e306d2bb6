// The step sequence a learner walks through, owned by the core.
//
// Per-query granularity, for each head h:
//   ProjectQ, ProjectK, ProjectV (whole matrices: Q_h = X_q W_Q[:, block h] (+ b_Q[block h]), ...;
//   the bias is a third operand only when the scenario has it), RopeK (only with rope: K_h ->
//   K̄_h), then for each query i: RopeQ (only with rope: q_i -> q̄_i at position i +
//   position_offset), Scores (row i of S_h, of q̄_i and K̄_h with rope), Scale (only for the
//   ScaledDot score), Alibi (only with alibi: s̃_i + b_i, operands s̃_i and b_i), Mask (only when
//   the scenario masks something; it reads s̃_i + b_i with alibi), Softmax, WeightedSum (row i
//   of A V_h).
// After all heads: Concat, then OutputProjection (only when there is a W_O; b_O a third operand
// when present).
// Per-matrix granularity has the same stages with one step per whole matrix per head
// (query = -1): ProjectQ, ProjectK, ProjectV, [RopeK, RopeQ], Scores, [Scale], [Alibi], [Mask],
// Softmax, WeightedSum.
//
// The Scores step follows Scenario::score. Its operands are, in this order: Dot and ScaledDot:
// Q_h, K_h^T; General: Q_h, W_a (head h's block of w_bilinear), K_h^T; Additive: Q_h, W_1
// (head h's block of w_additive_q), K_h, W_2 (block of w_additive_k), v_a (row h of
// v_additive). Without a Scale step the Mask (or else Softmax) step reads S_h itself; its scaled
// copy \tilde{S}_h equals S_h for those kinds (attention/attention.h).
//
// Numbering in everything shown to people (labels, subscripts, shapes, sentences): heads and tokens
// count from 1 ("head 2", "Q_{2}", "q_{3}", "token 4"; docs/conventions.md); the indices in the
// data (Step::head, Step::query, Operand::head, CellRange) count from 0. With a single head the
// head subscripts are left out ("Q", "K^{\\top}", "W_Q"), as in the "from scratch" example.
// Operand labels (LaTeX) name the whole matrix the operand shows: "X" (self-attention; "X_q" and
// "X_{kv}" in cross-attention), "W_Q", "W_K", "W_V", "Q_{2}", "K_{2}", "K_{2}^{\\top}"
// (transposed), "V_{2}", "S_{2}", "\\tilde{S}_{2}" (scaled), "\\hat{S}_{2}" (masked), "A_{2}",
// "O_{2}",
// "\\mathrm{Concat}", "W_O", "Y" (output); the scoring parameters "W_a", "W_1", "W_2", "v_a"; the
// biases "b_Q", "b_K", "b_V", "b_O" (head 2's block "b_Q^{(2)}").
// When a step reads or writes less than the whole matrix, Operand::part names the cells it does:
// head 2's column block of a weight "W_Q^{(2)}" (likewise "W_a^{(2)}", "W_1^{(2)}", "W_2^{(2)}"),
// head 2's row of v_a "v_a^{(2)}", and query 4's row in a per-query step "q_{4}", "s_{4}",
// "\\tilde{s}_{4}", "\\hat{s}_{4}", "a_{4}", "o_{4}". The formulas write a weight by its part.
// Step::size_rule says why the sizes of each matrix product fit (empty for the other stages), with
// the step's real sizes, e.g. "(1×64) @ (64×9) → (1×9): the inner sizes agree (64 = 64). ..."
// formula_numbers of a whole-matrix step shows the result matrix (at most 4 x 4 entries, the rest
// as dots); of a per-query step, the operation on that row (vectors of more than 6 entries show
// the first 3 and the last 2). Numbers are format_fixed(x, 4).
//
// MatrixId and trace_matrix are the registry's (attention/registry.h).
// The numeric values of Stage, MatrixId and Granularity cross to JavaScript and are mirrored in
// web/src/wasm/enums.ts (a node test checks they agree): only append, never renumber.
#pragma once

#include <string>
#include <vector>

#include "attention/attention.h"
#include "attention/registry.h"
#include "scenario/scenario.h"

namespace attn {

enum class Stage : int {
  ProjectQ = 0,
  ProjectK = 1,
  ProjectV = 2,
  Scores = 3,
  Scale = 4,
  Mask = 5,
  Softmax = 6,
  WeightedSum = 7,
  Concat = 8,
  OutputProjection = 9,
  // The position schemes' stages, appended (docs/url.md: the numbers above keep their meaning).
  // They sit in the walk by stage_order(), not by number: RopeK and RopeQ after the projections,
  // Alibi between Scale and Mask.
  RopeK = 10,  ///< K_h (n, d_k) -> K̄_h (n, d_k), whole matrix; only with rope
  RopeQ = 11,  ///< Q_h (m, d_k) -> Q̄_h, or its row q_i -> q̄_i per query; only with rope
  Alibi = 12,  ///< S̃_h + B_h (m, n), or row i of it per query; only with alibi
};

/// A stage's place in the walk (ProjectQ 0 .. OutputProjection 12): the order of the steps of a
/// head and of the pipeline, which the numbers of the appended stages do not follow.
int stage_order(Stage s);

enum class Granularity : int { PerQuery = 0, PerMatrix = 1 };

/// A rectangle of cells: rows [row0, row0 + rows), cols [col0, col0 + cols).
struct CellRange {
  int row0 = 0, rows = 0, col0 = 0, cols = 0;
};

/// One matrix taking part in a step, with the cells the step reads (operand) or writes (result).
struct Operand {
  MatrixId matrix = MatrixId::Xq;
  int head = -1;      ///< head index for per-head matrices, -1 otherwise
  std::string label;  ///< LaTeX symbol of the whole matrix, e.g. "Q_{2}", "W_Q", "K_{2}^{\\top}"
  std::string part;   ///< LaTeX symbol of `cells` when less than the whole: "W_Q^{(2)}", "q_{4}"
  int rows = 0, cols = 0;   ///< shape of the whole matrix as stored in the trace
  bool transposed = false;  ///< shown transposed (K^T): rows/cols above are before transposing
  CellRange cells;          ///< cells read or written, in stored (untransposed) coordinates
};

struct Step {
  Stage stage = Stage::ProjectQ;
  int head = -1;   ///< -1 for Concat and OutputProjection
  int query = -1;  ///< -1 for whole-matrix steps
  std::vector<Operand> operands;
  Operand result;
  /// Shapes in words, e.g. "Q_2 (9×64) · K_2ᵀ (64×9) → S_2 (9×9)" (plain Unicode, not LaTeX).
  std::string shapes;
  /// Matrix products only (projections, Scores, WeightedSum, OutputProjection): why the sizes fit,
  /// e.g. "(9×64) @ (64×9) → (9×9): the inner sizes agree (64 = 64). @ is ..."; else empty.
  std::string size_rule;
  std::string formula;          ///< LaTeX in symbols
  std::string formula_numbers;  ///< LaTeX with this step's numbers substituted (4 decimals)
  std::string sentence;         ///< one plain sentence saying what happens, naming the tokens
  /// The step touches a fully masked query (see attention/attention.h): its stage is Scores or
  /// later and its result rows include such a query (so Concat and OutputProjection too).
  /// Projections are never flagged. The sentence of a flagged step says that no key is visible to
  /// that query, so by definition its weights are all zero and its output is a zero vector.
  bool flagged = false;
};

/// The whole sequence for a computed trace, in the order documented above.
std::vector<Step> build_steps(const Scenario& s, const Trace& t, Granularity g);

/// Where a step is in the sequence: what the pickers need, without operands or text (12 bytes,
/// so a 512-token run keeps its ~40k keys and builds each step only when it is shown).
struct StepKey {
  Stage stage = Stage::ProjectQ;
  int head = -1;
  int query = -1;
};

/// The keys of build_steps(s, t, g), in the same order.
std::vector<StepKey> step_keys(const Trace& t, Granularity g);

/// The one step at `key` (a key of step_keys), with its operands, flag and text: equal to the
/// step build_steps puts there.
Step build_step(const Scenario& s, const Trace& t, const StepKey& key);

/// Index of the step with this stage, head and query (query ignored for whole-matrix steps, head
/// ignored for Concat and OutputProjection); -1 when there is none (e.g. Mask in an unmasked
/// scenario, or a query or head out of range).
int find_step(const std::vector<Step>& steps, Stage stage, int head, int query);

/// `x` rounded to `digits` decimals, exactly as JavaScript's Number.prototype.toFixed does
/// (ties away from zero on the exact binary value), so core-made formulas and the page's matrices
/// agree to the last digit shown. "-0.0000" is printed as "0.0000"; -inf as "-\\infty", +inf as
/// "\\infty", NaN as "\\mathrm{NaN}" (LaTeX). `digits` is clamped to 0..100; |x| >= 1e21 gives
/// JavaScript's exponent form ("1e+21"), as toFixed does.
std::string format_fixed(double x, int digits);

}  // namespace attn
