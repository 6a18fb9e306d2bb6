// Biases in the step sequence and the drill-down: a projection step (and the output projection)
// shows its bias as a third operand, with formula, shapes and words, only when the scenario has
// that bias; a drilled cell of Q, K, V or Y adds the bias term to the row times the column.
#include <catch2/catch.hpp>
#include <string>

#include "explain/drill.h"
#include "steps_fixtures.h"

using attn::Granularity;
using attn::Matrix;
using attn::MatrixId;
using attn::Scenario;
using attn::Stage;
using attn::Step;

namespace {

// 3 tokens, d_model 8, 2 heads of 4, generated weights; b_q and b_o given, b_k and b_v absent.
Scenario biased() {
  Scenario s = fixtures::tokens_scenario(3, 2, 8);
  s.b_q = Matrix(1, 8);
  *s.b_q << 0.5, -1, 2, 0.25, 1, 2, 3, 4;
  s.b_o = Matrix::Constant(1, 8, -0.5);
  return s;
}

Step step_of(const Scenario& s, Stage stage, int head) {
  const attn::Trace t = attn::run_attention(s);
  const auto steps = attn::build_steps(s, t, Granularity::PerMatrix);
  const int k = attn::find_step(steps, stage, head, -1);
  REQUIRE(k >= 0);
  return steps[static_cast<std::size_t>(k)];
}

}  // namespace

TEST_CASE("a projection with a bias shows it as a third operand, with its block", "[bias]") {
  const Step st = step_of(biased(), Stage::ProjectQ, 1);
  REQUIRE(st.operands.size() == 3);
  const attn::Operand& b = st.operands[2];
  CHECK(b.matrix == MatrixId::BQ);
  CHECK(b.label == "b_Q");
  CHECK(b.part == "b_Q^{(2)}");
  CHECK((b.rows == 1 && b.cols == 8));
  CHECK((b.cells.row0 == 0 && b.cells.rows == 1 && b.cells.col0 == 4 && b.cells.cols == 4));
  CHECK(st.formula == "Q_{2} = X W_Q^{(2)} + b_Q^{(2)}");
  CHECK(st.shapes == "X (3×8) · W_Q⁽²⁾ (8×4) + b_Q⁽²⁾ (1×4) → Q_2 (3×4)");
  CHECK(st.sentence ==
        "In head 2, each of the 3 tokens gets a query vector: its row of X (8 numbers) is "
        "multiplied by columns 5–8 of W_Q, then the bias row b_Q⁽²⁾ (4 numbers) is added to "
        "every row, so Q_2 is 3×4.");
  CHECK(st.size_rule.rfind("(3×8) @ (8×4) → (3×4)", 0) == 0);
}

TEST_CASE("a projection without its bias is the plain product, words unchanged", "[bias]") {
  const Step with_other = step_of(biased(), Stage::ProjectK, 0);  // b_q given, b_k absent
  const Step plain = step_of(fixtures::tokens_scenario(3, 2, 8), Stage::ProjectK, 0);
  CHECK(with_other.operands.size() == 2);
  CHECK(plain.operands.size() == 2);
  CHECK(with_other.formula == "K_{1} = X W_K^{(1)}");
  CHECK(with_other.formula == plain.formula);
  CHECK(with_other.shapes == plain.shapes);
  CHECK(with_other.sentence == plain.sentence);
  const Step out = step_of(fixtures::tokens_scenario(3, 2, 8), Stage::OutputProjection, -1);
  CHECK(out.operands.size() == 2);
  CHECK(out.formula == "Y = \\mathrm{Concat}\\, W_O");
}

TEST_CASE("the output projection adds b_O to every row", "[bias]") {
  const Step st = step_of(biased(), Stage::OutputProjection, -1);
  REQUIRE(st.operands.size() == 3);
  CHECK(st.operands[2].matrix == MatrixId::BO);
  CHECK(st.operands[2].part.empty());
  CHECK(st.formula == "Y = \\mathrm{Concat}\\, W_O + b_O");
  CHECK(st.shapes == "Concat (3×8) · W_O (8×8) + b_O (1×8) → Y (3×8)");
  CHECK(st.sentence ==
        "W_O (8×8) mixes the heads: each token's row of 8 concatenated numbers is multiplied by "
        "it, then the bias row b_O (8 numbers) is added to every row, giving the final output Y "
        "(3×8), one row per query token.");
  const attn::Trace t = attn::run_attention(biased());
  CHECK(attn::trace_matrix(t, MatrixId::BO, -1) == *t.inputs.b_o);
}

TEST_CASE("the lazy step keys and steps agree with biases", "[bias]") {
  const Scenario s = biased();
  const attn::Trace t = attn::run_attention(s);
  const auto steps = attn::build_steps(s, t, Granularity::PerQuery);
  const auto keys = attn::step_keys(t, Granularity::PerQuery);
  REQUIRE(keys.size() == steps.size());
  const Step one = attn::build_step(s, t, keys[0]);
  CHECK(one.formula == steps[0].formula);
  CHECK(one.operands.size() == 3);
}

TEST_CASE("a drilled cell of Q with a bias lists the bias term", "[bias]") {
  const Scenario s = biased();
  const attn::Trace t = attn::run_attention(s);
  const attn::ProductDrill d = attn::drill_projection(t, attn::Projection::Query, 1, 2, 3);
  CHECK(d.has_bias);
  CHECK(d.w_column == 7);
  CHECK(d.bias == 4.0);
  double terms = 0;
  for (Eigen::Index l = 0; l < d.terms.size(); ++l) terms += d.terms(l);
  CHECK(d.sum == terms + 4.0);
  CHECK(d.stored == t.heads[1].q(2, 3));
  CHECK(d.sum == Approx(d.stored).margin(1e-12));
  // K has no bias here: the drill is the plain product.
  const attn::ProductDrill k = attn::drill_projection(t, attn::Projection::Key, 0, 1, 1);
  CHECK_FALSE(k.has_bias);
  CHECK(k.bias == 0.0);
  // Y adds entry c of b_O.
  const attn::ProductDrill y = attn::drill_final_output(t, 0, 5);
  CHECK(y.has_bias);
  CHECK(y.bias == -0.5);
  CHECK(y.sum == Approx(t.output(0, 5)).margin(1e-12));
}
