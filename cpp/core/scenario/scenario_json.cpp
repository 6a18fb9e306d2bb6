// Reading a scenario file: JSON (json.h) -> Scenario, checking the type and shape of every field.
// Limits (sizes, counts, matching shapes) are left to validate() in scenario.cpp.
#include "scenario/scenario_json.h"

#include <cctype>
#include <optional>

#include "scenario/json.h"
#include "scenario/quote.h"
#include "scenario/scenario_checks.h"
#include "scenario/scenario_json_values.h"

namespace attn {
namespace {

using Kind = JsonValue::Kind;
using json_values::describe;
using json_values::Error;
using json_values::read_bias;
using json_values::read_edits;
using json_values::read_int;
using json_values::read_optional_matrix;
using json_values::read_padded_keys;
using json_values::read_score;
using json_values::read_seed;
using json_values::read_text;
using json_values::read_tokens;
using json_values::wrong;

const char* const kFields[] = {
    "query_tokens", "key_tokens", "d_model", "heads",       "d_k",
    "d_v",          "seed",       "mask",    "padded_keys", "positional_encoding",
    "x_q",          "x_kv",       "w_q",     "w_k",         "w_v",
    "w_o",          "score",      "d_a",     "w_bilinear",  "w_additive_q",
    "w_additive_k", "v_additive", "edits",   "b_q",         "b_k",
    "b_v",          "b_o",        "title",   "source",      "window",
    "algorithm",    "block_q",    "block_k"};

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
  // The sizes: whole numbers, with the range validate() checks (0 = the default for d_k, d_v, d_a).
  const auto size = [&](int* out) {
    return read_int(name, name, v, out, checks::size_limit(name));
  };
  if (name == "d_model") return size(&s->d_model);
  if (name == "heads") return size(&s->heads);
  if (name == "d_k") return size(&s->d_k);
  if (name == "d_v") return size(&s->d_v);
  if (name == "seed") return read_seed(v, &s->seed);
  if (name == "mask") {
    const MaskVariant* kind = v.kind == Kind::String ? mask_named(v.string) : nullptr;
    if (!kind) return wrong(name, name, mask_names(), v);
    s->mask = kind->kind;
    return std::nullopt;
  }
  if (name == "window") {
    int window = 0;
    if (Error e = read_int(name, name, v, &window, checks::window_limit())) return e;
    s->window = window;
    return std::nullopt;
  }
  if (name == "algorithm") {
    const auto a = v.kind == Kind::String ? algorithm_named(v.string) : std::nullopt;
    if (!a) return wrong(name, name, algorithm_names(), v);
    s->algorithm = *a;
    return std::nullopt;
  }
  if (name == "block_q" || name == "block_k") {
    int block = 0;
    if (Error e = read_int(name, name, v, &block, block_limit())) return e;
    (name == "block_q" ? s->block_q : s->block_k) = block;
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
  if (name == "score") return read_score(v, &s->score);
  if (name == "d_a") return size(&s->d_a);
  if (name == "w_bilinear") return read_optional_matrix(name, v, &s->w_bilinear);
  if (name == "w_additive_q") return read_optional_matrix(name, v, &s->w_additive_q);
  if (name == "w_additive_k") return read_optional_matrix(name, v, &s->w_additive_k);
  if (name == "v_additive") return read_optional_matrix(name, v, &s->v_additive);
  if (name == "edits") return read_edits(v, &s->edits);
  if (name == "b_q") return read_bias(name, v, &s->b_q);
  if (name == "b_k") return read_bias(name, v, &s->b_k);
  if (name == "b_v") return read_bias(name, v, &s->b_v);
  if (name == "b_o") return read_bias(name, v, &s->b_o);
  if (name == "title") return read_text(name, v, &s->title);
  if (name == "source") return read_text(name, v, &s->source);
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

// The field is the name as quote.h escapes and cuts it, so that it is safe to show too.
ValidationError unknown_field(const std::string& name) {
  if (name.empty()) return {"", "an empty field name is not a scenario field"};
  std::string message = "unknown field " + quote(name);
  for (const char* known : kFields) {
    if (loose(name) == loose(known)) {
      return {escape_text(name), message + " (did you mean \"" + known + "\"?)"};
    }
  }
  return {escape_text(name), message};
}

bool is_field(const std::string& name) {
  for (const char* field : kFields) {
    if (name == field) return true;
  }
  return false;
}

// A JSON error as the reader reports it. Grammar: "invalid JSON at line 3, column 7: …", for the
// file as a whole. Encoding: where it is and what is wrong, for the field it is in when known.
ValidationError json_error(const JsonError& e) {
  if (e.line == 0) return {"", "invalid JSON: " + e.message};
  const std::string at =
      " at line " + std::to_string(e.line) + ", column " + std::to_string(e.column);
  if (!e.encoding) return {"", "invalid JSON" + at + ": " + e.message};
  std::string where = e.in_name ? "a field name" : e.path.empty() ? "the file" : e.path;
  if (e.in_name && !e.path.empty()) where += " in " + e.path;
  return {is_field(e.member) ? e.member : "", where + at + " " + e.message};
}

}  // namespace

std::variant<Scenario, ValidationError> parse_scenario_json(const std::string& text) {
  auto parsed = parse_json(text);
  if (const JsonError* e = std::get_if<JsonError>(&parsed)) return json_error(*e);
  const JsonValue& root = std::get<JsonValue>(parsed);
  if (root.kind != Kind::Object) {
    return ValidationError{"", "a scenario must be a JSON object { ... }, got " + describe(root)};
  }
  Scenario s;
  std::vector<std::string> seen;
  for (const auto& [name, value] : root.object) {
    if (!is_field(name)) return unknown_field(name);
    for (const std::string& earlier : seen) {
      if (earlier == name) return ValidationError{name, "duplicate field " + quote(name)};
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
