// One step at a time (step_keys + build_step, what the page asks the module for) equals the whole
// sequence (build_steps), and sentences of 512 tokens run, self and cross, masked and not.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "attention/attention.h"
#include "steps/steps.h"
#include "steps_fixtures.h"

using attn::Granularity;
using attn::Scenario;
using attn::Stage;
using attn::Step;

namespace {

void check_operand(const attn::Operand& a, const attn::Operand& b) {
  CHECK(a.matrix == b.matrix);
  CHECK(a.head == b.head);
  CHECK(a.label == b.label);
  CHECK(a.part == b.part);
  CHECK(a.rows == b.rows);
  CHECK(a.cols == b.cols);
  CHECK(a.transposed == b.transposed);
  CHECK(a.cells.row0 == b.cells.row0);
  CHECK(a.cells.rows == b.cells.rows);
  CHECK(a.cells.col0 == b.cells.col0);
  CHECK(a.cells.cols == b.cells.cols);
}

/// Every step built alone equals the same step of the whole sequence, field by field.
void check_lazy_equals_eager(const Scenario& s, Granularity g) {
  REQUIRE_FALSE(attn::validate(s).has_value());
  const attn::Trace t = attn::run_attention(s);
  const std::vector<Step> all = attn::build_steps(s, t, g);
  const std::vector<attn::StepKey> keys = attn::step_keys(t, g);
  REQUIRE(keys.size() == all.size());
  for (size_t k = 0; k < keys.size(); ++k) {
    INFO("step " << k);
    const Step one = attn::build_step(s, t, keys[k]);
    const Step& want = all[k];
    REQUIRE(one.stage == want.stage);
    REQUIRE(one.head == want.head);
    REQUIRE(one.query == want.query);
    REQUIRE(one.operands.size() == want.operands.size());
    for (size_t i = 0; i < one.operands.size(); ++i)
      check_operand(one.operands[i], want.operands[i]);
    check_operand(one.result, want.result);
    CHECK(one.shapes == want.shapes);
    CHECK(one.size_rule == want.size_rule);
    CHECK(one.formula == want.formula);
    CHECK(one.formula_numbers == want.formula_numbers);
    CHECK(one.sentence == want.sentence);
    CHECK(one.flagged == want.flagged);
  }
}

/// `tokens` distinct tokens "w0", "w1", ... (prefix `p`).
std::vector<std::string> words(int tokens, const std::string& p = "w") {
  std::vector<std::string> out;
  for (int i = 0; i < tokens; ++i) out.push_back(p + std::to_string(i));
  return out;
}

}  // namespace

TEST_CASE("a step built alone equals the same step of the whole sequence", "[steps][lazy]") {
  for (Granularity g : {Granularity::PerQuery, Granularity::PerMatrix}) {
    check_lazy_equals_eager(fixtures::article_sentence(), g);
    check_lazy_equals_eager(fixtures::worked_example(), g);
    Scenario cross = fixtures::tokens_scenario(4, 2, 8);
    cross.key_tokens = {"u", "v", "w"};
    cross.padded_keys = {0, 1, 2};  // every key padded: fully masked, flagged steps
    cross.score = attn::ScoreKind::Additive;
    check_lazy_equals_eager(cross, g);
    Scenario general = fixtures::tokens_scenario(5, 2, 8);
    general.mask = attn::MaskKind::Causal;
    general.score = attn::ScoreKind::General;
    check_lazy_equals_eager(general, g);
  }
}

TEST_CASE("sentences of 512 tokens run, self and cross, every mask", "[steps][lazy][limits]") {
  Scenario self;
  self.query_tokens = words(512);
  self.d_model = 32;
  self.heads = 2;
  self.mask = attn::MaskKind::Causal;
  REQUIRE_FALSE(attn::validate(self).has_value());
  const attn::Trace t = attn::run_attention(self);
  const auto keys = attn::step_keys(t, Granularity::PerQuery);
  // Per head: 3 projections + 512 queries × (Scores, Scale, Mask, Softmax, WeightedSum);
  // then Concat and the output projection.
  CHECK(keys.size() == 2u * (3 + 512 * 5) + 2);
  const Step last = attn::build_step(self, t, {Stage::Softmax, 1, 511});
  CHECK(last.result.cells.row0 == 511);
  CHECK(last.result.cols == 512);
  CHECK(t.heads[1].weights.row(511).sum() == Approx(1.0));
  CHECK(t.heads[1].weights.row(0)(0) == Approx(1.0));  // causal: the first query sees itself only

  Scenario cross;
  cross.query_tokens = words(512, "q");
  cross.key_tokens = words(512, "k");
  cross.padded_keys = {0, 511};
  cross.d_model = 16;
  cross.heads = 1;
  cross.score = attn::ScoreKind::Dot;
  REQUIRE_FALSE(attn::validate(cross).has_value());
  const attn::Trace c = attn::run_attention(cross);
  CHECK(c.heads[0].weights.rows() == 512);
  CHECK(c.heads[0].weights(7, 511) == 0.0);
  const Step mask = attn::build_step(cross, c, {Stage::Mask, 0, 300});
  CHECK(mask.sentence.find("q300") != std::string::npos);

  self.query_tokens.push_back("one-too-many");
  const auto error = attn::validate(self);
  REQUIRE(error.has_value());
  CHECK(error->field == "query_tokens");
  CHECK(error->message == "query_tokens has 513 tokens; it must have at most 512");
}
