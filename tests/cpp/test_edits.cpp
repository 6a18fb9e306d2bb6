// Cell edits (scenario/scenario.h CellEdit): applied on top of generated or given matrices, exactly
// one cell each, x_q shared with x_kv in self-attention; and validate()'s checks of every edit.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "attention/attention.h"
#include "scenario/scenario.h"

using attn::CellEdit;
using attn::Matrix;
using attn::Scenario;

namespace {

Scenario good() {
  Scenario s;
  s.query_tokens = {"the", "cat", "sat"};
  return s;  // d_model 8, 2 heads of 4, everything generated
}

// The cells where a and b differ, as (row, col) pairs.
std::vector<std::pair<int, int>> differing_cells(const Matrix& a, const Matrix& b) {
  REQUIRE(a.rows() == b.rows());
  REQUIRE(a.cols() == b.cols());
  std::vector<std::pair<int, int>> cells;
  for (int r = 0; r < a.rows(); ++r) {
    for (int c = 0; c < a.cols(); ++c) {
      if (a(r, c) != b(r, c)) cells.emplace_back(r, c);
    }
  }
  return cells;
}

void expect_edit_rejected(const Scenario& s, const std::string& message) {
  const auto error = attn::validate(s);
  REQUIRE(error.has_value());
  CHECK(error->field == "edits");
  CHECK(error->message == message);
}

}  // namespace

TEST_CASE("an edit of a generated matrix changes exactly that cell", "[edits]") {
  Scenario s = good();
  const attn::Inputs before = attn::resolve_inputs(s);
  s.edits = {{"w_q", 2, 5, 0.5}};
  REQUIRE_FALSE(attn::validate(s).has_value());
  const attn::Inputs after = attn::resolve_inputs(s);
  CHECK(differing_cells(before.w_q, after.w_q) == std::vector<std::pair<int, int>>{{2, 5}});
  CHECK(after.w_q(2, 5) == 0.5);
  CHECK(after.w_k == before.w_k);
  CHECK(after.x_q == before.x_q);
  // The trace is computed from the edited matrix.
  const attn::Trace t = attn::run_attention(s);
  CHECK(t.inputs.w_q(2, 5) == 0.5);
  CHECK(t.q_all == t.inputs.x_q * t.inputs.w_q);
}

TEST_CASE("an edit of x_q in self-attention edits the one matrix both sides share", "[edits]") {
  Scenario s = good();
  s.edits = {{"x_q", 1, 3, 7.0}};
  REQUIRE_FALSE(attn::validate(s).has_value());
  const attn::Inputs before = attn::resolve_inputs(good());
  const attn::Inputs in = attn::resolve_inputs(s);
  CHECK(in.x_q(1, 3) == 7.0);
  CHECK(in.x_kv == in.x_q);
  CHECK(differing_cells(before.x_kv, in.x_kv) == std::vector<std::pair<int, int>>{{1, 3}});
  // The embedding absorbs the edit, so X = embeddings + positional encoding still holds.
  CHECK(in.positional_q(1, 3) != 0.0);
  CHECK(in.embeddings_q(1, 3) + in.positional_q(1, 3) == Approx(7.0).margin(1e-15));
  CHECK(in.embeddings_kv == in.embeddings_q);
}

TEST_CASE("an edit of x_kv in cross-attention leaves x_q alone", "[edits]") {
  Scenario s = good();
  s.key_tokens = {"a", "dog"};
  s.edits = {{"x_kv", 0, 0, -2.5}};
  REQUIRE_FALSE(attn::validate(s).has_value());
  const attn::Inputs in = attn::resolve_inputs(s);
  CHECK(in.x_kv(0, 0) == -2.5);
  CHECK(in.x_q == attn::resolve_inputs(good()).x_q);
}

TEST_CASE("edits apply in order on given matrices, W_O and scoring parameters", "[edits]") {
  Scenario s = good();
  s.d_model = 2;
  s.heads = 1;
  s.score = attn::ScoreKind::Additive;
  s.d_a = 3;
  s.w_v = Matrix::Identity(2, 2);
  s.edits = {{"w_v", 0, 1, 4.0},        {"w_v", 0, 1, 5.0},       {"w_o", 1, 0, 0.0},
             {"w_additive_k", 1, 2, 9}, {"v_additive", 0, 2, -1}, {"w_additive_q", 0, 0, 3}};
  REQUIRE_FALSE(attn::validate(s).has_value());
  const attn::Inputs in = attn::resolve_inputs(s);
  CHECK(in.w_v == (Matrix(2, 2) << 1, 5, 0, 1).finished());  // the later edit wins
  CHECK((*in.w_o)(1, 0) == 0.0);
  CHECK((*in.w_additive_k)(1, 2) == 9.0);
  CHECK((*in.v_additive)(0, 2) == -1.0);
  CHECK((*in.w_additive_q)(0, 0) == 3.0);

  s.score = attn::ScoreKind::General;
  s.edits = {{"w_bilinear", 1, 0, 0.125}};
  REQUIRE_FALSE(attn::validate(s).has_value());
  CHECK((*attn::resolve_inputs(s).w_bilinear)(1, 0) == 0.125);
}

