// A small, strict JSON reader (RFC 8259) for scenario files. No exceptions, standard library only.
//
// Strict means: no comments, no trailing commas, no NaN or Infinity, no leading zeros or '+' in
// numbers, no raw control characters inside strings, nothing but whitespace after the top-level
// value, and strings must be valid UTF-8. A leading UTF-8 byte-order mark is skipped.
// Escapes, including \uXXXX and surrogate pairs, are decoded to UTF-8.
//
// Numbers: the grammar is checked here, then the digits are converted by std::strtod. strtod reads
// the decimal point of the current C locale; the core never calls setlocale, so that is '.'. Should
// a host program change LC_NUMERIC, conversion would stop early and the number is reported as an
// error, never misread. Numbers too large for a double (1e400) are errors.
//
// Memory stays bounded: JsonLimits caps the input size, the nesting depth and the number of values.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace attn {

struct JsonValue {
  enum class Kind { Null, Bool, Number, String, Array, Object };
  Kind kind = Kind::Null;
  bool boolean = false;          ///< Kind::Bool
  double number = 0.0;           ///< Kind::Number (always finite)
  std::string string;            ///< Kind::String, decoded UTF-8
  std::vector<JsonValue> array;  ///< Kind::Array, elements in order
  /// Kind::Object: members in file order; duplicate keys are kept so callers can report them.
  std::vector<std::pair<std::string, JsonValue>> object;
};

struct JsonLimits {
  static constexpr std::size_t kMaxBytes = 4 * 1024 * 1024;  ///< input size
  static constexpr int kMaxDepth = 64;                       ///< nested arrays / objects
  static constexpr std::size_t kMaxValues = 1000000;         ///< values of any kind, in total
};

/// Where and why parsing failed. `line` and `column` are 1-based (column counts characters, i.e.
/// UTF-8 code points); both are 0 when the error has no position (input too large).
struct JsonError {
  int line = 0;
  int column = 0;
  std::string message;  ///< e.g. "expected ',' or '}' after an object member, got ']'"
};

/// Parses one JSON document.
std::variant<JsonValue, JsonError> parse_json(const std::string& text);

}  // namespace attn
