// Drilling into cells: the worked example's numbers by hand, every scoring function by hand on a
// 2x2 case, and agreement with the trace over every cell of several scenarios and all kinds.
#include <catch2/catch.hpp>
#include <cmath>
#include <string>
#include <vector>

#include "explain/drill.h"
#include "steps_fixtures.h"

using attn::Matrix;
using attn::RowVector;
using attn::Scenario;
using attn::ScoreKind;

namespace {

using fixtures::row;

// Two tokens, d_model 2, one head, identity W_Q/W_K/W_V, no W_O, X = [[1, 1], [1, -1]].
Scenario two_by_two(ScoreKind kind) {
  Scenario s;
  s.query_tokens = {"a", "b"};
  s.d_model = 2;
  s.heads = 1;
  s.x_q = (Matrix(2, 2) << 1, 1, 1, -1).finished();
  s.w_q = s.w_k = s.w_v = Matrix::Identity(2, 2);
  s.w_o_mode = attn::OutputProjection::None;
  s.score = kind;
  return s;
}

// Scenarios covering masks, a fully masked query, cross-attention, d_k != d_v != d_a, in `kind`.
std::vector<Scenario> scenarios(ScoreKind kind) {
  std::vector<Scenario> all;
  all.push_back(fixtures::worked_example());
  all.push_back(fixtures::tokens_scenario(6, 3, 12));
  all.back().mask = attn::MaskKind::Causal;
  all.back().padded_keys = {0};  // query 0 sees nothing: fully masked
  all.push_back(fixtures::tokens_scenario(5, 2, 8));
  for (int j = 0; j < 4; ++j) all.back().key_tokens.push_back("k" + std::to_string(j));
  all.back().d_k = 3;
  all.back().d_v = 5;
  all.back().d_a = 6;
  all.back().seed = 7;
  all.back().padded_keys = {2};
  for (Scenario& s : all) s.score = kind;
  return all;
}

}  // namespace

TEST_CASE("the worked example's score (0, 0) written out", "[drill]") {
  const Scenario s = fixtures::worked_example();
  const attn::ScoreDrill d = attn::drill_score(s, attn::run_attention(s), 0, 0, 0);
  // q_1 = [1,0,0] W_Q = [2,0,2], k_1 = [1,0,0] W_K = [2,2,2]: products [4,0,4], sum 8, / sqrt(3).
  CHECK(d.kind == ScoreKind::ScaledDot);
  CHECK(d.q == row({2, 0, 2}));
  CHECK(d.k == row({2, 2, 2}));
  CHECK(d.q_mapped == d.q);
  CHECK(d.products == row({4, 0, 4}));
  CHECK(d.sum == 8.0);
  CHECK(d.divisor == std::sqrt(3.0));
  CHECK(d.scaled == Approx(4.6188021535).margin(1e-10));
  CHECK_FALSE(d.masked);
  CHECK(d.hidden.size() == 0);
  CHECK(d.v_a.size() == 0);
}

TEST_CASE("the worked example's weight (0, 0) written out", "[drill]") {
  const attn::Trace t = attn::run_attention(fixtures::worked_example());
  const attn::WeightDrill d = attn::drill_weight(t, 0, 0, 0);
  // Row [8, 2, 10, 2] / sqrt(3); max 10 / sqrt(3); shifted [-2, -8, 0, -8] / sqrt(3).
  const double r3 = std::sqrt(3.0);
  CHECK(d.row == row({8 / r3, 2 / r3, 10 / r3, 2 / r3}));
  CHECK(d.max == 10 / r3);
  CHECK(d.shifted(2) == 0.0);
  CHECK(d.shifted(0) == Approx(-2 / r3).margin(1e-15));
  CHECK(d.shifted(1) == Approx(-8 / r3).margin(1e-15));
  CHECK(d.exps(2) == 1.0);
  CHECK(d.exps(0) == Approx(0.3151518986722024).margin(1e-15));
  CHECK(d.exps(1) == Approx(0.009864605269694215).margin(1e-15));
  CHECK(d.sum == Approx(1.3348811092115909).margin(1e-15));
  // The article's printed row: 0.236089863, 0.00738987555, 0.749130386, 0.00738987555.
  const double printed[] = {0.236089863, 0.00738987555, 0.749130386, 0.00738987555};
  for (int j = 0; j < 4; ++j) CHECK(d.weights(j) == Approx(printed[j]).margin(1e-9));
  CHECK(d.weight == d.weights(0));
  CHECK_FALSE(d.fully_masked);
}

