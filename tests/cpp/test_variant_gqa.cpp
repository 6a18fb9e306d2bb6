// Grouped-query attention (variants/gqa): Llama's repeat_kv written as its tensor ops, the groups,
// the message for a kv_heads that does not divide heads, and the cache sizes.
#include "variants/gqa/gqa.h"
#include "variants_fixtures.h"

using attn::Matrix;
using namespace attn::variants;
using variants_fixtures::Random;

namespace {

// Llama's repeat_kv: (kv_heads, n, w) -> [:, None] -> expand (kv_heads, n_rep, n, w) -> reshape
// (kv_heads·n_rep, n, w); here heads are column blocks of (n, heads·w).
Matrix llama_repeat_kv(const Matrix& kv, int heads, int kv_heads, int w) {
  const int n_rep = heads / kv_heads;
  Matrix out(kv.rows(), heads * w);
  for (int g = 0; g < kv_heads; ++g) {
    for (int r = 0; r < n_rep; ++r) {
      // The reshape puts expanded index (g, r) at head g·n_rep + r.
      for (Eigen::Index t = 0; t < kv.rows(); ++t) {
        for (int c = 0; c < w; ++c) out(t, (g * n_rep + r) * w + c) = kv(t, g * w + c);
      }
    }
  }
  return out;
}

}  // namespace

TEST_CASE("gqa: query head i uses K/V head i / (heads / kv_heads)", "[gqa]") {
  const std::vector<int> expected = {0, 0, 0, 0, 1, 1, 1, 1};
  for (int h = 0; h < 8; ++h) {
    CHECK(kv_head_of(h, 8, 2) == expected[h]);
    CHECK(kv_head_of(h, 8, 8) == h);  // multi-head: each its own
    CHECK(kv_head_of(h, 8, 1) == 0);  // multi-query: all share one
  }
  CHECK(query_heads_of(6, 3) == std::vector<std::vector<int>>{{0, 1}, {2, 3}, {4, 5}});
  CHECK(query_heads_of(4, 1) == std::vector<std::vector<int>>{{0, 1, 2, 3}});
}

TEST_CASE("gqa: repeat_kv equals Llama's expand and reshape", "[gqa]") {
  Random rnd(17);
  for (auto [heads, kv_heads] : {std::pair{8, 2}, {8, 8}, {8, 1}, {6, 3}, {12, 4}}) {
    const int w = rnd.between(1, 5);
    const Matrix kv = rnd.matrix(rnd.between(1, 7), kv_heads * w);
    const Matrix repeated = repeat_kv(kv, heads, kv_heads, w);
    CHECK(repeated == llama_repeat_kv(kv, heads, kv_heads, w));
    for (int h = 0; h < heads; ++h) {
      CHECK(kv_block_for(kv, h, heads, kv_heads, w) == repeated.middleCols(h * w, w));
    }
  }
}

TEST_CASE("gqa: kv_heads must divide heads", "[gqa]") {
  CHECK(kv_heads_problem(2, 8).empty());
  CHECK(kv_heads_problem(1, 8).empty());
  CHECK(kv_heads_problem(8, 8).empty());
  CHECK(kv_heads_problem(3, 8) == "kv_heads is 3; it must divide heads (8) and be between 1 and 8");
  CHECK(kv_heads_problem(0, 8) == "kv_heads is 0; it must divide heads (8) and be between 1 and 8");
  CHECK(kv_heads_problem(16, 8) ==
        "kv_heads is 16; it must divide heads (8) and be between 1 and 8");
}

TEST_CASE("gqa: KV-cache bytes per token for MHA, GQA and MQA", "[gqa]") {
  // A Llama 3 8B layer: 32 query heads, 8 K/V heads of 128, bf16 (2 bytes).
  CHECK(kv_cache_bytes_per_token(32, 128, 2) == 16384);  // as if multi-head
  CHECK(kv_cache_bytes_per_token(8, 128, 2) == 4096);    // grouped-query, as shipped
  CHECK(kv_cache_bytes_per_token(1, 128, 2) == 512);     // multi-query
}
