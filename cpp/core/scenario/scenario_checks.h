// Private to the core: the pieces validate() (scenario.cpp) is built from. The shared helpers and
// the matrix check are in scenario_checks.cpp, the checks of the cell edits in scenario_edits.cpp.
// Messages follow one pattern: "<field> is <value>; it must be <limit>".
#pragma once

#include <optional>
#include <string>

#include "matrix.h"
#include "scenario/scenario.h"

namespace attn {
namespace checks {

using Error = std::optional<ValidationError>;

Error fail(const std::string& field, const std::string& message);
/// A number for a message: integral values as integers ("1000000", not "1e+06"), others with the
/// fewest significant digits that read back as the same double; "NaN", "infinity", "-infinity".
std::string number(double x);
/// A shape for a message: "3×4".
std::string shape(Eigen::Index rows, Eigen::Index cols);
/// The score kind as the scenario file writes it: "dot", "scaled_dot", "general", "additive".
std::string score_name(ScoreKind kind);
/// "<field> is <value>; it must be between <lo> and <hi>", or nothing when lo <= value <= hi.
Error check_range(const std::string& field, long long value, long long lo, long long hi);
/// An explicit matrix: exactly (rows, cols) (`shape_words` says what those are, e.g.
/// "d_model × heads·d_k"), then every entry finite and within ±Limits::kMaxAbsValue.
Error check_matrix(const std::string& field, const Matrix& x, Eigen::Index rows, Eigen::Index cols,
                   const std::string& shape_words);
/// Scenario::edits: at most Limits::kMaxEdits; each names a matrix the scenario has, a cell
/// inside it, and a finite value within ±Limits::kMaxAbsValue. Errors have field "edits".
Error check_edits(const Scenario& s);

}  // namespace checks
}  // namespace attn
