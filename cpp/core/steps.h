// The step sequence a learner walks through, owned by the core.
//
// Per-query granularity, for each head h:
//   ProjectQ, ProjectK, ProjectV (whole matrices: Q_h = X_q W_Q[:, block h], ...), then for each
//   query i: Scores (row i of Q_h K_h^T), Scale, Mask (only when the scenario masks something),
//   Softmax, WeightedSum (row i of A V_h).
// After all heads: Concat, then OutputProjection (only when there is a W_O).
// Per-matrix granularity has the same stages with one step per whole matrix per head
// (query = -1): ProjectQ, ProjectK, ProjectV, Scores, Scale, [Mask], Softmax, WeightedSum.
//
// The numeric values of Stage, MatrixId and Granularity cross to JavaScript and are mirrored in
// web/src/wasm/enums.ts (a node test checks they agree): only append, never renumber.
#pragma once

#include <string>
#include <vector>

#include "attention.h"
#include "scenario.h"

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
};

enum class Granularity : int { PerQuery = 0, PerMatrix = 1 };

/// Names a matrix of the trace. Per-head ids (Q..HeadOutput) are qualified by a head index.
enum class MatrixId : int {
  Xq = 0,   ///< (m, d_model)
  Xkv = 1,  ///< (n, d_model)
  Wq = 2,   ///< (d_model, h*d_k) whole; a step reads the head's column block
  Wk = 3,
  Wv = 4,
  Q = 5,    ///< per head (m, d_k)
  K = 6,    ///< per head (n, d_k)
  V = 7,    ///< per head (n, d_v)
  Scores = 8,   ///< per head (m, n)
  Scaled = 9,   ///< per head (m, n)
  Masked = 10,  ///< per head (m, n)
  Weights = 11, ///< per head (m, n)
  HeadOutput = 12,  ///< per head (m, d_v)
  Concat = 13,  ///< (m, h*d_v)
  Wo = 14,      ///< (h*d_v, d_model)
  Output = 15,  ///< (m, d_model)
};

/// A rectangle of cells: rows [row0, row0 + rows), cols [col0, col0 + cols).
struct CellRange {
  int row0 = 0, rows = 0, col0 = 0, cols = 0;
};

/// One matrix taking part in a step, with the cells the step reads (operand) or writes (result).
struct Operand {
  MatrixId matrix = MatrixId::Xq;
  int head = -1;        ///< head index for per-head matrices, -1 otherwise
  std::string label;    ///< LaTeX symbol, e.g. "Q_{2}", "W_Q", "K_{2}^{\\top}"
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
  std::string formula;          ///< LaTeX in symbols
  std::string formula_numbers;  ///< LaTeX with this step's numbers substituted (4 decimals)
  std::string sentence;         ///< one plain sentence saying what happens, naming the tokens
  bool flagged = false;         ///< the step touches a fully masked query (see attention.h)
};

/// The whole sequence for a computed trace, in the order documented above.
std::vector<Step> build_steps(const Scenario& s, const Trace& t, Granularity g);

/// Index of the step with this stage, head and query (query ignored for whole-matrix steps);
/// -1 when there is none (e.g. Mask in an unmasked scenario).
int find_step(const std::vector<Step>& steps, Stage stage, int head, int query);

/// `x` rounded to `digits` decimals, exactly as JavaScript's Number.prototype.toFixed does
/// (ties away from zero on the exact binary value), so core-made formulas and the page's matrices
/// agree to the last digit shown. "-0.0000" is printed as "0.0000"; -inf as "-\\infty".
std::string format_fixed(double x, int digits);

}  // namespace attn
