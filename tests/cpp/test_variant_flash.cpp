// FlashAttention (variants/flash): output, log-sum-exp and recovered weights equal standard
// attention to 1e-12 for random sizes, masks (causal, padding, fully masked rows, windows with
// sinks), biases and block sizes that need not divide m or n; tiles in the contract's order.
#include "variants/flash/flash.h"
#include "variants_fixtures.h"

using attn::Matrix;
using namespace attn::variants;
using variants_fixtures::max_abs_diff;
using variants_fixtures::Random;

TEST_CASE("flash: output, lse and recovered weights equal standard attention", "[flash]") {
  Random rnd(1805);
  for (int trial = 0; trial < 200; ++trial) {
    const auto h = variants_fixtures::random_head(rnd, rnd.coin(0.5));
    const int block_q = rnd.between(1, 6), block_k = rnd.between(1, 6);
    const auto in = h.inputs();
    const auto ref =
        variants_fixtures::standard_attention(h.q, h.k, h.v, h.scale, h.visible, h.bias);
    const FlashResult f = flash_attention(in, block_q, block_k);
    INFO(h.label << " blocks " << block_q << "x" << block_k);
    CHECK(max_abs_diff(f.output, ref.output) < 1e-12);
    REQUIRE(f.lse.size() == ref.lse.size());
    for (std::size_t i = 0; i < f.lse.size(); ++i) {
      REQUIRE(f.lse[i].has_value() == ref.lse[i].has_value());
      if (f.lse[i]) CHECK(*f.lse[i] == Approx(*ref.lse[i]).margin(1e-12));
    }
    const Matrix a = recover_weights(in, f.lse);
    CHECK(max_abs_diff(a, ref.weights) < 1e-12);
    // Masked weights are exactly 0 (not merely small).
    CHECK((h.visible.array() == 0.0).select(a.array(), 0.0).cwiseAbs().maxCoeff() == 0.0);
  }
}

TEST_CASE("flash: tiles in order, skipping the ones with no visible key", "[flash]") {
  Random rnd(6);
  const Matrix q = rnd.matrix(6, 3), k = rnd.matrix(6, 3), v = rnd.matrix(6, 2);
  const Matrix vis = variants_fixtures::causal(6, 6);
  const FlashResult f = flash_attention({q, k, v, 1.0, vis, no_bias()}, 2, 2);
  // Above the causal diagonal the tiles (0,1), (0,2), (1,2) see nothing and are skipped.
  std::vector<std::pair<int, int>> order;
  for (const FlashTile& t : f.tiles) order.emplace_back(t.q_block, t.k_block);
  CHECK(order == std::vector<std::pair<int, int>>{{0, 0}, {1, 0}, {1, 1}, {2, 0}, {2, 1}, {2, 2}});
  // Blocks that do not divide: 5 queries by 3 → blocks of 3 and 2 rows.
  const Matrix q5 = rnd.matrix(5, 3);
  const FlashResult g = flash_attention({q5, k, v, 1.0, Matrix::Ones(5, 6), no_bias()}, 3, 4);
  REQUIRE(g.tiles.size() == 4);
  CHECK(g.tiles[0].m.size() == 3);
  CHECK(g.tiles[3].m.size() == 2);
  CHECK(g.tiles[3].q_block == 1);
  CHECK(g.tiles[3].k_block == 1);
}

TEST_CASE("flash: after its last tile each row holds its maximum and its sum", "[flash]") {
  Random rnd(13);
  const Matrix q = rnd.matrix(7, 4, 3.0), k = rnd.matrix(9, 4, 3.0), v = rnd.matrix(9, 3);
  const Matrix vis = Matrix::Ones(7, 9);
  const auto ref = variants_fixtures::standard_attention(q, k, v, 0.5, vis, Matrix());
  const FlashResult f = flash_attention({q, k, v, 0.5, vis, no_bias()}, 3, 2);
  for (const FlashTile& t : f.tiles) {
    if (t.k_block != 4) continue;  // the last of ceil(9 / 2) = 5 key blocks
    for (std::size_t r = 0; r < t.m.size(); ++r) {
      const int i = t.q_block * 3 + static_cast<int>(r);
      CHECK(t.m[r] == Approx(ref.scores.row(i).maxCoeff()).margin(1e-14));
      CHECK(t.l[r] == Approx((ref.scores.row(i).array() - t.m[r]).exp().sum()).epsilon(1e-14));
    }
  }
  // The running maximum never decreases from one tile to the next of the same query block.
  for (std::size_t i = 1; i < f.tiles.size(); ++i) {
    if (f.tiles[i].q_block != f.tiles[i - 1].q_block) continue;
    for (std::size_t r = 0; r < f.tiles[i].m.size(); ++r) {
      CHECK(f.tiles[i].m[r] >= f.tiles[i - 1].m[r]);
    }
  }
}

TEST_CASE("flash: large scores do not overflow", "[flash]") {
  // Scores near 800: e^800 overflows a double; the running maximum keeps every exponent ≤ 0.
  Random rnd(99);
  const Matrix q = rnd.matrix(4, 2).array() + 20.0, k = rnd.matrix(5, 2).array() + 20.0;
  const Matrix v = rnd.matrix(5, 2);
  const Matrix vis = Matrix::Ones(4, 5);
  const auto ref = variants_fixtures::standard_attention(q, k, v, 1.0, vis, Matrix());
  const FlashResult f = flash_attention({q, k, v, 1.0, vis, no_bias()}, 2, 2);
  CHECK(ref.scores.minCoeff() > 700.0);
  CHECK(f.output.allFinite());
  CHECK(max_abs_diff(f.output, ref.output) < 1e-12);
}

TEST_CASE("flash: block sizes are named with their limit", "[flash]") {
  CHECK(flash_blocks_problem(2, 3).empty());
  CHECK(flash_blocks_problem(0, 3) == "block_q is 0; it must be between 1 and 1024");
  CHECK(flash_blocks_problem(2, 5000) == "block_k is 5000; it must be between 1 and 1024");
}
