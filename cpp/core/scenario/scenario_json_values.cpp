// Reading one typed value of a scenario file (scenario_json_values.h): the type and shape checks
// of every field, with messages that name the exact place of the problem.
#include "scenario/scenario_json_values.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <utility>

#include "scenario/json_number.h"
#include "scenario/quote.h"
#include "scenario/scenario_checks.h"

namespace attn {
namespace json_values {
namespace {

using Kind = JsonValue::Kind;

// The shortest of %.15g / %.17g that reads back as `x`: 8, 8.5, 0.1, 1e+12.
std::string number_text(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.15g", x);
  if (!reads_back_as(buf, x)) std::snprintf(buf, sizeof buf, "%.17g", x);
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
      const std::string entry = path + "[" + std::to_string(c) + "]";
      if (x.kind != Kind::Number) return wrong(field, entry, "a number", x);
      if (!std::isfinite(x.number)) return checks::entry_error(field, entry, describe(x));
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

std::string describe(const JsonValue& v) {
  if (v.kind == Kind::Bool) return v.boolean ? "true" : "false";
  if (v.kind == Kind::Number) {
    return std::isfinite(v.number) ? number_text(v.number) : escape_text(v.string);
  }
  if (v.kind == Kind::String) return quote(v.string);
  if (v.kind == Kind::Array) return "an array";
  return v.kind == Kind::Object ? "an object" : "null";
}

ValidationError wrong(const std::string& field, const std::string& path,
                      const std::string& expected, const JsonValue& got) {
  return {field, path + " must be " + expected + ", got " + describe(got)};
}

// A whole number that fits an int; `path` is the field or element ("padded_keys[2]").
Error read_int(const std::string& field, const std::string& path, const JsonValue& v, int* out,
               const std::string& limit) {
  if (!is_whole(v)) return wrong(field, path, "a whole number", v);
  if (v.number < INT_MIN || v.number > INT_MAX) {
    return checks::out_of_range(field, path, describe(v), limit);
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
  // The key count n is not known yet; a value beyond an int is beyond any n.
  const std::string limit =
      "a key index between 0 and n - 1, at most " + std::to_string(Limits::kMaxTokens - 1);
  for (std::size_t i = 0; i < v.array.size(); ++i) {
    int index = 0;
    const std::string path = field + "[" + std::to_string(i) + "]";
    if (Error e = read_int(field, path, v.array[i], &index, limit)) return e;
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

Error read_bias(const std::string& field, const JsonValue& v, std::optional<Matrix>* out) {
  if (v.kind != Kind::Array) {
    return wrong(field, field, "a vector (an array of numbers, not of rows)", v);
  }
  Matrix b(1, static_cast<Eigen::Index>(v.array.size()));
  for (std::size_t c = 0; c < v.array.size(); ++c) {
    const JsonValue& x = v.array[c];
    const std::string entry = field + "[" + std::to_string(c) + "]";
    if (x.kind != Kind::Number) return wrong(field, entry, "a number", x);
    if (!std::isfinite(x.number)) return checks::entry_error(field, entry, describe(x));
    b(0, static_cast<Eigen::Index>(c)) = x.number;
  }
  *out = std::move(b);
  return std::nullopt;
}

Error read_text(const std::string& field, const JsonValue& v, std::optional<std::string>* out) {
  if (v.kind != Kind::String) return wrong(field, field, "a string", v);
  *out = v.string;
  return std::nullopt;
}

Error read_score(const JsonValue& v, ScoreKind* out) {
  const ScoreVariant* kind = v.kind == Kind::String ? score_named(v.string) : nullptr;
  if (!kind) return wrong("score", "score", score_names(), v);
  *out = kind->kind;
  return std::nullopt;
}

// The limit of an edit's row or column before the matrix's shape is known: no matrix has more
// than this many rows or columns (the largest limit of scenario.h).
std::string index_limit(const std::string& what) {
  const int most = std::max({Limits::kMaxDModel, Limits::kMaxProjectionWidth, Limits::kMaxTokens,
                             Limits::kMaxHeads, Limits::kMaxHeadDim});
  return "between 0 and the matrix's " + what + " - 1, at most " + std::to_string(most - 1);
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
      const std::string which =
          key.empty() ? "an empty field name" : "an unknown field " + quote(key);
      return ValidationError{field, path + " has " + which +
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
      if (!std::isfinite(value.number)) return checks::entry_error(field, where, describe(value));
      out->value = value.number;
    } else if (Error e = read_int(field, where, value, k == 1 ? &out->row : &out->col,
                                  index_limit(k == 1 ? "rows" : "columns"))) {
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
