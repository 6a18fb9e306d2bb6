// The steps and the drill-down on the modern fields: with grouped-query attention a projection
// step of K or V reads its K/V head's block of W_K / W_V (and b_K / b_V), and a drilled cell of K
// adds up to the stored value; with RoPE the Scores step reads the rotated q and k, and a drilled
// score is their dot product.
#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "attention/attention.h"
#include "attention/registry.h"
#include "explain/drill.h"
#include "steps/steps.h"

using attn::MatrixId;
using attn::Scenario;

namespace {

Scenario grouped() {
  Scenario s;
  s.query_tokens = {"a", "b", "c", "d", "e"};
  s.d_model = 8;
  s.heads = 4;  // d_k = d_v = 2
  s.kv_heads = 2;
  s.seed = 3;
  s.b_k = attn::Matrix::Constant(1, 4, 0.5);
  s.rope = attn::Rope{10000.0, attn::RopeStyle::Interleaved, 0};
  return s;
}

}  // namespace

TEST_CASE("modern steps: a K/V projection reads its K/V head's block", "[modern][steps]") {
  const Scenario s = grouped();
  REQUIRE_FALSE(attn::validate(s));
  const attn::Trace t = attn::run_attention(s);
  for (const attn::Step& st : attn::build_steps(s, t, attn::Granularity::PerMatrix)) {
    if (st.stage != attn::Stage::ProjectK && st.stage != attn::Stage::ProjectV) continue;
    const int g = st.head / 2;  // heads 0, 1 read K/V head 0; heads 2, 3 read K/V head 1
    INFO("head " << st.head);
    CHECK(st.operands[1].cells.col0 == g * 2);
    CHECK(st.operands[1].cells.cols == 2);
    CHECK(st.operands[1].part == std::string(st.stage == attn::Stage::ProjectK ? "W_K" : "W_V") +
                                     "^{(" + std::to_string(g + 1) + ")}");
    if (st.stage == attn::Stage::ProjectK) CHECK(st.operands[2].cells.col0 == g * 2);
  }
  for (int head = 0; head < 4; ++head) {
    const attn::ProductDrill d = attn::drill_projection(t, attn::Projection::Key, head, 3, 1);
    CHECK(std::abs(d.sum - d.stored) < 1e-12);
    CHECK(d.stored == t.heads[static_cast<std::size_t>(head)].k(3, 1));
  }
}

TEST_CASE("modern steps: with RoPE the scores are of the rotated q and k", "[modern][steps]") {
  const Scenario s = grouped();
  const attn::Trace t = attn::run_attention(s);
  for (const attn::Step& st : attn::build_steps(s, t, attn::Granularity::PerMatrix)) {
    if (st.stage != attn::Stage::Scores) continue;
    CHECK(st.operands[0].matrix == MatrixId::QRotated);
    CHECK(st.operands[1].matrix == MatrixId::KRotated);
  }
  const attn::ScoreDrill d = attn::drill_score(s, t, 3, 4, 2);
  CHECK(std::abs(d.sum - t.heads[3].scores(4, 2)) < 1e-12);
  CHECK(d.q == t.heads[3].q_rotated->row(4));
}
