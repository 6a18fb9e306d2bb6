// Reading a scenario file: JSON (json.h) -> Scenario, checking the type and shape of every field.
// Limits (sizes, counts, matching shapes) are left to validate() in scenario.cpp.
#include "scenario_json.h"

#include <cctype>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>

#include "json.h"

namespace attn {
namespace {

using Kind = JsonValue::Kind;
using Error = std::optional<ValidationError>;

const char* const kFields[] = {
    "query_tokens", "key_tokens",          "d_model", "heads", "d_k", "d_v", "seed", "mask",
    "padded_keys",  "positional_encoding", "x_q",     "x_kv",  "w_q", "w_k", "w_v",  "w_o"};

// A string as it would appear in JSON, shortened to about 40 bytes: "eight", "a\"b".
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

// The shortest of %.15g / %.17g that reads back as `x`: 8, 8.5, 0.1, 1e+12.
std::string number_text(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.15g", x);
  if (std::strtod(buf, nullptr) != x) std::snprintf(buf, sizeof buf, "%.17g", x);
  return buf;
}

// What a JSON value is, for "got ..." in messages: "eight" (quoted), 8.5, true, null, an array.
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

bool is_whole(const JsonValue& v) {
  return v.kind == Kind::Number && std::floor(v.number) == v.number;
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

Error read_optional_matrix(const std::string& field, const JsonValue& v,
                           std::optional<Matrix>* out) {
  Matrix m;
  if (Error e = read_matrix(field, v, &m)) return e;
  *out = std::move(m);
  return std::nullopt;
}

// One known field into `s`.
Error read_field(const std::string& name, const JsonValue& v, Scenario* s) {
  if (name == "query_tokens") return read_tokens(name, v, &s->query_tokens);
  if (name == "key_tokens") {
    if (Error e = read_tokens(name, v, &s->key_tokens)) return e;
    if (s->key_tokens.empty()) {
      return ValidationError{name, "key_tokens is empty; omit it for self-attention"};
    }
    return std::nullopt;
  }
  if (name == "d_model") return read_int(name, name, v, &s->d_model);
  if (name == "heads") return read_int(name, name, v, &s->heads);
  if (name == "d_k") return read_int(name, name, v, &s->d_k);  // 0 = d_model / heads
  if (name == "d_v") return read_int(name, name, v, &s->d_v);
  if (name == "seed") return read_seed(v, &s->seed);
  if (name == "mask") {
    if (v.kind == Kind::String && v.string == "none") {
      s->mask = MaskKind::None;
    } else if (v.kind == Kind::String && v.string == "causal") {
      s->mask = MaskKind::Causal;
    } else {
      return wrong(name, name, "\"none\" or \"causal\"", v);
    }
    return std::nullopt;
  }
  if (name == "padded_keys") return read_padded_keys(v, &s->padded_keys);
  if (name == "positional_encoding") {
    if (v.kind != Kind::Bool) return wrong(name, name, "true or false", v);
    s->positional_encoding = v.boolean;
    return std::nullopt;
  }
  if (name == "x_q") return read_optional_matrix(name, v, &s->x_q);
  if (name == "x_kv") return read_optional_matrix(name, v, &s->x_kv);
  if (name == "w_q") return read_optional_matrix(name, v, &s->w_q);
  if (name == "w_k") return read_optional_matrix(name, v, &s->w_k);
  if (name == "w_v") return read_optional_matrix(name, v, &s->w_v);
  // w_o: null means no output projection; a matrix is used as given.
  if (v.kind == Kind::Null) {
    s->w_o_mode = OutputProjection::None;
    return std::nullopt;
  }
  if (v.kind != Kind::Array) {
    return wrong(name, name, "a matrix (an array of rows of numbers) or null", v);
  }
  s->w_o_mode = OutputProjection::Given;
  return read_optional_matrix(name, v, &s->w_o);
}

// "dmodel" and "D_Model" both become "dmodel", to suggest the field that was probably meant.
std::string loose(const std::string& name) {
  std::string out;
  for (const char c : name) {
    if (c != '_' && c != '-' && c != ' ') {
      out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
  }
  return out;
}

ValidationError unknown_field(const std::string& name) {
  std::string message = "unknown field " + quoted(name);
  for (const char* known : kFields) {
    if (loose(name) == loose(known)) return {name, message + " (did you mean \"" + known + "\"?)"};
  }
  return {name, message};
}

}  // namespace

std::variant<Scenario, ValidationError> parse_scenario_json(const std::string& text) {
  auto parsed = parse_json(text);
  if (const JsonError* e = std::get_if<JsonError>(&parsed)) {
    if (e->line == 0) return ValidationError{"", "invalid JSON: " + e->message};
    return ValidationError{"", "invalid JSON at line " + std::to_string(e->line) + ", column " +
                                   std::to_string(e->column) + ": " + e->message};
  }
  const JsonValue& root = std::get<JsonValue>(parsed);
  if (root.kind != Kind::Object) {
    return ValidationError{"", "a scenario must be a JSON object { ... }, got " + describe(root)};
  }
  Scenario s;
  std::vector<std::string> seen;
  for (const auto& [name, value] : root.object) {
    bool known = false;
    for (const char* field : kFields) known = known || name == field;
    if (!known) return unknown_field(name);
    for (const std::string& earlier : seen) {
      if (earlier == name) return ValidationError{name, "duplicate field \"" + name + "\""};
    }
    seen.push_back(name);
    if (Error e = read_field(name, value, &s)) return *e;
  }
  bool has_queries = false;
  for (const std::string& name : seen) has_queries = has_queries || name == "query_tokens";
  if (!has_queries) {
    return ValidationError{"query_tokens", "query_tokens is required (an array of strings)"};
  }
  return s;
}

}  // namespace attn