TEST_CASE("the worked example's output (0, 0) and (0, 1) written out", "[drill]") {
  const attn::Trace t = attn::run_attention(fixtures::worked_example());
  // V = X W_V has rows [1,1,0], [0,1,1], [1,2,1], [0,0,0]; column 0 is [1, 0, 1, 0].
  const attn::OutputDrill d = attn::drill_output(t, 0, 0, 0);
  CHECK(d.values == row({1, 0, 1, 0}));
  CHECK(d.weights == t.heads[0].weights.row(0));
  CHECK(d.terms == row({d.weights(0), 0, d.weights(2), 0}));  // a_0j * v_j0
  CHECK(d.sum == Approx(0.98522025).margin(1e-8));
  const attn::OutputDrill d1 = attn::drill_output(t, 0, 0, 1);  // column 1: [1, 1, 2, 0]
  CHECK(d1.values == row({1, 1, 2, 0}));
  CHECK(d1.sum == Approx(1.74174051).margin(1e-8));
}

TEST_CASE("each scoring function written out on a 2x2 case", "[drill]") {
  // q_0 = [1, 1] (query 0), k_1 = [1, -1] (key 1).
  SECTION("Dot: q . k = 0, not divided") {
    const Scenario s = two_by_two(ScoreKind::Dot);
    const attn::ScoreDrill d = attn::drill_score(s, attn::run_attention(s), 0, 0, 1);
    CHECK(d.products == row({1, -1}));
    CHECK(d.sum == 0.0);
    CHECK(d.divisor == 1.0);
    CHECK(d.scaled == 0.0);
  }
  SECTION("General: q W_a = [1, 3] with W_a = [[1, 2], [0, 1]]; products [1, -3], sum -2") {
    Scenario s = two_by_two(ScoreKind::General);
    s.w_bilinear = (Matrix(2, 2) << 1, 2, 0, 1).finished();
    REQUIRE_FALSE(attn::validate(s).has_value());
    const attn::ScoreDrill d = attn::drill_score(s, attn::run_attention(s), 0, 0, 1);
    CHECK(d.kind == ScoreKind::General);
    CHECK(d.q_mapped == row({1, 3}));
    CHECK(d.products == row({1, -3}));
    CHECK(d.sum == -2.0);
    CHECK(d.divisor == 1.0);
    CHECK(d.scaled == -2.0);
  }
  SECTION("Additive: v_a . tanh(q W_1 + k W_2) with d_a = 3") {
    // q W_1 = [1, 1, 2]; k W_2 = [-1, 1, 0]; sum [0, 2, 2]; tanh [0, t, t] with t = tanh 2;
    // v_a = [1, -1, 0.5]: products [0, -t, t / 2], sum -t / 2 = -0.48201379003790845.
    Scenario s = two_by_two(ScoreKind::Additive);
    s.d_a = 3;
    s.w_additive_q = (Matrix(2, 3) << 1, 0, 1, 0, 1, 1).finished();
    s.w_additive_k = (Matrix(2, 3) << 0, 1, 0, 1, 0, 0).finished();
    s.v_additive = (Matrix(1, 3) << 1, -1, 0.5).finished();
    REQUIRE_FALSE(attn::validate(s).has_value());
    const attn::ScoreDrill d = attn::drill_score(s, attn::run_attention(s), 0, 0, 1);
    const double t = std::tanh(2.0);
    CHECK(d.hidden_q == row({1, 1, 2}));
    CHECK(d.hidden_k == row({-1, 1, 0}));
    CHECK(d.hidden == row({0, t, t}));
    CHECK(d.v_a == row({1, -1, 0.5}));
    CHECK(d.products == row({0, -t, t / 2}));
    CHECK(d.sum == Approx(-0.48201379003790845).margin(1e-15));
    CHECK(d.divisor == 1.0);
    CHECK(d.scaled == d.sum);
    CHECK(d.q_mapped.size() == 0);
  }
}

