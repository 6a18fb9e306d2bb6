// Private to the core: reading one typed value of a scenario file (scenario_json_values.cpp), for
// the field-by-field reader in scenario_json.cpp. Each reader checks the JSON type and shape only
// (limits are validate()'s job) and returns an error naming `field` and the exact place
// (`path`, e.g. "padded_keys[2]", "w_q[1][0]", "edits[3].row") with what was found.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "matrix.h"
#include "scenario/json.h"
#include "scenario/scenario.h"

namespace attn {
namespace json_values {

using Error = std::optional<ValidationError>;

/// What a JSON value is, for "got ..." in messages: "eight" (quoted as quote.h does), 8.5,
/// 1e400 (a number beyond a double, as written), true, null, an array.
std::string describe(const JsonValue& v);
/// "<path> must be <expected>, got <what v is>", for `field`.
ValidationError wrong(const std::string& field, const std::string& path,
                      const std::string& expected, const JsonValue& got);

/// A whole number that fits an int; one that does not is out of range, and the message says
/// `limit` ("between 1 and 1024"), as validate() would for a smaller value.
Error read_int(const std::string& field, const std::string& path, const JsonValue& v, int* out,
               const std::string& limit);
/// A whole number between 0 and Limits::kMaxSeed.
Error read_seed(const JsonValue& v, std::uint64_t* out);
/// An array of strings.
Error read_tokens(const std::string& field, const JsonValue& v, std::vector<std::string>* out);
/// An array of whole numbers.
Error read_padded_keys(const JsonValue& v, std::vector<int>* out);
/// An array of equal-length rows of numbers -> a (rows, cols) matrix; an entry beyond a double
/// (1e400) is refused here, naming it and the limit of every entry.
Error read_optional_matrix(const std::string& field, const JsonValue& v,
                           std::optional<Matrix>* out);
/// An array of numbers -> a (1, length) row (a bias); an entry beyond a double (1e400) is refused
/// here, naming it ("b_q[2]") and the limit of every entry.
Error read_bias(const std::string& field, const JsonValue& v, std::optional<Matrix>* out);
/// A string (title, source); its length is validate()'s to check.
Error read_text(const std::string& field, const JsonValue& v, std::optional<std::string>* out);
/// "dot" | "scaled_dot" | "general" | "additive".
Error read_score(const JsonValue& v, ScoreKind* out);
/// An array of {"matrix": string, "row": whole, "col": whole, "value": number} objects, each key
/// exactly once.
Error read_edits(const JsonValue& v, std::vector<CellEdit>* out);

}  // namespace json_values
}  // namespace attn
