// The variants on the core's own trace: a HeadTrace's q, k, v and the trace's mask go into
// variants/ as views (no copy), and the KV cache and FlashAttention give back the traced weights
// and outputs to 1e-12; repeat_kv makes multi-head attention of grouped-query heads. This is how
// the traced path will call them.
#include <cmath>
#include <string>

#include "attention/attention.h"
#include "variants/flash/flash.h"
#include "variants/gqa/gqa.h"
#include "variants/kv_cache/kv_cache.h"
#include "variants_fixtures.h"

using attn::Matrix;
using attn::Scenario;
using namespace attn::variants;
using variants_fixtures::max_abs_diff;

namespace {

Scenario words(int count, int heads, attn::MaskKind mask, std::vector<int> padded) {
  Scenario s;
  for (int i = 0; i < count; ++i) s.query_tokens.push_back("w" + std::to_string(i));
  s.d_model = 8;
  s.heads = heads;
  s.mask = mask;
  s.padded_keys = std::move(padded);
  return s;
}

HeadInputs head_inputs(const attn::Trace& t, const attn::HeadTrace& h) {
  return {h.q, h.k, h.v, 1.0 / std::sqrt(static_cast<double>(t.d_k)), t.mask, no_bias()};
}

}  // namespace

TEST_CASE("variants on a trace: flash gives the traced weights and outputs", "[flash]") {
  Scenario cross = words(7, 2, attn::MaskKind::None, {2});
  cross.key_tokens = {"a", "b", "c", "d", "e"};
  for (const Scenario& s : {words(6, 2, attn::MaskKind::Causal, {}),
                            words(9, 4, attn::MaskKind::Causal, {0, 4}), cross}) {
    const attn::Trace t = attn::run_attention(s);
    for (const attn::HeadTrace& h : t.heads) {
      const HeadInputs in = head_inputs(t, h);
      const FlashResult f = flash_attention(in, 2, 3);
      CHECK(max_abs_diff(f.output, h.output) < 1e-12);
      CHECK(max_abs_diff(recover_weights(in, f.lse), h.weights) < 1e-12);
    }
  }
}

TEST_CASE("variants on a trace: KV-cache steps are the traced causal rows", "[kv_cache]") {
  const attn::Trace t = attn::run_attention(words(8, 2, attn::MaskKind::Causal, {3}));
  for (const attn::HeadTrace& h : t.heads) {
    const HeadInputs in = head_inputs(t, h);
    REQUIRE(kv_cache_problem(in).empty());
    for (const DecodeStep& s : decode_with_kv_cache(in)) {
      CHECK(max_abs_diff(s.weights, h.weights.row(s.t).head(s.cache_len)) < 1e-12);
      CHECK(h.weights.row(s.t).tail(h.weights.cols() - s.cache_len).isZero(0.0));
      CHECK(max_abs_diff(s.output, h.output.row(s.t)) < 1e-12);
    }
  }
}

TEST_CASE("variants on a trace: grouped-query heads are multi-head over repeat_kv", "[gqa]") {
  // 4 query heads over 2 K/V heads of width 2: give the core W_K, W_V with each K/V head's
  // columns repeated for its group, then each traced head attends with its group's K and V.
  variants_fixtures::Random rnd(44);
  Scenario s = words(5, 4, attn::MaskKind::Causal, {});
  const Matrix w_k = rnd.matrix(8, 2 * 2), w_v = rnd.matrix(8, 2 * 2);
  s.w_k = repeat_kv(w_k, 4, 2, 2);
  s.w_v = repeat_kv(w_v, 4, 2, 2);
  const attn::Trace t = attn::run_attention(s);
  const Matrix k_small = t.inputs.x_kv * w_k, v_small = t.inputs.x_kv * w_v;  // (n, 2·2)
  for (int h = 0; h < 4; ++h) {
    CHECK(max_abs_diff(t.heads[h].k, kv_block_for(k_small, h, 4, 2, 2)) < 1e-14);
    CHECK(max_abs_diff(t.heads[h].v, kv_block_for(v_small, h, 4, 2, 2)) < 1e-14);
  }
  // Heads of one group share K and V exactly: the same columns of the same product.
  CHECK(t.heads[0].k == t.heads[1].k);
  CHECK(t.heads[2].v == t.heads[3].v);
}
