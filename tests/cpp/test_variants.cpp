// Every registered variant through the shared checks (variant_checks.h), plus the window mask's
// own rule: query i sees key j when i - window < j <= i.
#include <catch2/catch.hpp>

#include "attention/registry.h"
#include "kernels/variants.h"
#include "variant_checks.h"

using attn::Matrix;

namespace {

attn::Scenario scenario(attn::MaskKind mask, attn::ScoreKind score) {
  attn::Scenario s;
  s.query_tokens = {"the", "cat", "sat", "on", "the", "mat"};
  s.d_model = 8;
  s.heads = 2;
  s.seed = 11;
  s.mask = mask;
  s.score = score;
  if (mask == attn::MaskKind::Window) s.window = 2;
  return s;
}

}  // namespace

TEST_CASE("every mask kind passes the shared checks, with and without padding", "[variants]") {
  for (const attn::MaskVariant& mask : attn::mask_variants()) {
    for (const attn::ScoreVariant& score : attn::score_variants()) {
      INFO(mask.name << " / " << score.name);
      attn::Scenario s = scenario(mask.kind, score.kind);
      REQUIRE_FALSE(attn::validate(s));
      variant_checks::check_traced(s);
      s.padded_keys = {0, 3};
      variant_checks::check_traced(s);
    }
    INFO(mask.name << " / training");
    variant_checks::check_training(scenario(mask.kind, attn::ScoreKind::ScaledDot));
  }
}

TEST_CASE("a window of w keys: query i sees keys i - w + 1 .. i, padding on top", "[variants]") {
  attn::Scenario s = scenario(attn::MaskKind::Window, attn::ScoreKind::ScaledDot);
  s.window = 3;
  s.padded_keys = {4};
  const attn::KeyMask mask = attn::scenario_mask(s);
  // Row 5 sees keys 3, 4, 5 by the window, less the padded key 4.
  CHECK(mask.row(5) == (attn::RowVector(6) << 0, 0, 0, 1, 0, 1).finished());
  CHECK(mask.row(0) == (attn::RowVector(6) << 1, 0, 0, 0, 0, 0).finished());
  // A window of 1: each query sees only itself, so its weight on itself is exactly 1.
  s.window = 1;
  s.padded_keys.clear();
  const attn::Trace t = attn::run_attention(s);
  CHECK(t.heads[0].weights == Matrix::Identity(6, 6));
  // A window at least as long as the sentence is the causal mask.
  s.window = 6;
  attn::Scenario causal = s;
  causal.mask = attn::MaskKind::Causal;
  causal.window.reset();
  CHECK(attn::scenario_mask(s) == attn::scenario_mask(causal));
}

TEST_CASE("window is checked: with mask \"window\" only, a whole number 1..512", "[variants]") {
  attn::Scenario s = scenario(attn::MaskKind::Window, attn::ScoreKind::ScaledDot);
  s.window = 0;
  auto e = attn::validate(s);
  REQUIRE(e);
  CHECK(e->field == "window");
  CHECK(e->message == "window is 0; it must be between 1 and 512");
  s.window = 513;
  CHECK(attn::validate(s)->message == "window is 513; it must be between 1 and 512");
  s.window.reset();
  CHECK(attn::validate(s)->message ==
        "mask is \"window\" but window is missing; it must be a whole number between 1 and 512");
  s.mask = attn::MaskKind::Causal;
  s.window = 2;
  CHECK(attn::validate(s)->message ==
        "window is given but mask is \"causal\"; it is only used by mask \"window\"");
}

TEST_CASE("the matrix registry: ids kept, one row each, getters reach the trace", "[variants]") {
  const auto& rows = attn::matrix_registry();
  // 24 kept ids, 8 whole-trace ones, rotated Q/K, bias, lse, scaled + bias
  REQUIRE(rows.size() == 37);
  for (int id = 0; id < 37; ++id) REQUIRE(attn::matrix_info(id));
  CHECK(attn::matrix_info(37) == nullptr);
  CHECK(attn::matrix_info(static_cast<int>(attn::MatrixId::Wq))->file_field == std::string("w_q"));
  CHECK(attn::matrix_info(static_cast<int>(attn::MatrixId::Weights))->per_head);
  const attn::Scenario s = scenario(attn::MaskKind::Causal, attn::ScoreKind::ScaledDot);
  const attn::Trace t = attn::run_attention(s);
  for (const attn::MatrixInfo& row : rows) {
    INFO(row.trace_field);
    const Matrix* m = row.get(t, 1);
    if (!m) continue;  // W_O, scoring parameters and biases the scenario lacks
    CHECK(m->rows() == attn::dim_size(row.rows, s, true));
    CHECK(m->cols() == attn::dim_size(row.cols, s, true));
  }
}
