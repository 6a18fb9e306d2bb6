// KV-cache decoding (variants/kv_cache): step t equals row t of standard causal attention to
// 1e-12, for random heads, masks (causal with padding, windows with sinks) and biases; the cache
// grows one row per step.
#include "variants/kv_cache/kv_cache.h"
#include "variants_fixtures.h"

using attn::Matrix;
using namespace attn::variants;
using variants_fixtures::max_abs_diff;
using variants_fixtures::Random;

TEST_CASE("kv cache: step t is row t of standard causal attention", "[kv_cache]") {
  Random rnd(2026);
  for (int trial = 0; trial < 60; ++trial) {
    variants_fixtures::RandomHead h = variants_fixtures::random_head(rnd, true);
    // Decoding is causal: keep only j ≤ i of whatever mask was drawn.
    h.visible = h.visible.cwiseProduct(variants_fixtures::causal(h.q.rows(), h.k.rows()));
    const auto in = h.inputs();
    REQUIRE(kv_cache_problem(in).empty());
    const auto ref =
        variants_fixtures::standard_attention(h.q, h.k, h.v, h.scale, h.visible, h.bias);
    const std::vector<DecodeStep> steps = decode_with_kv_cache(in);
    INFO(h.label);
    REQUIRE(steps.size() == static_cast<std::size_t>(h.q.rows()));
    for (const DecodeStep& s : steps) {
      CHECK(s.cache_len == s.t + 1);
      REQUIRE(s.weights.cols() == s.t + 1);
      CHECK(max_abs_diff(s.weights, ref.weights.row(s.t).head(s.t + 1)) < 1e-12);
      CHECK(max_abs_diff(s.output, ref.output.row(s.t)) < 1e-12);
      // Masked cache rows weigh exactly 0; a row sums to 1, or 0 when fully masked.
      for (int j = 0; j <= s.t; ++j) {
        if (h.visible(s.t, j) == 0.0) CHECK(s.weights(j) == 0.0);
      }
      CHECK(s.weights.sum() == Approx(ref.lse[s.t] ? 1.0 : 0.0).margin(1e-12));
    }
  }
}

TEST_CASE("kv cache: the cache holds the first t+1 keys and values", "[kv_cache]") {
  Random rnd(4);
  const Matrix k = rnd.matrix(4, 3), v = rnd.matrix(4, 2);
  KvCache cache(4, 3, 2);
  for (Eigen::Index t = 0; t < 4; ++t) {
    cache.append(k.row(t), v.row(t));
    CHECK(cache.length() == t + 1);
    CHECK(cache.keys() == k.topRows(t + 1));
    CHECK(cache.values() == v.topRows(t + 1));
  }
}

TEST_CASE("kv cache: decoding needs self-attention", "[kv_cache]") {
  Random rnd(8);
  const Matrix q = rnd.matrix(3, 2), k = rnd.matrix(4, 2), v = rnd.matrix(4, 2);
  const Matrix vis = Matrix::Ones(3, 4);
  CHECK(kv_cache_problem({q, k, v, 1.0, vis, no_bias()}) ==
        "the KV cache decodes self-attention: there are 3 queries; there must be as many as keys "
        "(4)");
  const Matrix wrong = Matrix::Ones(3, 3);
  CHECK(kv_cache_problem({q, k, v, 1.0, wrong, no_bias()}) ==
        "visible is 3\u00d73; it must be 3\u00d74 (m \u00d7 n)");
}
