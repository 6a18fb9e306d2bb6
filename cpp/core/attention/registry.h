// The registry of matrices: every matrix a trace holds, once, with everything the project needs
// to name it. The step operands, the cell edits (inputs.cpp), the bindings (the module's
// `matrix(run, id, head)` and the eager trace value) and the page (web/src/wasm/registry.ts,
// generated from this table by tools/make/gen-registry.mjs) all read this table.
//
// Ids 0..23 are the numbers matrices have always had (they cross to JavaScript and live in
// links): only append, never renumber.
#pragma once

#include <vector>

#include "attention/attention.h"
#include "scenario/file_matrices.h"

namespace attn {

/// Names a matrix of the trace. Per-head ids (Q..HeadOutput) are qualified by a head index.
enum class MatrixId : int {
  Xq = 0,           ///< (m, d_model)
  Xkv = 1,          ///< (n, d_model)
  Wq = 2,           ///< (d_model, h*d_k) whole; a step reads the head's column block
  Wk = 3,           ///< (d_model, h*d_k)
  Wv = 4,           ///< (d_model, h*d_v)
  Q = 5,            ///< per head (m, d_k)
  K = 6,            ///< per head (n, d_k)
  V = 7,            ///< per head (n, d_v)
  Scores = 8,       ///< per head (m, n)
  Scaled = 9,       ///< per head (m, n)
  Masked = 10,      ///< per head (m, n)
  Weights = 11,     ///< per head (m, n)
  HeadOutput = 12,  ///< per head (m, d_v)
  Concat = 13,      ///< (m, h*d_v)
  Wo = 14,          ///< (h*d_v, d_model)
  Output = 15,      ///< (m, d_model), or (m, h*d_v) without W_O
  // Scoring parameters, present only with their score kind; a step reads the head's block.
  WBilinear = 16,   ///< W_a (d_k, h*d_k), General
  WAdditiveQ = 17,  ///< W_1 (d_k, h*d_a), Additive
  WAdditiveK = 18,  ///< W_2 (d_k, h*d_a), Additive
  VAdditive = 19,   ///< v_a (h, d_a), Additive; head i's is row i
  // Biases, present only when the scenario has them; a projection step reads the head's block.
  BQ = 20,  ///< b_Q (1, h*d_k)
  BK = 21,  ///< b_K (1, h*d_k)
  BV = 22,  ///< b_V (1, h*d_v)
  BO = 23,  ///< b_O (1, d_model)
  // The inputs before X and the whole projections, which no step shows.
  EmbeddingsQ = 24,   ///< (m, d_model) token embeddings
  EmbeddingsKv = 25,  ///< (n, d_model)
  PositionalQ = 26,   ///< (m, d_model) positional encoding (zeros when off or X given)
  PositionalKv = 27,  ///< (n, d_model)
  QAll = 28,          ///< (m, h*d_k) every head's Q side by side
  KAll = 29,          ///< (n, h*d_k)
  VAll = 30,          ///< (n, h*d_v)
  Mask = 31,          ///< (m, n) 1 = visible, 0 = masked
  // A head's modern-attention matrices, present only when the scenario asks for them.
  QRotated = 32,  ///< per head (m, d_k) q after RoPE
  KRotated = 33,  ///< per head (n, d_k) k after RoPE
  Bias = 34,      ///< per head (m, n) ALiBi's bias, added to the scaled scores
  Lse = 35,       ///< per head (m, 1) log-sum-exp of each query's visible scores (-inf: none)
  Biased = 36,    ///< per head (m, n) scaled + ALiBi's bias, what the mask reads; alibi only
};

struct MatrixInfo {
  MatrixId id;
  const char* name;         ///< the id's name, as the page's MatrixId spells it ("Wq")
  const char* trace_field;  ///< its field in the trace value ("wQ"; a head's "q")
  const char* file_field;   ///< the scenario file's field ("w_q"); "" when the file has none.
                            ///< A row with one takes its shape rule and score kind from the
                            ///< file's table (scenario/file_matrices.h)
  const char* tex;          ///< LaTeX symbol of the whole matrix ("W_Q"; a head's "Q", whose
                            ///< steps add the head: "Q_{2}")
  const char* row_tex;      ///< a query's row of a per-head matrix ("q": "q_{4}"); "" for none
  bool per_head;            ///< one per head (HeadTrace), else one per trace
  bool editable;            ///< a cell edit may change it (edits name it by file_field)
  bool optional;            ///< only some traces have it (get may return nullptr)
  const char* score;        ///< the score kind whose parameter it is ("general"); "" for none
  Dim rows, cols;           ///< shape rule (Dim: scenario/file_matrices.h): Out is d_model with
                            ///< W_O, h*d_v without
  /// Its public names: the trace JSON's field ("x_q", "q", "scores"; docs/scenario.md), and the
  /// CSV export's label and file name ("S\u0303_{h} scaled", "S_scaled_{h}": {h} is the 1-based
  /// head). "" for a matrix that export leaves out.
  const char* json_field;
  const char* csv_label;
  const char* csv_file;
  /// The matrix in a trace, or nullptr when this trace has none (W_O, a scoring parameter or a
  /// bias the scenario lacks). `head` is read for per-head matrices only.
  const Matrix* (*get)(const Trace& t, int head);
  /// For an editable matrix, the one a cell edit writes in resolved inputs, or nullptr when they
  /// have none (no W_O; a scoring parameter of another score kind). An absent bias is made a
  /// row of zeros first (an edit makes it present). nullptr for the others.
  Matrix* (*input)(Inputs& in) = nullptr;
};

/// Every matrix, in the order of the trace value (the trace's fields, then a head's).
const std::vector<MatrixInfo>& matrix_registry();
/// The row of `id`; nullptr for a number that names no matrix.
const MatrixInfo* matrix_info(int id);

/// The matrix of the trace that `id` names: per-head ids take `head` (checked), the others ignore
/// it. Throws std::out_of_range when the trace has none (see MatrixInfo::get).
const Matrix& trace_matrix(const Trace& t, MatrixId id, int head);

}  // namespace attn
