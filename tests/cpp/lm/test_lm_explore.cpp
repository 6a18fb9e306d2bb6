// The Model view's asks: streaming gives generate()'s tokens, top tokens are the softmax's
// largest, and the induction demo is measure_induction's first sequence.
#include <catch2/catch.hpp>
#include <cmath>

#include "lm/decode.h"
#include "lm/eval.h"
#include "lm/explore.h"
#include "lm/model.h"
#include "lm_fixtures.h"

using namespace attn::lm;
using attn::Matrix;

TEST_CASE("TokenStream gives generate()'s tokens, greedy and sampled") {
  const LmWeights w = tiny_weights(true);
  const std::vector<int> prompt{1, 5, 3};
  for (double temperature : {0.0, 0.8, 1.5}) {
    for (std::uint64_t seed : {1u, 7u}) {
      const Generation g = generate(w, prompt, 20, temperature, seed);
      TokenStream s(w, prompt, seed);
      std::vector<int> ids = prompt;
      for (int id = s.next(temperature); id >= 0; id = s.next(temperature)) {
        if (id == kBos) break;
        ids.push_back(id);
      }
      CHECK(ids == g.ids);
      CHECK(s.ended());
    }
  }
}

TEST_CASE("top_tokens are the most likely, in order, with softmax probabilities") {
  Matrix logits(1, 5);
  logits << 0.5, 2.0, -1.0, 2.0, 1.0;
  const TopTokens t = top_tokens(logits, 3);
  CHECK(t.ids == std::vector<int>{1, 3, 4});
  const double sum = std::exp(0.5) + 2 * std::exp(2.0) + std::exp(-1.0) + std::exp(1.0);
  CHECK(t.probs[0] == Approx(std::exp(2.0) / sum).epsilon(1e-14));
  CHECK(t.probs[2] == Approx(std::exp(1.0) / sum).epsilon(1e-14));
  CHECK(top_tokens(logits, 9).ids.size() == 5);
}

TEST_CASE("the induction demo is measure_induction's first sequence") {
  LmWeights w = tiny_weights(true);
  const InductionDemo d = induction_demo(w, 5);
  const Induction m = measure_induction(w, 1, 5);
  const int n = d.length;
  REQUIRE(n == 4);
  CHECK(d.ids.size() == static_cast<std::size_t>(2 * n + 1));
  for (int i = 0; i < n; ++i) CHECK(d.ids[1 + i] == d.ids[1 + n + i]);
  CHECK(d.loss_first == Approx(m.loss_first).epsilon(1e-12));
  CHECK(d.loss_second == Approx(m.loss_second).epsilon(1e-12));
  for (int l = 0; l < 2; ++l) {
    for (int h = 0; h < 4; ++h) {
      CHECK(d.score[l][h] == Approx(m.score[l][h]).epsilon(1e-12));
      CHECK(d.score[l][h] <= d.score[d.layer][d.head]);
    }
  }
  CHECK(d.weights.rows() == 2 * n);
  CHECK(d.weights.row(3).sum() == Approx(1.0).epsilon(1e-12));
}
