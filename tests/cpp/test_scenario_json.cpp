// The JSON reader (scenario/json.h) and the scenario file (scenario/scenario_json.h,
// docs/scenario.md).
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>
#include <string>

#include "scenario/json.h"
#include "scenario/scenario_json.h"

namespace {

using attn::parse_scenario_json;
using attn::Scenario;
using attn::ValidationError;

Scenario parse_ok(const std::string& text) {
  auto result = parse_scenario_json(text);
  if (const auto* e = std::get_if<ValidationError>(&result))
    FAIL("unexpected error: " << e->message);
  return std::get<Scenario>(result);
}

ValidationError parse_error(const std::string& text) {
  auto result = parse_scenario_json(text);
  REQUIRE(std::holds_alternative<ValidationError>(result));
  return std::get<ValidationError>(result);
}

// The message of a JSON syntax error, which has no field.
std::string syntax_error(const std::string& text) {
  const ValidationError e = parse_error(text);
  CHECK(e.field.empty());
  return e.message;
}

// The one token of {"query_tokens": [<literal>]}.
std::string token(const std::string& literal) {
  return parse_ok("{\"query_tokens\": [" + literal + "]}").query_tokens.at(0);
}

// A file under examples/, found from this source file's path (absolute under CMake, relative to
// the repository root when compiled by hand from there).
std::string read_example(const std::string& name) {
  std::string dir = __FILE__;
  dir = dir.substr(0, dir.find_last_of('/') + 1);
  std::ifstream in(dir + "../../examples/" + name);
  REQUIRE(in.good());
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

attn::Matrix rows(std::initializer_list<std::initializer_list<double>> values) {
  attn::Matrix m(static_cast<Eigen::Index>(values.size()),
                 static_cast<Eigen::Index>(values.begin()->size()));
  Eigen::Index r = 0;
  for (const auto& row : values) {
    Eigen::Index c = 0;
    for (double x : row) m(r, c++) = x;
    ++r;
  }
  return m;
}

}  // namespace

TEST_CASE("a complete scenario file fills every Scenario field", "[json]") {
  const Scenario s = parse_ok(R"({
    "query_tokens": ["le", "chat"],
    "key_tokens": ["the", "black", "cat"],
    "d_model": 2, "heads": 1, "d_k": 3, "d_v": 1,
    "seed": 9007199254740991,
    "mask": "causal",
    "padded_keys": [2, 0],
    "positional_encoding": false,
    "x_q": [[1, -2], [0.5, 1e-3]],
    "x_kv": [[1, 0], [0, 1], [2.5E2, -0.0]],
    "w_q": [[1, 2, 3], [4, 5, 6]],
    "w_k": [[0, 0, 1], [1, 0, 0]],
    "w_v": [[7], [8]],
    "w_o": [[0.25, 0.75]]
  })");
  CHECK(s.query_tokens == std::vector<std::string>{"le", "chat"});
  CHECK(s.key_tokens == std::vector<std::string>{"the", "black", "cat"});
  CHECK_FALSE(s.is_self_attention());
  CHECK(s.d_model == 2);
  CHECK(s.heads == 1);
  CHECK(s.d_k == 3);
  CHECK(s.d_v == 1);
  CHECK(s.seed == 9007199254740991ULL);
  CHECK(s.mask == attn::MaskKind::Causal);
  CHECK(s.padded_keys == std::vector<int>{2, 0});
  CHECK_FALSE(s.positional_encoding);
  REQUIRE(s.x_q.has_value());
  CHECK(*s.x_q == rows({{1, -2}, {0.5, 0.001}}));
  CHECK(*s.x_kv == rows({{1, 0}, {0, 1}, {250, 0}}));
  CHECK(*s.w_q == rows({{1, 2, 3}, {4, 5, 6}}));
  CHECK(*s.w_k == rows({{0, 0, 1}, {1, 0, 0}}));
  CHECK(*s.w_v == rows({{7}, {8}}));
  CHECK(s.w_o_mode == attn::OutputProjection::Given);
  CHECK(*s.w_o == rows({{0.25, 0.75}}));
}

