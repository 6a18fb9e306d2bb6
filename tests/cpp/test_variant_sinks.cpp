// Attention sinks (variants/sinks): the mask against the contract's definition (key j visible to
// query i when j ≤ i and (j < sink_tokens or i − window < j), padding on top), never a future key,
// and what the sinks do to the weights of later queries under a sliding window.
#include <algorithm>

#include "variants/sinks/sinks.h"
#include "variants_fixtures.h"

using attn::Matrix;
using attn::variants::add_sinks;
using variants_fixtures::Random;

namespace {

bool padded(const std::vector<int>& keys, int j) {
  return std::find(keys.begin(), keys.end(), j) != keys.end();
}

// The window mask with padding, from the definition (i − window < j ≤ i).
Matrix window_mask(int m, int n, int window, const std::vector<int>& pad) {
  Matrix vis = Matrix::Zero(m, n);
  for (int i = 0; i < m; ++i) {
    for (int j = 0; j < n; ++j) vis(i, j) = (i - window < j && j <= i && !padded(pad, j)) ? 1 : 0;
  }
  return vis;
}

// The contract's definition in one expression.
Matrix window_with_sinks(int m, int n, int window, int sinks, const std::vector<int>& pad) {
  Matrix vis(m, n);
  for (int i = 0; i < m; ++i) {
    for (int j = 0; j < n; ++j) {
      vis(i, j) = (j <= i && (j < sinks || i - window < j) && !padded(pad, j)) ? 1 : 0;
    }
  }
  return vis;
}

}  // namespace

TEST_CASE("sinks: window + sinks + padding is the contract's definition", "[sinks]") {
  Random rnd(9);
  for (int trial = 0; trial < 40; ++trial) {
    const int m = rnd.between(1, 12), n = rnd.between(1, 12);
    const int window = rnd.between(1, 6), sinks = rnd.between(0, n);
    std::vector<int> pad;
    for (int j = 0; j < n; ++j) {
      if (rnd.coin(0.2)) pad.push_back(j);
    }
    Matrix vis = window_mask(m, n, window, pad);
    add_sinks(vis, sinks, pad);
    INFO("m " << m << " n " << n << " window " << window << " sinks " << sinks);
    CHECK(vis == window_with_sinks(m, n, window, sinks, pad));
  }
}

TEST_CASE("sinks: never in the future; nothing new under a causal mask", "[sinks]") {
  const Matrix causal = variants_fixtures::causal(6, 6);
  Matrix vis = causal;
  add_sinks(vis, 6, {});
  CHECK(vis == causal);  // every sink j was already visible from query j on
  Matrix zeros = Matrix::Zero(4, 4);
  add_sinks(zeros, 3, {});
  for (int i = 0; i < 4; ++i) {
    for (int j = 0; j < 4; ++j) CHECK(zeros(i, j) == ((j < 3 && j <= i) ? 1.0 : 0.0));
  }
}

TEST_CASE("sinks: a padded sink stays masked", "[sinks]") {
  Matrix vis = window_mask(5, 5, 1, {0});
  add_sinks(vis, 2, {0});
  CHECK(vis.col(0).isZero());
  CHECK(vis.col(1) == (Matrix(5, 1) << 0, 1, 1, 1, 1).finished());
}

TEST_CASE("sinks: later queries under a window put weight on the sinks", "[sinks]") {
  // 8 tokens, window 3, one sink: query 7 sees keys 5, 6, 7 and, with the sink, key 0.
  Random rnd(21);
  const Matrix q = rnd.matrix(8, 4), k = rnd.matrix(8, 4), v = rnd.matrix(8, 2);
  const Matrix plain = window_mask(8, 8, 3, {});
  Matrix sunk = plain;
  add_sinks(sunk, 1, {});
  const auto without = variants_fixtures::standard_attention(q, k, v, 0.5, plain, Matrix());
  const auto with = variants_fixtures::standard_attention(q, k, v, 0.5, sunk, Matrix());
  for (int i = 0; i < 8; ++i) {
    CHECK(with.weights(i, 0) > 0.0);
    if (i < 3) {
      // Key 0 is inside these queries' window anyway: nothing changes.
      CHECK(without.weights(i, 0) > 0.0);
      CHECK(with.weights.row(i) == without.weights.row(i));
    } else {
      // Past the window only the sink brings key 0 back, and the row's weights shift.
      CHECK(without.weights(i, 0) == 0.0);
      CHECK(variants_fixtures::max_abs_diff(with.weights.row(i), without.weights.row(i)) > 1e-3);
    }
  }
}

TEST_CASE("sinks: sink_tokens is between 0 and the number of keys", "[sinks]") {
  using attn::variants::sink_tokens_problem;
  CHECK(sink_tokens_problem(0, 5).empty());
  CHECK(sink_tokens_problem(5, 5).empty());
  CHECK(sink_tokens_problem(6, 5) ==
        "sink_tokens is 6; it must be between 0 and 5 (the number of keys)");
  CHECK(sink_tokens_problem(-1, 5) ==
        "sink_tokens is -1; it must be between 0 and 5 (the number of keys)");
}
