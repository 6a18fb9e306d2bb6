// The scoring and edit fields of a scenario file (docs/scenario.md): parsing each one, the type
// errors of each, and validate()'s checks of the scoring function and its parameters.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "scenario/scenario.h"
#include "scenario/scenario_json.h"

using attn::Matrix;
using attn::Scenario;
using attn::ScoreKind;
using attn::ValidationError;

namespace {

Scenario parse_ok(const std::string& text) {
  auto result = attn::parse_scenario_json(text);
  if (const auto* e = std::get_if<ValidationError>(&result))
    FAIL("unexpected error: " << e->message);
  return std::get<Scenario>(result);
}

// {"query_tokens": ["a"], <members>}
std::string with(const std::string& members) {
  return R"({"query_tokens": ["a"], )" + members + "}";
}

void expect_rejected(const Scenario& s, const std::string& field, const std::string& message) {
  const auto error = attn::validate(s);
  REQUIRE(error.has_value());
  CHECK(error->field == field);
  CHECK(error->message == message);
}

Scenario good(ScoreKind kind) {
  Scenario s;
  s.query_tokens = {"the", "cat", "sat"};
  s.score = kind;
  return s;  // d_model 8, 2 heads of d_k = 4
}

}  // namespace

TEST_CASE("score, d_a and the scoring matrices are read from the file", "[json][scoring]") {
  CHECK(parse_ok(with(R"("score": "dot")")).score == ScoreKind::Dot);
  CHECK(parse_ok(with(R"("score": "scaled_dot")")).score == ScoreKind::ScaledDot);
  CHECK(parse_ok(with(R"("score": "general")")).score == ScoreKind::General);
  CHECK(parse_ok(R"({"query_tokens": ["a"]})").score == ScoreKind::ScaledDot);  // the default

  const Scenario s = parse_ok(with(R"(
    "score": "additive", "d_a": 3, "w_bilinear": [[1, 2]],
    "w_additive_q": [[0.5, -1, 2]], "w_additive_k": [[1, 0, 0], [0, 1, 0]],
    "v_additive": [[2, -3, 1e-2]])"));
  CHECK(s.score == ScoreKind::Additive);
  CHECK(s.d_a == 3);
  CHECK(s.hidden_dim_a() == 3);
  CHECK(*s.w_bilinear == (Matrix(1, 2) << 1, 2).finished());
  CHECK(*s.w_additive_q == (Matrix(1, 3) << 0.5, -1, 2).finished());
  CHECK(*s.w_additive_k == (Matrix(2, 3) << 1, 0, 0, 0, 1, 0).finished());
  CHECK(*s.v_additive == (Matrix(1, 3) << 2, -3, 0.01).finished());
  CHECK(parse_ok(with(R"("d_a": 0)")).hidden_dim_a() == 4);  // 0 = d_k = 8 / 2
}

TEST_CASE("edits are read in order, each with its matrix, row, col and value", "[json][edits]") {
  const Scenario s = parse_ok(with(R"("edits": [
    {"matrix": "w_q", "row": 2, "col": 5, "value": 0.5},
    {"value": -1e3, "col": 0, "row": 1.0, "matrix": "x_q"}])"));
  REQUIRE(s.edits.size() == 2);
  CHECK(s.edits[0].matrix == "w_q");
  CHECK(s.edits[0].row == 2);
  CHECK(s.edits[0].col == 5);
  CHECK(s.edits[0].value == 0.5);
  CHECK(s.edits[1].matrix == "x_q");
  CHECK(s.edits[1].row == 1);
  CHECK(s.edits[1].col == 0);
  CHECK(s.edits[1].value == -1000.0);
  CHECK(parse_ok(with(R"("edits": [])")).edits.empty());
}

TEST_CASE("a bad scoring or edit field names the field and the exact place", "[json]") {
  struct Case {
    const char* members;
    const char* field;
    const char* message;
  };
  const Case cases[] = {
      {R"("score": "luong")", "score",
       R"(score must be "dot", "scaled_dot", "general" or "additive", got "luong")"},
      {R"("score": 1)", "score",
       R"(score must be "dot", "scaled_dot", "general" or "additive", got 1)"},
      {R"("d_a": 2.5)", "d_a", "d_a must be a whole number, got 2.5"},
      {R"("d_a": "8")", "d_a", R"(d_a must be a whole number, got "8")"},
      {R"("w_bilinear": 1)", "w_bilinear",
       "w_bilinear must be a matrix (an array of rows of numbers), got 1"},
      {R"("w_additive_q": [[1], [2, 3]])", "w_additive_q",
       "w_additive_q[1] has 2 numbers but w_additive_q[0] has 1; every row must have the same "
       "length"},
      {R"("w_additive_k": [[1, null]])", "w_additive_k",
       "w_additive_k[0][1] must be a number, got null"},
      {R"("v_additive": [1, 2])", "v_additive",
       "v_additive[0] must be a row (an array of numbers), got 1"},
      {R"("edits": {})", "edits", "edits must be an array of edits, got an object"},
      {R"("edits": [[0, 0]])", "edits",
       R"(edits[0] must be an object {"matrix", "row", "col", "value"}, got an array)"},
      {R"("edits": [{"matrix": "w_q", "row": 0, "col": 0, "value": 1}, 5])", "edits",
       R"(edits[1] must be an object {"matrix", "row", "col", "value"}, got 5)"},
      {R"("edits": [{"matrix": "w_q", "rows": 0, "col": 0, "value": 1}])", "edits",
       R"(edits[0] has an unknown field "rows"; an edit has "matrix", "row", "col" and "value")"},
      {R"("edits": [{"matrix": "w_q", "row": 0, "row": 1, "col": 0, "value": 1}])", "edits",
       R"(duplicate field "edits[0].row")"},
      {R"("edits": [{"matrix": "w_q", "row": 0, "col": 0}])", "edits",
       "edits[0].value is required (a number)"},
      {R"("edits": [{"row": 0, "col": 0, "value": 1}])", "edits",
       "edits[0].matrix is required (a matrix name)"},
      {R"("edits": [{"matrix": "w_q", "row": 0, "value": 1}])", "edits",
       "edits[0].col is required (a whole number)"},
      {R"("edits": [{"matrix": 3, "row": 0, "col": 0, "value": 1}])", "edits",
       "edits[0].matrix must be a matrix name (a string), got 3"},
      {R"("edits": [{"matrix": "w_q", "row": 0, "col": 0.5, "value": 1}])", "edits",
       "edits[0].col must be a whole number, got 0.5"},
      {R"("edits": [{"matrix": "w_q", "row": 1e10, "col": 0, "value": 1}])", "edits",
       "edits[0].row is 10000000000; it must be between 0 and the matrix's rows - 1, at most 1023"},
      {R"("edits": [{"matrix": "w_q", "row": 0, "col": 0, "value": "1"}])", "edits",
       R"(edits[0].value must be a number, got "1")"},
  };
  for (const Case& c : cases) {
    INFO(c.members);
    auto result = attn::parse_scenario_json(with(c.members));
    REQUIRE(std::holds_alternative<ValidationError>(result));
    const ValidationError& e = std::get<ValidationError>(result);
    CHECK(e.field == c.field);
    CHECK(e.message == c.message);
  }
  auto result = attn::parse_scenario_json(with(R"("dA": 4)"));
  REQUIRE(std::holds_alternative<ValidationError>(result));
  CHECK(std::get<ValidationError>(result).message == R"(unknown field "dA" (did you mean "d_a"?))");
}

TEST_CASE("a scoring matrix is only accepted with the score kind that uses it", "[scoring]") {
  Scenario s = good(ScoreKind::Dot);
  s.w_bilinear = Matrix::Zero(4, 8);
  expect_rejected(s, "w_bilinear",
                  R"(w_bilinear is given but score is "dot"; it is only used by score "general")");
  s = good(ScoreKind::General);
  s.v_additive = Matrix::Zero(2, 4);
  expect_rejected(
      s, "v_additive",
      R"(v_additive is given but score is "general"; it is only used by score "additive")");
  s = good(ScoreKind::ScaledDot);
  s.w_additive_k = Matrix::Zero(4, 8);
  expect_rejected(
      s, "w_additive_k",
      R"(w_additive_k is given but score is "scaled_dot"; it is only used by score "additive")");
}

TEST_CASE("scoring matrices must have their documented shapes", "[scoring]") {
  Scenario s = good(ScoreKind::General);
  s.w_bilinear = Matrix::Zero(4, 4);
  expect_rejected(s, "w_bilinear",
                  "w_bilinear has shape 4\u00d74; it must be 4\u00d78 (d_k \u00d7 heads\u00b7d_k)");
  s.w_bilinear = Matrix::Zero(4, 8);
  CHECK_FALSE(attn::validate(s).has_value());

  s = good(ScoreKind::Additive);
  s.d_a = 3;
  s.w_additive_q = Matrix::Zero(4, 8);
  expect_rejected(
      s, "w_additive_q",
      "w_additive_q has shape 4\u00d78; it must be 4\u00d76 (d_k \u00d7 heads\u00b7d_a)");
  s.w_additive_q = Matrix::Zero(4, 6);
  s.w_additive_k = Matrix::Zero(4, 6);
  (*s.w_additive_k)(3, 1) = 2e6;
  expect_rejected(s, "w_additive_k",
                  "w_additive_k[3][1] is 2000000; it must be a finite number between -1000000 and "
                  "1000000");
  s.w_additive_k = Matrix::Zero(4, 6);
  s.v_additive = Matrix::Zero(3, 2);
  expect_rejected(s, "v_additive",
                  "v_additive has shape 3\u00d72; it must be 2\u00d73 (heads \u00d7 d_a)");
  s.v_additive = Matrix::Zero(2, 3);
  CHECK_FALSE(attn::validate(s).has_value());
}

TEST_CASE("d_a and the score kind are checked against their limits", "[scoring]") {
  Scenario s = good(ScoreKind::Additive);
  s.d_a = 513;
  expect_rejected(s, "d_a", "d_a is 513; it must be between 0 and 512 (0 means d_k)");
  s.d_a = -1;
  expect_rejected(s, "d_a", "d_a is -1; it must be between 0 and 512 (0 means d_k)");
  s.d_a = 512;  // 2 heads · 512 = 1024: at the limit
  CHECK_FALSE(attn::validate(s).has_value());
  s.heads = 4;
  expect_rejected(s, "d_a", "heads\u00b7d_a is 2048; it must be at most 1024");
  s = good(static_cast<ScoreKind>(7));
  expect_rejected(s, "score",
                  "score is 7; it must be dot (0), scaled_dot (1), general (2) or additive (3)");
}
