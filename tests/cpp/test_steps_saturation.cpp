// The Scale step's sentence says whether the softmax saturates, read from the weights: the worked
// example's rows stay below 0.9, and the same example with X tripled (scores 9 times larger)
// gives one key nearly all the weight, which the sentence must then say.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "attention/attention.h"
#include "steps/steps.h"
#include "steps_fixtures.h"

using attn::Granularity;
using attn::Stage;
using attn::Step;
using fixtures::steps_of;

namespace {

const Step& scale_step(const std::vector<Step>& steps, int query) {
  const int k = attn::find_step(steps, Stage::Scale, 0, query);
  REQUIRE(k >= 0);
  return steps[k];
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("the Scale sentence says whether each row, and how many rows, saturate") {
  const attn::Scenario s = fixtures::worked_example();
  const auto rows = steps_of(s, Granularity::PerQuery);
  // Row 1's largest weight is 0.7491 (the article's figure); row 4's is 0.9057.
  CHECK(contains(scale_step(rows, 0).sentence, "so the softmax does not saturate."));
  CHECK(contains(scale_step(rows, 3).sentence,
                 "its largest weight is 0.9057, so the softmax "
                 "saturates."));
  const auto whole = steps_of(s, Granularity::PerMatrix);
  CHECK(contains(scale_step(whole, -1).sentence,
                 "keeps the scores from growing with d_k; even so, 1 of the 4 rows gives one key "
                 "0.9 or more (up to 0.9057), so the softmax saturates there."));
}

TEST_CASE("the Scale sentence names the largest weight when the softmax saturates") {
  attn::Scenario s = fixtures::worked_example();
  *s.x_q *= 3.0;  // every score 9 times larger: row 1's scaled scores become 41.6, 10.4, 52.0, 10.4
  const attn::Trace t = attn::run_attention(s);
  const double top = t.heads[0].weights.row(0).maxCoeff();
  REQUIRE(top > 0.99);
  const auto rows = steps_of(s, Granularity::PerQuery);
  const std::string& sentence = scale_step(rows, 0).sentence;
  CHECK_FALSE(contains(sentence, "does not saturate"));
  CHECK(contains(sentence, "keeps them from growing with d_k; even so, its largest weight is " +
                               attn::format_fixed(top, 4) + ", so the softmax saturates."));

  const auto whole = steps_of(s, Granularity::PerMatrix);
  const std::string& matrix_sentence = scale_step(whole, -1).sentence;
  CHECK_FALSE(contains(matrix_sentence, "does not saturate"));
  CHECK(contains(matrix_sentence, "rows give one key 0.9 or more (up to "));
  CHECK(contains(matrix_sentence, "so the softmax saturates there."));
}