TEST_CASE("drills agree with the trace in every cell, for every scoring function", "[drill]") {
  for (ScoreKind kind :
       {ScoreKind::Dot, ScoreKind::ScaledDot, ScoreKind::General, ScoreKind::Additive}) {
    const std::vector<Scenario> all = scenarios(kind);
    for (std::size_t c = 0; c < all.size(); ++c) {
      const Scenario& s = all[c];
      INFO("kind " << static_cast<int>(kind) << ", scenario " << c);
      REQUIRE_FALSE(attn::validate(s).has_value());
      const attn::Trace t = attn::run_attention(s);
      double worst_score = 0, worst_output = 0;
      for (int h = 0; h < s.heads; ++h) {
        const attn::HeadTrace& ht = t.heads[static_cast<std::size_t>(h)];
        for (int i = 0; i < s.m(); ++i) {
          for (int j = 0; j < s.n(); ++j) {
            const attn::ScoreDrill d = attn::drill_score(s, t, h, i, j);
            worst_score = std::max(worst_score, std::abs(d.sum - ht.scores(i, j)));
            worst_score = std::max(worst_score, std::abs(d.scaled - ht.scaled(i, j)));
            CHECK(d.masked == (t.mask(i, j) == 0.0));
            CHECK(d.products.size() == (kind == ScoreKind::Additive ? t.d_a : t.d_k));

            const attn::WeightDrill w = attn::drill_weight(t, h, i, j);
            CHECK(w.weights == ht.weights.row(i));  // same arithmetic: equal bit for bit
            CHECK(w.weight == ht.weights(i, j));
            if (d.masked) CHECK(w.exps(j) == 0.0);
            CHECK(w.weights.sum() == Approx(w.fully_masked ? 0.0 : 1.0).margin(1e-12));
          }
          for (int col = 0; col < t.d_v; ++col) {
            const attn::OutputDrill o = attn::drill_output(t, h, i, col);
            worst_output = std::max(worst_output, std::abs(o.sum - ht.output(i, col)));
          }
        }
      }
      INFO("max |drill - trace|: scores " << worst_score << ", outputs " << worst_output);
      CHECK(worst_score < 1e-12);
      CHECK(worst_output < 1e-12);
    }
  }
}

TEST_CASE("a fully masked query drills to zeros, flagged", "[drill]") {
  const Scenario s = scenarios(ScoreKind::ScaledDot)[1];  // causal, key 0 padded: query 0 blind
  const attn::Trace t = attn::run_attention(s);
  REQUIRE(t.fully_masked_queries == std::vector<int>{0});
  const attn::WeightDrill w = attn::drill_weight(t, 1, 0, 0);
  CHECK(w.fully_masked);
  CHECK(w.max == 0.0);
  CHECK(w.sum == 0.0);
  CHECK(w.exps.isZero(0.0));
  CHECK(w.weights.isZero(0.0));
  CHECK(w.weight == 0.0);
  CHECK(w.row.size() == 6);
  for (Eigen::Index j = 0; j < 6; ++j) CHECK((std::isinf(w.shifted(j)) && w.shifted(j) < 0));
  CHECK(attn::drill_score(s, t, 1, 0, 0).masked);
  const attn::OutputDrill o = attn::drill_output(t, 1, 0, 2);
  CHECK(o.terms.isZero(0.0));
  CHECK(o.sum == 0.0);
}

TEST_CASE("drilling outside the matrices gives an empty drill", "[drill]") {
  const Scenario s = fixtures::worked_example();
  const attn::Trace t = attn::run_attention(s);
  CHECK(attn::drill_score(s, t, 1, 0, 0).products.size() == 0);
  CHECK(attn::drill_score(s, t, 0, 4, 0).q.size() == 0);
  CHECK(attn::drill_score(s, t, 0, 0, -1).k.size() == 0);
  CHECK(attn::drill_weight(t, -1, 0, 0).weights.size() == 0);
  CHECK(attn::drill_weight(t, 0, 0, 4).row.size() == 0);
  CHECK(attn::drill_output(t, 0, 0, 3).terms.size() == 0);
  CHECK(attn::drill_output(t, 0, 5, 0).sum == 0.0);
}
