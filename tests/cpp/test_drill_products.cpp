// Drilling into Q, K, V and the final output Y: a row times a column, written out term by term.
// The worked example by hand, the head's column of W, and agreement with an independent
// computation (plain loops on freshly resolved inputs; attention_direct for Y) and the trace.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <string>
#include <vector>

#include "explain/drill.h"
#include "steps_fixtures.h"

using attn::Matrix;
using attn::ProductDrill;
using attn::Projection;
using attn::Scenario;

namespace {

using fixtures::row;

// sum_l x(i, l) w(l, col), as plain loops.
double dot_by_hand(const Matrix& x, int i, const Matrix& w, int col) {
  double sum = 0;
  for (Eigen::Index l = 0; l < x.cols(); ++l) sum += x(i, l) * w(l, col);
  return sum;
}

// Several heads, cross-attention with d_k != d_v and W_O, a masked causal case.
std::vector<Scenario> scenarios() {
  std::vector<Scenario> all;
  all.push_back(fixtures::tokens_scenario(4, 3, 12));
  all.push_back(fixtures::tokens_scenario(5, 2, 8));
  for (int j = 0; j < 3; ++j) all.back().key_tokens.push_back("k" + std::to_string(j));
  all.back().d_k = 3;
  all.back().d_v = 5;
  all.back().seed = 7;
  all.push_back(fixtures::tokens_scenario(6, 2, 16));
  all.back().mask = attn::MaskKind::Causal;
  return all;
}

}  // namespace

TEST_CASE("the worked example's Q, K and V cells written out", "[drill]") {
  const attn::Trace t = attn::run_attention(fixtures::worked_example());
  // q_1 component 1: x_1 = [1, 0, 0] times column 1 of W_Q, [2, 2, 2].
  const ProductDrill q = attn::drill_projection(t, Projection::Query, 0, 0, 0);
  CHECK(q.row == row({1, 0, 0}));
  CHECK(q.column == row({2, 2, 2}));
  CHECK(q.terms == row({2, 0, 0}));
  CHECK(q.sum == 2.0);
  CHECK(q.stored == 2.0);
  CHECK(q.w_column == 0);
  CHECK(q.product);
  // k_1 component 2: x_1 times column 2 of W_K, [2, 2, 1].
  const ProductDrill k = attn::drill_projection(t, Projection::Key, 0, 0, 1);
  CHECK(k.column == row({2, 2, 1}));
  CHECK(k.terms == row({2, 0, 0}));
  CHECK(k.stored == 2.0);
  // v_3 component 2: x_3 = [1, 1, 0] times column 2 of W_V, [1, 1, 0]: V row 3 is [1, 2, 1].
  const ProductDrill v = attn::drill_projection(t, Projection::Value, 0, 2, 1);
  CHECK(v.row == row({1, 1, 0}));
  CHECK(v.column == row({1, 1, 0}));
  CHECK(v.terms == row({1, 1, 0}));
  CHECK(v.sum == 2.0);
  CHECK(v.stored == 2.0);
}

TEST_CASE("head h's component c is column h * width + c of W", "[drill]") {
  Scenario s = scenarios()[1];  // 2 heads, d_k 3, d_v 5
  REQUIRE_FALSE(attn::validate(s).has_value());
  const attn::Trace t = attn::run_attention(s);
  CHECK(attn::drill_projection(t, Projection::Query, 1, 0, 2).w_column == 5);
  CHECK(attn::drill_projection(t, Projection::Key, 1, 2, 0).w_column == 3);
  CHECK(attn::drill_projection(t, Projection::Value, 1, 2, 4).w_column == 9);
  // K and V rows are keys (3 of them), Q rows are queries (5).
  CHECK(attn::drill_projection(t, Projection::Query, 0, 4, 0).row.size() == 8);
  CHECK(attn::drill_projection(t, Projection::Key, 0, 3, 0).row.size() == 0);
  CHECK(attn::drill_final_output(t, 4, 7).terms.size() == 10);  // h * d_v terms
}

TEST_CASE("Q, K, V and Y drills agree with an independent computation and the trace", "[drill]") {
  for (const Scenario& s : scenarios()) {
    REQUIRE_FALSE(attn::validate(s).has_value());
    const attn::Trace t = attn::run_attention(s);
    const attn::Inputs in = attn::resolve_inputs(s);  // computed again, apart from the trace
    double worst = 0;
    auto check = [&](const ProductDrill& d, double independent) {
      REQUIRE(d.terms.size() == d.row.size());
      worst = std::max({worst, std::abs(d.sum - independent), std::abs(d.stored - independent)});
    };
    for (int h = 0; h < s.heads; ++h) {
      for (int i = 0; i < s.m(); ++i) {
        for (int c = 0; c < t.d_k; ++c) {
          check(attn::drill_projection(t, Projection::Query, h, i, c),
                dot_by_hand(in.x_q, i, in.w_q, h * t.d_k + c));
        }
      }
      for (int j = 0; j < s.n(); ++j) {
        for (int c = 0; c < t.d_k; ++c) {
          check(attn::drill_projection(t, Projection::Key, h, j, c),
                dot_by_hand(in.x_kv, j, in.w_k, h * t.d_k + c));
        }
        for (int c = 0; c < t.d_v; ++c) {
          check(attn::drill_projection(t, Projection::Value, h, j, c),
                dot_by_hand(in.x_kv, j, in.w_v, h * t.d_v + c));
        }
      }
    }
    REQUIRE(in.w_o.has_value());
    const Matrix direct = attn::attention_direct(
        in, s.score, s.heads, t.d_k, t.d_v, attn::build_mask(s.m(), s.n(), s.mask, s.padded_keys));
    for (int i = 0; i < s.m(); ++i) {
      for (int c = 0; c < s.d_model; ++c) check(attn::drill_final_output(t, i, c), direct(i, c));
    }
    INFO("max |drill - independent|, sums and stored values: " << worst);
    CHECK(worst < 1e-12);
  }
}

TEST_CASE("without W_O the final output is Concat itself, nothing multiplied", "[drill]") {
  const attn::Trace t = attn::run_attention(fixtures::worked_example());
  const ProductDrill y = attn::drill_final_output(t, 1, 2);
  CHECK_FALSE(y.product);
  CHECK(y.terms.size() == 0);
  CHECK(y.column.size() == 0);
  CHECK(y.sum == t.concat(1, 2));
  CHECK(y.stored == t.output(1, 2));
}

TEST_CASE("drilling outside Q, K, V or Y gives an empty drill", "[drill]") {
  const attn::Trace t = attn::run_attention(fixtures::worked_example());
  CHECK(attn::drill_projection(t, Projection::Query, 1, 0, 0).terms.size() == 0);
  CHECK(attn::drill_projection(t, Projection::Key, 0, 4, 0).row.size() == 0);
  CHECK(attn::drill_projection(t, Projection::Value, 0, 0, 3).terms.size() == 0);
  CHECK(attn::drill_final_output(t, 0, 3).row.size() == 0);
  CHECK(attn::drill_final_output(t, -1, 0).sum == 0.0);
}
