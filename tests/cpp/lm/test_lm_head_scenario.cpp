// lm attention's scenario (lm/head_scenario.h) is the model's own attention layer: read by the
// core's scenario reader and traced by run_attention, every head's weights are the model's and
// the output Y is the layer's attention output concat(o) Wo^T (= h - x, the residual's step).
#include <catch2/catch.hpp>
#include <variant>

#include "attention/attention.h"
#include "lm/head_scenario.h"
#include "lm/model.h"
#include "lm_fixtures.h"
#include "scenario/scenario_json.h"

using namespace attn::lm;
using attn::Matrix;

namespace {

double max_diff(const Matrix& a, const Matrix& b) {
  REQUIRE(a.rows() == b.rows());
  REQUIRE(a.cols() == b.cols());
  return (a - b).cwiseAbs().maxCoeff();
}

}  // namespace

TEST_CASE("the head scenario traces to the model's weights and attention output") {
  const LmWeights w = tiny_weights(true);
  const std::vector<int> ids{1, 5, 3, 7, 5, 2, 9};
  ForwardCache fc;
  forward(w, ids, &fc);
  std::vector<std::string> tokens;
  for (int id : ids) tokens.push_back("#" + std::to_string(id));
  for (int layer = 0; layer < 2; ++layer) {
    const std::string text = head_scenario(w, fc, layer, 3, tokens);
    auto parsed = attn::parse_scenario_json(text);
    REQUIRE(std::holds_alternative<attn::Scenario>(parsed));
    const attn::Scenario& s = std::get<attn::Scenario>(parsed);
    REQUIRE_FALSE(attn::validate(s).has_value());
    const attn::Trace t = attn::run_attention(s);
    REQUIRE(t.heads.size() == 4);
    CHECK(t.kv_heads == 2);
    const LayerCache& lc = fc.layers[layer];
    for (int h = 0; h < 4; ++h) CHECK(max_diff(t.heads[h].weights, lc.att[h]) < 1e-12);
    CHECK(max_diff(t.output, lc.h - lc.x) < 1e-12);
  }
}