TEST_CASE("absent fields keep the defaults of scenario.h", "[json]") {
  const Scenario s = parse_ok(R"({"query_tokens": ["a", "b", "c"]})");
  CHECK(s.is_self_attention());
  CHECK(s.m() == 3);
  CHECK(s.n() == 3);
  CHECK(s.d_model == 8);
  CHECK(s.heads == 2);
  CHECK(s.d_k == 0);
  CHECK(s.d_v == 0);
  CHECK(s.seed == 42);
  CHECK(s.mask == attn::MaskKind::None);
  CHECK(s.padded_keys.empty());
  CHECK(s.positional_encoding);
  CHECK_FALSE(s.x_q.has_value());
  CHECK_FALSE(s.x_kv.has_value());
  CHECK_FALSE(s.w_q.has_value());
  CHECK_FALSE(s.w_k.has_value());
  CHECK_FALSE(s.w_v.has_value());
  CHECK(s.w_o_mode == attn::OutputProjection::Generated);
  CHECK_FALSE(s.w_o.has_value());
}

TEST_CASE("w_o null means no output projection", "[json]") {
  const Scenario s = parse_ok(R"({"query_tokens": ["a"], "w_o": null})");
  CHECK(s.w_o_mode == attn::OutputProjection::None);
  CHECK_FALSE(s.w_o.has_value());
}

TEST_CASE("the worked example file parses with the article's exact values", "[json]") {
  const Scenario s = parse_ok(read_example("from-scratch.json"));
  CHECK(s.query_tokens == std::vector<std::string>{"word_1", "word_2", "word_3", "word_4"});
  CHECK(s.is_self_attention());
  CHECK(s.d_model == 3);
  CHECK(s.heads == 1);
  CHECK(s.head_dim_k() == 3);
  CHECK(s.head_dim_v() == 3);
  CHECK(s.mask == attn::MaskKind::None);
  REQUIRE(s.x_q.has_value());
  CHECK(*s.x_q == rows({{1, 0, 0}, {0, 1, 0}, {1, 1, 0}, {0, 0, 1}}));
  CHECK_FALSE(s.x_kv.has_value());
  CHECK(*s.w_q == rows({{2, 0, 2}, {2, 0, 0}, {2, 1, 2}}));
  CHECK(*s.w_k == rows({{2, 2, 2}, {0, 2, 1}, {0, 1, 1}}));
  CHECK(*s.w_v == rows({{1, 1, 0}, {0, 1, 1}, {0, 0, 0}}));
  CHECK(s.w_o_mode == attn::OutputProjection::None);
  CHECK_FALSE(attn::validate(s).has_value());
}

TEST_CASE("the cross-attention example has 12 queries over 9 keys", "[json]") {
  const Scenario s = parse_ok(read_example("cross-attention.json"));
  CHECK(s.m() == 12);
  CHECK(s.n() == 9);
  CHECK(s.query_tokens.front() == "<start>");
  CHECK(s.query_tokens[3] == "admir\xC3\xB3");
  CHECK(s.key_tokens.back() == "director.");
  CHECK(s.d_model == 16);
  CHECK(s.heads == 2);
  CHECK(s.seed == 7);
  CHECK(s.w_o_mode == attn::OutputProjection::Generated);
  CHECK_FALSE(attn::validate(s).has_value());
}

TEST_CASE("numbers are read exactly as doubles", "[json]") {
  const Scenario s = parse_ok(R"({"query_tokens": ["a"],
    "x_q": [[0.1, -0, 1E+2, 123456789.125, 5e-324, 1.7976931348623157e308, -2.5e-3]]})");
  CHECK((*s.x_q)(0, 0) == 0.1);
  CHECK((*s.x_q)(0, 1) == 0.0);
  CHECK((*s.x_q)(0, 2) == 100.0);
  CHECK((*s.x_q)(0, 3) == 123456789.125);
  CHECK((*s.x_q)(0, 4) == 5e-324);
  CHECK((*s.x_q)(0, 5) == 1.7976931348623157e308);
  CHECK((*s.x_q)(0, 6) == -0.0025);
  CHECK(parse_ok(R"({"query_tokens": ["a"], "d_model": 8.0, "seed": 1e3})").seed == 1000);
}

