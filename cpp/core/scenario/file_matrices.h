// The matrices of the scenario file, once: its field ("w_q"), where it lives in the Scenario, its
// shape rule, and when a scenario has it. The JSON reader (scenario_json.cpp), validate()
// (scenario.cpp) and the cell edits' check (scenario_edits.cpp) loop over this table; the
// registry of a trace's matrices (attention/registry.*) takes its file rows from it.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "kernels/variants.h"
#include "matrix.h"
#include "scenario/scenario.h"

namespace attn {

/// A size of the scenario, for a matrix's shape rule.
/// KvDK, KvDV: kv_heads·d_k and kv_heads·d_v, the widths of K and V (h·d_k without grouped-query
/// attention).
enum class Dim : int { One, M, N, DModel, Heads, DK, DV, DA, HDK, HDV, HDA, Out, KvDK, KvDV };

/// The size `d` stands for in scenario `s` (Out: d_model with an output projection).
int dim_size(Dim d, const Scenario& s, bool has_wo);
/// The words messages use for `d` ("heads·d_k"; M and N: "query tokens", "key tokens").
const char* dim_words(Dim d);

/// How the file writes the matrix and which check of validate() reads it.
enum class FileGroup {
  Matrix,  ///< an array of rows (the inputs and projections)
  Bias,    ///< an array of numbers, a (1, length) row; absent means zeros, never generated
  Score,   ///< a scoring function's parameter: only with its score kind
};

/// When a scenario has the matrix (may be given, may be edited).
enum class Presence {
  Always,
  CrossAttention,    ///< not in self-attention, where x_q is used for the keys and values
  OutputProjection,  ///< not with `w_o: null`; the file's null is read as "no W_O"
  ScoreKind,         ///< only with FileMatrix::score
};

struct FileMatrix {
  const char* field;                       ///< the scenario file's field ("w_q")
  std::optional<Matrix> Scenario::*given;  ///< where the reader puts it
  FileGroup group;
  Presence presence;
  ScoreKind score;  ///< with Presence::ScoreKind, the kind that uses it
  Dim rows, cols;   ///< shape rule (a bias: One × its length)
  /// Without its Presence: the end of a given one's message ("x_kv is given but ...") and of an
  /// edit's (", but ..."). Empty for ScoreKind, whose words name the kinds.
  const char* absent_given;
  const char* absent_edit;
};

/// Every matrix of the file, in the order the edits' message lists them.
const std::vector<FileMatrix>& file_matrices();
/// The row of `field`; nullptr when the file has no such matrix.
const FileMatrix* file_matrix(const std::string& field);
/// Whether scenario `s` has the matrix (Presence), whether given or not.
bool file_matrix_present(const FileMatrix& f, const Scenario& s);
/// Its shape in `s`: (rows, cols).
std::pair<int, int> file_matrix_shape(const FileMatrix& f, const Scenario& s);
/// "d_model × heads·d_k"; a bias's "heads·d_k" (its length); K's and V's "kv_heads·d_k" when
/// `s` sets kv_heads.
std::string file_matrix_shape_words(const FileMatrix& f, const Scenario& s);

}  // namespace attn