TEST_CASE("an edit outside its matrix is rejected naming the index, the range and the shape",
          "[edits]") {
  Scenario s = good();  // w_q is 8×8
  s.edits = {{"w_q", 0, 0, 1}, {"x_q", 2, 7, 1}, {"w_q", 3, 9, 1}};
  expect_edit_rejected(s, "edits[2].col is 9; it must be between 0 and 7 (w_q is 8\u00d78)");
  s.edits = {{"x_q", 3, 0, 1}};
  expect_edit_rejected(s, "edits[0].row is 3; it must be between 0 and 2 (x_q is 3\u00d78)");
  s.edits = {{"w_o", -1, 0, 1}};
  expect_edit_rejected(s, "edits[0].row is -1; it must be between 0 and 7 (w_o is 8\u00d78)");
  s.score = attn::ScoreKind::Additive;
  s.d_a = 3;
  s.edits = {{"v_additive", 0, 3, 1}};
  expect_edit_rejected(s, "edits[0].col is 3; it must be between 0 and 2 (v_additive is 2\u00d73)");
}

TEST_CASE("an edit must name a matrix this scenario has", "[edits]") {
  Scenario s = good();
  s.edits = {{"w_z", 0, 0, 1}};
  expect_edit_rejected(
      s,
      "edits[0].matrix is \"w_z\"; it must be one of x_q, x_kv, w_q, w_k, w_v, "
      "w_o, w_bilinear, w_additive_q, w_additive_k, v_additive, b_q, b_k, b_v, b_o");
  s.edits = {{"x_kv", 0, 0, 1}};
  expect_edit_rejected(s,
                       "edits[0].matrix is \"x_kv\", but there is no x_kv in self-attention; edit "
                       "x_q, which the keys and values share");
  s.w_o_mode = attn::OutputProjection::None;
  s.edits = {{"w_o", 0, 0, 1}};
  expect_edit_rejected(
      s, "edits[0].matrix is \"w_o\", but w_o is null (there is no output projection)");
  s = good();
  s.edits = {{"w_bilinear", 0, 0, 1}};
  expect_edit_rejected(s,
                       "edits[0].matrix is \"w_bilinear\", but score is \"scaled_dot\"; "
                       "w_bilinear is only used by score \"general\"");
  s.score = attn::ScoreKind::General;
  s.edits = {{"v_additive", 0, 0, 1}};
  expect_edit_rejected(s,
                       "edits[0].matrix is \"v_additive\", but score is \"general\"; v_additive "
                       "is only used by score \"additive\"");
}

TEST_CASE("edited values and the number of edits are limited", "[edits]") {
  Scenario s = good();
  s.edits = {{"w_k", 0, 0, 2.5e6}};
  expect_edit_rejected(s,
                       "edits[0].value is 2500000; it must be a finite number between -1000000 "
                       "and 1000000");
  s.edits = {{"w_k", 0, 0, std::numeric_limits<double>::quiet_NaN()}};
  expect_edit_rejected(s,
                       "edits[0].value is NaN; it must be a finite number between -1000000 and "
                       "1000000");
  s.edits = {{"w_k", 0, 0, -1e6}};
  CHECK_FALSE(attn::validate(s).has_value());

  s.edits.assign(attn::Limits::kMaxEdits, CellEdit{"w_k", 1, 1, 0.5});
  CHECK_FALSE(attn::validate(s).has_value());
  s.edits.push_back(CellEdit{"w_k", 1, 1, 0.5});
  expect_edit_rejected(s, "edits has 4097 cells; it must have at most 4096");
}

TEST_CASE("an edit of X is exact; embeddings + positional give it back only up to rounding",
          "[edits]") {
  Scenario s = good();  // three tokens, positional encoding on: PE(2, 0) = sin(2) = 0.909...
  for (const double value : {1e-300, 0.1, -1.0 / 3.0, 123.456, 1e6, -1e-12}) {
    INFO(value);
    s.edits = {{"x_q", 2, 0, value}};
    const attn::Inputs in = attn::resolve_inputs(s);
    const double x = in.x_q(2, 0), e = in.embeddings_q(2, 0), p = in.positional_q(2, 0);
    CHECK(p == std::sin(2.0));
    CHECK(x == value);      // the computation uses exactly the edited value
    CHECK(e == value - p);  // the embedding: X - P, rounded to a double
    const double bound = std::ldexp(std::max(std::fabs(x), std::fabs(p)), -51);
    CHECK(std::fabs((e + p) - x) <= bound);  // docs/scenario.md: at most 2^-51 · max(|X|, |P|)
  }
  // The example of docs/scenario.md: 1e-300 is lost entirely when the 0.909 is taken away.
  s.edits = {{"x_q", 2, 0, 1e-300}};
  const attn::Inputs in = attn::resolve_inputs(s);
  CHECK(in.embeddings_q(2, 0) == -in.positional_q(2, 0));
  CHECK(in.embeddings_q(2, 0) + in.positional_q(2, 0) == 0.0);
}
