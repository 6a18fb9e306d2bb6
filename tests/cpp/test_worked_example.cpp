// The worked example of docs/conventions.md: four words, one head, d_k = 3, no W_O,
// weights scaled by 1/sqrt(3). Reference figures are the article's printed NumPy results.
#include <catch2/catch.hpp>

#include "attention/attention.h"
#include "steps_fixtures.h"

using attn::Matrix;
using fixtures::worked_example;

TEST_CASE("the worked example is a valid scenario", "[worked_example]") {
  CHECK_FALSE(attn::validate(worked_example()).has_value());
}

TEST_CASE("the worked example reproduces the article's weights and outputs", "[worked_example]") {
  const attn::Trace t = attn::run_attention(worked_example());
  REQUIRE(t.heads.size() == 1);
  const attn::HeadTrace& h = t.heads[0];

  // Row 1: Q_1 = [1,0,0] W_Q = [2, 0, 2]; K rows are [2,2,2], [0,2,1], [2,4,3], [0,1,1], so the
  // raw scores are [8, 2, 10, 2], scaled by 1/sqrt(3).
  CHECK(h.scores.row(0) == (Matrix(1, 4) << 8, 2, 10, 2).finished());
  const double expected_weights[] = {0.236089863, 0.00738987555, 0.749130386, 0.00738987555};
  for (int j = 0; j < 4; ++j) CHECK(h.weights(0, j) == Approx(expected_weights[j]).margin(1e-8));

  const double row1[] = {0.98522025, 1.74174051, 0.75652026};
  const double row2[] = {0.90965265, 1.40965265, 0.5};
  REQUIRE((t.output.rows() == 4 && t.output.cols() == 3));
  for (int c = 0; c < 3; ++c) {
    CHECK(t.output(0, c) == Approx(row1[c]).margin(1e-8));
    CHECK(t.output(1, c) == Approx(row2[c]).margin(1e-8));
  }
  // No W_O: the output is the single head's output.
  CHECK(t.output == h.output);
}
