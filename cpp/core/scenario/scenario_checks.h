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
/// "<path> is <value>; it must be <limit>", for `field`: the one pattern of a value out of range.
/// `value` is as written (quote.h has the escaping of user text).
ValidationError out_of_range(const std::string& field, const std::string& path,
                             const std::string& value, const std::string& limit);
/// "between <lo> and <hi>".
std::string between(long long lo, long long hi);
/// The range of a size field as messages state it: d_model "between 1 and 1024", heads
/// "between 1 and 16", d_k and d_v "between 0 and 512 (0 means d_model / heads)", d_a
/// "between 0 and 512 (0 means d_k)".
std::string size_limit(const std::string& field);
/// "between 1 and 512": the range of `window` (a query sees at most every key).
std::string window_limit();
/// A size field (d_model, heads, d_k, d_v, d_a) within size_limit(field), or why not.
Error check_size(const std::string& field, long long value);
/// "<path> is <value>; it must be a finite number between -1000000 and 1000000": an explicit
/// matrix entry or an edited value beyond Limits::kMaxAbsValue (or beyond a double: 1e400).
ValidationError entry_error(const std::string& field, const std::string& path,
                            const std::string& value);
/// An explicit matrix: exactly (rows, cols) (`shape_words` says what those are, e.g.
/// "d_model × heads·d_k"), then every entry finite and within ±Limits::kMaxAbsValue.
Error check_matrix(const std::string& field, const Matrix& x, Eigen::Index rows, Eigen::Index cols,
                   const std::string& shape_words);
/// A bias: a (1, length) row of exactly `length` numbers ("b_q has 3 numbers; it must have 4
/// (heads·d_k)"; `length_words` says what the length is), every entry finite and within
/// ±Limits::kMaxAbsValue, named as the file writes it ("b_q[1]").
Error check_bias(const std::string& field, const Matrix& b, Eigen::Index length,
                 const std::string& length_words);
/// Scenario::edits: at most Limits::kMaxEdits; each names a matrix the scenario has, a cell
/// inside it, and a finite value within ±Limits::kMaxAbsValue. Errors have field "edits".
Error check_edits(const Scenario& s);

}  // namespace checks
}  // namespace attn
