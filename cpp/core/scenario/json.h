// A small, strict JSON reader (RFC 8259) for scenario files. No exceptions, standard library only.
//
// Strict means: no comments, no trailing commas, no NaN or Infinity, no leading zeros or '+' in
// numbers, no raw control characters inside strings, nothing but whitespace after the top-level
// value, and strings must be valid UTF-8 with no lone surrogate, whether written as bytes
// (ED A0 80) or as an escape (\uD800). A leading UTF-8 byte-order mark is skipped.
// Escapes, including \uXXXX and surrogate pairs, are decoded to UTF-8.
//
// Numbers: the grammar is checked here, then the digits are converted by json_number (exact, as
// a correct strtod; json_number.h), which reads '.' whatever the C locale: no strtod is called.
// A number too large for a double (1e400) is valid JSON: it is read as
// ±infinity with its digits kept, so that the reader of the value can name it and its limit.
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
  bool boolean = false;  ///< Kind::Bool
  /// Kind::Number: finite, or ±infinity when the literal is beyond a double (1e400).
  double number = 0.0;
  /// Kind::String: decoded UTF-8. Kind::Number: the literal as written, only when not finite.
  std::string string;
  std::vector<JsonValue> array;  ///< Kind::Array, elements in order
  /// Kind::Object: members in file order; duplicate keys are kept so callers can report them.
  std::vector<std::pair<std::string, JsonValue>> object;
};

struct JsonLimits {
  // A 1024-wide layer with W_Q, W_K, W_V, W_O and biases is 4.2 M numbers, ~90 MB at full
  // precision (~21 bytes a number); a 768-wide one (BERT-base, GPT-2 small) 2.4 M, ~51 MB.
  static constexpr std::size_t kMaxMegabytes = 128;
  static constexpr std::size_t kMaxBytes = kMaxMegabytes * 1024 * 1024;  ///< input size
  static constexpr int kMaxDepth = 64;                ///< nested arrays / objects
  static constexpr std::size_t kMaxValues = 5000000;  ///< values of any kind, in total
};

/// Where and why parsing failed. `line` and `column` are 1-based (column counts characters, i.e.
/// UTF-8 code points); both are 0 when the error has no position (input too large).
struct JsonError {
  int line = 0;
  int column = 0;
  std::string message;  ///< e.g. "expected ',' or '}' after an object member, got ']'"
  /// True when the text is not UTF-8 or holds a lone surrogate, rather than breaking the grammar.
  /// `message` then says what ("is not valid UTF-8 (byte 0xFF)"), and the fields below where.
  bool encoding = false;
  /// Where, from the top: "query_tokens[1]", "edits[0].matrix"; "" for the top-level value.
  /// Names that are not plain words are quoted: ["\u001B"].
  std::string path;
  bool in_name = false;  ///< in a member name of the object at `path`, not in a value
  std::string member;    ///< the top-level member it is in, as written ("" when none)
};

/// Bytes of a UTF-8 byte-order mark at the start of `text` (3, or 0 without one): the reader
/// skips it.
std::size_t byte_order_mark(const std::string& text);

/// A member of the top-level object and where its value lies in the text: bytes [begin, end).
struct JsonSpan {
  std::string name;
  std::size_t begin = 0;
  std::size_t end = 0;
};

/// Parses one JSON document; with `spans`, also where each top-level member's value is.
std::variant<JsonValue, JsonError> parse_json(const std::string& text,
                                              std::vector<JsonSpan>* spans = nullptr);

}  // namespace attn
