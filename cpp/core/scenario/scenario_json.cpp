// Reading a scenario file: JSON (json.h) -> Scenario, checking the type and shape of every field.
// Limits (sizes, counts, matching shapes) are left to validate() in scenario.cpp.
#include "scenario/scenario_json.h"

#include <cctype>
#include <iterator>
#include <optional>
#include <vector>

#include "scenario/file_matrices.h"
#include "scenario/json.h"
#include "scenario/quote.h"
#include "scenario/scenario_checks.h"
#include "scenario/scenario_json_values.h"
#include "scenario/scenario_modern.h"

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

// The fields other than the matrices (file_matrices.h has those).
const char* const kFields[] = {
    "query_tokens", "key_tokens", "d_model", "heads",           "d_k",
    "d_v",          "seed",       "mask",    "padded_keys",     "positional_encoding",
    "score",        "d_a",        "edits",   "title",           "source",
    "window",       "kv_heads",   "rope",    "position_offset", "sink_tokens",
    "alibi",        "algorithm",  "block_q", "block_k"};

// A matrix field into `s`: a bias as a row; w_o's null means no output projection.
Error read_file_matrix(const FileMatrix& f, const JsonValue& v, Scenario* s) {
  const std::string name = f.field;
  if (f.group == FileGroup::Bias) return read_bias(name, v, &(s->*f.given));
  if (f.presence != Presence::OutputProjection) {
    return read_optional_matrix(name, v, &(s->*f.given));
  }
  if (v.kind == Kind::Null) {
    s->w_o_mode = OutputProjection::None;
    return std::nullopt;
  }
  if (v.kind != Kind::Array) {
    return wrong(name, name, "a matrix (an array of rows of numbers) or null", v);
  }
  s->w_o_mode = OutputProjection::Given;
  return read_optional_matrix(name, v, &(s->*f.given));
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
  if (name == "score") return read_score(v, &s->score);
  if (name == "d_a") return size(&s->d_a);
  if (name == "edits") return read_edits(v, &s->edits);
  if (name == "title") return read_text(name, v, &s->title);
  if (name == "source") return read_text(name, v, &s->source);
  if (modern_fields::is_modern_field(name)) return modern_fields::read_modern_field(name, v, s);
  return read_file_matrix(*file_matrix(name), v, s);
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
  std::vector<const char*> known(std::begin(kFields), std::end(kFields));
  for (const FileMatrix& f : file_matrices()) known.push_back(f.field);
  for (const char* field : known) {
    if (loose(name) == loose(field)) {
      return {escape_text(name), message + " (did you mean \"" + field + "\"?)"};
    }
  }
  return {escape_text(name), message};
}

bool is_field(const std::string& name) {
  for (const char* field : kFields) {
    if (name == field) return true;
  }
  return file_matrix(name) != nullptr;
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

std::variant<Scenario, ValidationError> parse_scenario_json(const std::string& text,
                                                            std::vector<JsonSpan>* spans) {
  auto parsed = parse_json(text, spans);
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
  bool has_queries = false, has_positional = false;
  for (const std::string& name : seen) {
    has_queries = has_queries || name == "query_tokens";
    has_positional = has_positional || name == "positional_encoding";
  }
  modern_fields::apply_defaults(has_positional, &s);
  if (!has_queries) {
    return ValidationError{"query_tokens", "query_tokens is required (an array of strings)"};
  }
  return s;
}

}  // namespace attn