TEST_CASE("string escapes and unicode tokens decode to UTF-8", "[json]") {
  CHECK(token("\"caf\xC3\xA9\"") == "caf\xC3\xA9");
  CHECK(token(R"("caf\u00e9")") == "caf\xC3\xA9");
  CHECK(token(R"("caf\u00E9")") == "caf\xC3\xA9");
  CHECK(token(R"("\u20AC")") == "\xE2\x82\xAC");
  CHECK(token(R"("\uD83D\uDE00")") == "\xF0\x9F\x98\x80");  // U+1F600 from a surrogate pair
  CHECK(token("\"\xF0\x9F\x98\x80\"") == "\xF0\x9F\x98\x80");
  CHECK(token(R"("\"\\\/\b\f\n\r\t")") == "\"\\/\b\f\n\r\t");
  CHECK(token(R"("\u0041\u0000z")") == std::string("A\0z", 3));
  CHECK(token(R"("")").empty());
}

TEST_CASE("a type error names the field, the expected type and what was found", "[json]") {
  struct Case {
    const char* json;
    const char* field;
    const char* message;
  };
  const Case cases[] = {
      {R"({"query_tokens": ["a"], "d_model": "eight"})", "d_model",
       "d_model must be a whole number, got \"eight\""},
      {R"({"query_tokens": ["a"], "heads": 2.5})", "heads",
       "heads must be a whole number, got 2.5"},
      {R"({"query_tokens": ["a"], "d_k": null})", "d_k", "d_k must be a whole number, got null"},
      {R"({"query_tokens": ["a"], "d_v": [4]})", "d_v", "d_v must be a whole number, got an array"},
      {R"({"query_tokens": "the cat"})", "query_tokens",
       "query_tokens must be an array of strings, got \"the cat\""},
      {R"({"query_tokens": ["the", 7]})", "query_tokens",
       "query_tokens[1] must be a string, got 7"},
      {R"({"query_tokens": ["a"], "key_tokens": {}})", "key_tokens",
       "key_tokens must be an array of strings, got an object"},
      {R"({"query_tokens": ["a"], "mask": "Causal"})", "mask",
       "mask must be \"none\", \"causal\" or \"window\", got \"Causal\""},
      {R"({"query_tokens": ["a"], "mask": false})", "mask",
       "mask must be \"none\", \"causal\" or \"window\", got false"},
      {R"({"query_tokens": ["a"], "positional_encoding": "yes"})", "positional_encoding",
       "positional_encoding must be true or false, got \"yes\""},
      {R"({"query_tokens": ["a"], "padded_keys": 3})", "padded_keys",
       "padded_keys must be an array of key indices, got 3"},
      {R"({"query_tokens": ["a"], "padded_keys": [1, "2"]})", "padded_keys",
       "padded_keys[1] must be a whole number, got \"2\""},
      {R"({"query_tokens": ["a"], "seed": -1})", "seed",
       "seed must be a whole number between 0 and 9007199254740991, got -1"},
      {R"({"query_tokens": ["a"], "seed": 9007199254740992})", "seed",
       "seed must be a whole number between 0 and 9007199254740991, got 9007199254740992"},
      {R"({"query_tokens": ["a"], "x_q": 1})", "x_q",
       "x_q must be a matrix (an array of rows of numbers), got 1"},
      {R"({"query_tokens": ["a"], "w_q": [[1, 2], 3]})", "w_q",
       "w_q[1] must be a row (an array of numbers), got 3"},
      {R"({"query_tokens": ["a"], "w_v": [[1, 2], [3, true]]})", "w_v",
       "w_v[1][1] must be a number, got true"},
      {R"({"query_tokens": ["a"], "w_o": "none"})", "w_o",
       "w_o must be a matrix (an array of rows of numbers) or null, got \"none\""},
  };
  for (const Case& c : cases) {
    INFO(c.json);
    const ValidationError e = parse_error(c.json);
    CHECK(e.field == c.field);
    CHECK(e.message == c.message);
  }
}

