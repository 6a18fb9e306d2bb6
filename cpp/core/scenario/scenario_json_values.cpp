// Reading one typed value of a scenario file (scenario_json_values.h): the type and shape checks
// of every field, with messages that name the exact place of the problem.
#include "scenario/scenario_json_values.h"

#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <utility>

namespace attn {
namespace json_values {
namespace {

using Kind = JsonValue::Kind;

// The shortest of %.15g / %.17g that reads back as `x`: 8, 8.5, 0.1, 1e+12.
std::string number_text(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.15g", x);
  if (std::strtod(buf, nullptr) != x) std::snprintf(buf, sizeof buf, "%.17g", x);
  return buf;
}

bool is_whole(const JsonValue& v) {
  return v.kind == Kind::Number && std::floor(v.number) == v.number;
}

// An array of equal-length rows of numbers -> a (rows, cols) matrix. The JSON reader's value limit
// bounds rows * cols, so the allocation here is bounded too.
Error read_matrix(const std::string& field, const JsonValue& v, Matrix* out) {
  if (v.kind != Kind::Array) {
    return wrong(field, field, "a matrix (an array of rows of numbers)", v);
  }
  const std::size_t rows = v.array.size();
  const std::size_t cols = rows > 0 ? v.array[0].array.size() : 0;
  for (std::size_t r = 0; r < rows; ++r) {
    const JsonValue& row = v.array[r];
    const std::string path = field + "[" + std::to_string(r) + "]";
    if (row.kind != Kind::Array) return wrong(field, path, "a row (an array of numbers)", row);
    if (row.array.size() != cols) {
      return ValidationError{
          field, path + " has " + std::to_string(row.array.size()) + " numbers but " + field +
                     "[0] has " + std::to_string(cols) + "; every row must have the same length"};
    }
    for (std::size_t c = 0; c < cols; ++c) {
      const JsonValue& x = row.array[c];
      if (x.kind != Kind::Number) {
        return wrong(field, path + "[" + std::to_string(c) + "]", "a number", x);
      }
    }
  }
  out->resize(static_cast<Eigen::Index>(rows), static_cast<Eigen::Index>(cols));
  for (std::size_t r = 0; r < rows; ++r) {
    for (std::size_t c = 0; c < cols; ++c) {
      (*out)(static_cast<Eigen::Index>(r), static_cast<Eigen::Index>(c)) =
          v.array[r].array[c].number;
    }
  }
  return std::nullopt;
}

}  // namespace

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (std::size_t i = 0; i < s.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (out.size() >= 40 && (c & 0xC0) != 0x80) return out + "...\"";  // cut between characters
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04X", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

std::string describe(const JsonValue& v) {
  if (v.kind == Kind::Bool) return v.boolean ? "true" : "false";
  if (v.kind == Kind::Number) return number_text(v.number);
  if (v.kind == Kind::String) return quoted(v.string);
  if (v.kind == Kind::Array) return "an array";
  return v.kind == Kind::Object ? "an object" : "null";
}

ValidationError wrong(const std::string& field, const std::string& path,
                      const std::string& expected, const JsonValue& got) {
  return {field, path + " must be " + expected + ", got " + describe(got)};
}

// A whole number that fits an int; `path` is the field or element ("padded_keys[2]").
Error read_int(const std::string& field, const std::string& path, const JsonValue& v, int* out) {
  if (!is_whole(v)) return wrong(field, path, "a whole number", v);
  if (v.number < INT_MIN || v.number > INT_MAX) {
    return ValidationError{field, path + " is " + describe(v) + ", which is far out of range"};
  }
  *out = static_cast<int>(v.number);
  return std::nullopt;
}

Error read_seed(const JsonValue& v, std::uint64_t* out) {
  const double max = static_cast<double>(Limits::kMaxSeed);
  if (!is_whole(v) || v.number < 0 || v.number > max) {
    return wrong("seed", "seed", "a whole number between 0 and " + number_text(max), v);
  }
  *out = static_cast<std::uint64_t>(v.number);
  return std::nullopt;
}

Error read_tokens(const std::string& field, const JsonValue& v, std::vector<std::string>* out) {
  if (v.kind != Kind::Array) return wrong(field, field, "an array of strings", v);
  for (std::size_t i = 0; i < v.array.size(); ++i) {
    const JsonValue& token = v.array[i];
    const std::string path = field + "[" + std::to_string(i) + "]";
    if (token.kind != Kind::String) return wrong(field, path, "a string", token);
    out->push_back(token.string);
  }
  return std::nullopt;
}

Error read_padded_keys(const JsonValue& v, std::vector<int>* out) {
  const std::string field = "padded_keys";
  if (v.kind != Kind::Array) return wrong(field, field, "an array of key indices", v);
  for (std::size_t i = 0; i < v.array.size(); ++i) {
    int index = 0;
    if (Error e = read_int(field, field + "[" + std::to_string(i) + "]", v.array[i], &index)) {
      return e;
    }
    out->push_back(index);
  }
  return std::nullopt;
}

Error read_optional_matrix(const std::string& field, const JsonValue& v,
                           std::optional<Matrix>* out) {
  Matrix m;
  if (Error e = read_matrix(field, v, &m)) return e;
  *out = std::move(m);
  return std::nullopt;
}

Error read_score(const JsonValue& v, ScoreKind* out) {
  static const std::pair<const char*, ScoreKind> kNames[] = {{"dot", ScoreKind::Dot},
                                                             {"scaled_dot", ScoreKind::ScaledDot},
                                                             {"general", ScoreKind::General},
                                                             {"additive", ScoreKind::Additive}};
  for (const auto& [name, kind] : kNames) {
    if (v.kind == Kind::String && v.string == name) {
      *out = kind;
      return std::nullopt;
    }
  }
  return wrong("score", "score", "\"dot\", \"scaled_dot\", \"general\" or \"additive\"", v);
}

// One edit {"matrix", "row", "col", "value"}; `path` is "edits[3]". Every key must appear once.
Error read_edit(const JsonValue& v, const std::string& path, CellEdit* out) {
  const std::string field = "edits";
  if (v.kind != Kind::Object) {
    return wrong(field, path, "an object {\"matrix\", \"row\", \"col\", \"value\"}", v);
  }
  const char* const keys[] = {"matrix", "row", "col", "value"};  // k = 0, 1, 2, 3 below
  bool seen[4] = {false, false, false, false};
  for (const auto& [key, value] : v.object) {
    int k = 0;
    while (k < 4 && key != keys[k]) ++k;
    const std::string where = path + "." + key;
    if (k == 4) {
      return ValidationError{field, path + " has an unknown field " + quoted(key) +
                                        "; an edit has \"matrix\", \"row\", \"col\" and "
                                        "\"value\""};
    }
    if (seen[k]) return ValidationError{field, "duplicate field \"" + where + "\""};
    seen[k] = true;
    if (k == 0) {
      if (value.kind != Kind::String) return wrong(field, where, "a matrix name (a string)", value);
      out->matrix = value.string;
    } else if (k == 3) {
      if (value.kind != Kind::Number) return wrong(field, where, "a number", value);
      out->value = value.number;
    } else if (Error e = read_int(field, where, value, k == 1 ? &out->row : &out->col)) {
      return e;
    }
  }
  for (int k = 0; k < 4; ++k) {
    if (!seen[k]) {
      return ValidationError{field, path + "." + keys[k] + " is required (" +
                                        (k == 0   ? "a matrix name"
                                         : k == 3 ? "a number"
                                                  : "a whole number") +
                                        ")"};
    }
  }
  return std::nullopt;
}

Error read_edits(const JsonValue& v, std::vector<CellEdit>* out) {
  if (v.kind != Kind::Array) return wrong("edits", "edits", "an array of edits", v);
  for (std::size_t i = 0; i < v.array.size(); ++i) {
    CellEdit edit;
    if (Error e = read_edit(v.array[i], "edits[" + std::to_string(i) + "]", &edit)) return e;
    out->push_back(std::move(edit));
  }
  return std::nullopt;
}

}  // namespace json_values
}  // namespace attn