TEST_CASE("a ragged matrix is reported with its field and row", "[json]") {
  const ValidationError e =
      parse_error(R"({"query_tokens": ["a"], "x_kv": [[1, 2, 3], [4, 5, 6], [7, 8]]})");
  CHECK(e.field == "x_kv");
  CHECK(e.message ==
        "x_kv[2] has 2 numbers but x_kv[0] has 3; every row must have the same length");
}

TEST_CASE("unknown, duplicate and missing fields are reported by name", "[json]") {
  ValidationError e = parse_error(R"({"query_tokens": ["a"], "dmodel": 8})");
  CHECK(e.field == "dmodel");
  CHECK(e.message == "unknown field \"dmodel\" (did you mean \"d_model\"?)");

  e = parse_error(R"({"query_tokens": ["a"], "temperature": 1})");
  CHECK(e.field == "temperature");
  CHECK(e.message == "unknown field \"temperature\"");

  e = parse_error(R"({"heads": 1, "query_tokens": ["a"], "heads": 2})");
  CHECK(e.field == "heads");
  CHECK(e.message == "duplicate field \"heads\"");

  e = parse_error(R"({"d_model": 4})");
  CHECK(e.field == "query_tokens");
  CHECK(e.message == "query_tokens is required (an array of strings)");
}

TEST_CASE("values a Scenario cannot represent are rejected while parsing", "[json]") {
  ValidationError e = parse_error(R"({"query_tokens": ["a"], "key_tokens": []})");
  CHECK(e.field == "key_tokens");
  CHECK(e.message == "key_tokens is empty; omit it for self-attention");

  e = parse_error(R"({"query_tokens": ["a"], "d_model": 1e12})");
  CHECK(e.field == "d_model");
  CHECK(e.message == "d_model is 1000000000000; it must be between 1 and 1024");

  e = parse_error(R"(["a", "b"])");
  CHECK(e.field.empty());
  CHECK(e.message == "a scenario must be a JSON object { ... }, got an array");

  // Limits are validate()'s job: out-of-limit but representable values pass the parser.
  const Scenario s =
      parse_ok(R"({"query_tokens": ["a"], "d_model": -3, "d_k": 0, "padded_keys": [99]})");
  CHECK(s.d_model == -3);
  CHECK(s.d_k == 0);  // 0 means d_model / heads, as when absent
  CHECK(s.padded_keys == std::vector<int>{99});
}

TEST_CASE("a JSON syntax error gives its line and column", "[json]") {
  CHECK(syntax_error("{\n  \"query_tokens\": [\"a\"]\n  \"heads\": 1\n}") ==
        "invalid JSON at line 3, column 3: expected ',' or '}' after an object member, got '\"'");
  CHECK(syntax_error("{\"query_tokens\": [\"a\",]}") ==
        "invalid JSON at line 1, column 23: expected a value, got ']'");
  CHECK(syntax_error("") == "invalid JSON at line 1, column 1: expected a value, got end of input");
  CHECK(syntax_error("{\"query_tokens\": [\"a\"]} x") ==
        "invalid JSON at line 1, column 25: unexpected 'x' after the JSON value");
  // Columns count characters, not bytes: "é" is one column.
  CHECK(syntax_error("{\"query_tokens\": [\"\xC3\xA9\" 1]}") ==
        "invalid JSON at line 1, column 23: expected ',' or ']' after an array element, got '1'");
  CHECK(syntax_error("{\"query_tokens\": [\"abc]}") ==
        "invalid JSON at line 1, column 19: string is never closed (missing '\"')");
  CHECK(syntax_error("{\r\n\"seed\": 012}") ==
        "invalid JSON at line 2, column 9: leading zeros are not allowed");
}

TEST_CASE("the JSON reader is strict", "[json]") {
  const char* const rejected[] = {
      "{\"query_tokens\": [\"a\"], // comment\n}",  // comments
      "{'query_tokens': ['a']}",                    // single quotes
      "{query_tokens: [\"a\"]}",                    // bare names
      "{\"query_tokens\": [\"a\"], \"seed\": +1}",  // '+' sign
      "{\"query_tokens\": [\"a\"], \"seed\": .5}",  // no integer part
      "{\"query_tokens\": [\"a\"], \"seed\": 1.}",  // no fraction digits
      "{\"query_tokens\": [\"a\"], \"seed\": 1e}",  // no exponent digits
      "{\"query_tokens\": [\"a\"], \"seed\": NaN}",
      "{\"query_tokens\": [\"a\"], \"seed\": Infinity}",
      "{\"query_tokens\": [\"a\"], \"positional_encoding\": True}",
      "{\"query_tokens\": [\"a\tb\"]}",     // raw control character
      "{\"query_tokens\": [\"\\x41\"]}",    // unknown escape
      "{\"query_tokens\": [\"\\u12G4\"]}",  // bad hex digit
      "{\"query_tokens\": [\"a\"]",         // unclosed object
      "{\"query_tokens\" [\"a\"]}",         // missing ':'
  };
  for (const char* text : rejected) {
    INFO(text);
    const ValidationError e = parse_error(text);
    CHECK(e.field.empty());
    CHECK(e.message.rfind("invalid JSON at line ", 0) == 0);
  }
  // A byte-order mark is skipped; all four whitespace characters are allowed.
  CHECK(parse_ok("\xEF\xBB\xBF\t{\r\n \"query_tokens\" : [ \"a\" ] }\n").query_tokens.size() == 1);
}

TEST_CASE("nesting depth and input size are limited", "[json]") {
  const std::string ok = std::string(64, '[') + std::string(64, ']');
  CHECK(std::holds_alternative<attn::JsonValue>(attn::parse_json(ok)));
  const std::string deep = std::string(65, '[') + std::string(65, ']');
  const auto deep_result = attn::parse_json(deep);
  REQUIRE(std::holds_alternative<attn::JsonError>(deep_result));
  const auto& deep_error = std::get<attn::JsonError>(deep_result);
  CHECK(deep_error.column == 65);
  CHECK(deep_error.message == "arrays and objects nested deeper than 64");

  const std::string big = "\"" + std::string(attn::JsonLimits::kMaxBytes, 'a') + "\"";
  CHECK(syntax_error(big) == "invalid JSON: the file is over 128 MB (134217730 bytes)");

  std::string many = "[0";  // one array + 5,000,000 numbers = one value too many
  for (int i = 1; i < 5000000; ++i) many += ",0";
  CHECK(syntax_error(many + "]").find("more than 5000000 values") != std::string::npos);
}

TEST_CASE("the JSON reader keeps object members in file order, duplicates included", "[json]") {
  const auto result = attn::parse_json(R"({"b": 1, "a": [true, null, "x"], "b": {}})");
  REQUIRE(std::holds_alternative<attn::JsonValue>(result));
  const attn::JsonValue& v = std::get<attn::JsonValue>(result);
  using Kind = attn::JsonValue::Kind;
  REQUIRE(v.kind == Kind::Object);
  REQUIRE(v.object.size() == 3);
  CHECK(v.object[0].first == "b");
  CHECK(v.object[0].second.number == 1.0);
  CHECK(v.object[1].first == "a");
  const auto& a = v.object[1].second.array;
  REQUIRE(a.size() == 3);
  CHECK(a[0].kind == Kind::Bool);
  CHECK(a[0].boolean);
  CHECK(a[1].kind == Kind::Null);
  CHECK(a[2].string == "x");
  CHECK(v.object[2].first == "b");
  CHECK(v.object[2].second.kind == Kind::Object);
}
