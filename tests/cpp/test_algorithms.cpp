// The scenario's `algorithm` (scenario/algorithm.h) and the KV cache and FlashAttention run on a
// trace's heads (attention/algorithms.h): read and refused with the field and the limit; equal to
// the traced weights and outputs to 1e-12; a flash tile's recorded update is the formulas'.
#include <catch2/catch.hpp>
#include <cmath>
#include <string>
#include <variant>

#include "attention/algorithms.h"
#include "scenario/scenario_json.h"

using attn::Algorithm;
using attn::Matrix;
using attn::Scenario;

namespace {

// The scenario of a JSON text, or the message that refused it ("" when accepted).
std::variant<Scenario, attn::ValidationError> read(const std::string& json) {
  auto parsed = attn::parse_scenario_json(json);
  if (auto* s = std::get_if<Scenario>(&parsed)) {
    if (auto e = attn::validate(*s)) return *e;
  }
  return parsed;
}

std::string refusal(const std::string& json) {
  const auto r = read(json);
  const auto* e = std::get_if<attn::ValidationError>(&r);
  return e ? e->field + ": " + e->message : "";
}

const std::string kWords = R"("query_tokens": ["a", "b", "c", "d", "e", "f", "g"])";

Scenario scenario(const std::string& fields) {
  const auto r = read("{" + kWords + ", " + fields + "}");
  REQUIRE(std::holds_alternative<Scenario>(r));
  return std::get<Scenario>(r);
}

}  // namespace

TEST_CASE("algorithm: read from the file, blocks default to 2 and 3", "[algorithms]") {
  CHECK(scenario(R"("d_model": 8)").algorithm == Algorithm::Standard);
  const Scenario f = scenario(R"("algorithm": "flash", "block_q": 4)");
  CHECK(f.algorithm == Algorithm::Flash);
  CHECK(f.block_rows() == 4);
  CHECK(f.block_cols() == 3);
  CHECK(scenario(R"("algorithm": "kv-cache", "mask": "causal")").algorithm == Algorithm::KvCache);
}

TEST_CASE("algorithm: refusals name the field and the limit", "[algorithms]") {
  const auto bad = [](const std::string& fields) {
    return refusal("{" + kWords + ", " + fields + "}");
  };
  CHECK(bad(R"("algorithm": "paged")") ==
        "algorithm: algorithm must be \"standard\", \"kv-cache\" or \"flash\", got \"paged\"");
  CHECK(bad(R"("algorithm": "flash", "block_q": 0)") ==
        "block_q: block_q is 0; it must be a whole number between 1 and 1024");
  CHECK(bad(R"("algorithm": "flash", "block_k": 1025)") ==
        "block_k: block_k is 1025; it must be a whole number between 1 and 1024");
  CHECK(bad(R"("algorithm": "flash", "block_k": 2.5)") ==
        "block_k: block_k must be a whole number, got 2.5");
  CHECK(bad(R"("block_q": 2)") ==
        "block_q: block_q is given but algorithm is \"standard\"; it is only used by \"flash\"");
  CHECK(bad(R"("algorithm": "kv-cache")") ==
        "algorithm: algorithm is \"kv-cache\", which decodes causal self-attention; mask is "
        "\"none\"; it must be \"causal\" or \"window\"");
  CHECK(bad(R"("algorithm": "kv-cache", "mask": "causal", "key_tokens": ["x", "y"])") ==
        "algorithm: algorithm is \"kv-cache\", which decodes causal self-attention; key_tokens "
        "is given (cross-attention); it must be left out");
  CHECK(bad(R"("algorithm": "flash", "score": "additive")") ==
        "algorithm: algorithm is \"flash\", which works on dot-product scores; score is "
        "\"additive\"; it must be \"scaled_dot\" or \"dot\"");
  // The flag's check (a double from the command line) names the same field.
  const Scenario s = scenario(R"("mask": "causal")");
  const auto e = attn::algorithm_problem(s, Algorithm::Flash, 2, 0.5);
  REQUIRE(e);
  CHECK(e->message == "block_k is 0.5; it must be a whole number between 1 and 1024");
}

TEST_CASE("algorithm: the KV cache and flash equal the trace to 1e-12", "[algorithms]") {
  const char* const kinds[] = {
      R"("mask": "causal", "d_model": 12, "heads": 3)",
      R"("mask": "causal", "padded_keys": [0, 4], "heads": 4, "score": "dot")",
      R"("mask": "window", "window": 3, "d_model": 16, "heads": 2, "seed": 9)",
  };
  for (const char* fields : kinds) {
    const attn::Trace t = attn::run_attention(scenario(fields));
    const auto kv = attn::kv_cache_difference(t);
    CHECK(kv.output < 1e-12);
    CHECK(kv.weights < 1e-12);
    for (int bq = 1; bq <= 4; ++bq) {
      for (int bk = 1; bk <= 5; bk += 2) {
        const auto fl = attn::flash_difference(t, bq, bk);
        CHECK(fl.output < 1e-12);
        CHECK(fl.weights < 1e-12);
      }
    }
  }
  // Cross-attention (12 queries over 9 keys, one padded): flash only.
  const Scenario cross = scenario(
      R"("key_tokens": ["1", "2", "3", "4", "5", "6", "7", "8", "9"], "padded_keys": [3], "heads": 2)");
  const auto fl = attn::flash_difference(attn::run_attention(cross), 2, 3);
  CHECK(fl.output < 1e-12);
  CHECK(fl.weights < 1e-12);
}

TEST_CASE("algorithm: a flash tile's record follows the update formulas", "[algorithms]") {
  const attn::Trace t = attn::run_attention(scenario(R"("mask": "causal", "heads": 2)"));
  const attn::variants::HeadInputs in = attn::algorithm_inputs(t, 1);
  const auto all = attn::flash_head(t, 1, 2, 3);
  // 7 causal queries in blocks of 2 over keys in blocks of 3: (0,0) (1,0) (1,1) (2,0) (2,1)
  // (3,0) (3,1) (3,2); tile (0,1) is skipped (keys 3..5 lie in queries 0 and 1's future).
  REQUIRE(all.tiles.size() == 8);
  CHECK(all.tiles[2].q_block == 1);
  CHECK(all.tiles[2].k_block == 1);
  for (int index = 0; index < static_cast<int>(all.tiles.size()); ++index) {
    const auto d = attn::variants::flash_tile_detail(in, 2, 3, index);
    REQUIRE(d);
    CHECK(d->tile.m == all.tiles[index].m);
    CHECK(d->tile.l == all.tiles[index].l);
    const Matrix v = in.v.middleRows(d->col0, d->cols);
    for (int r = 0; r < d->rows; ++r) {
      // ℓ ← e^(m_old − m_new)·ℓ + Σ P, and O likewise, row by row.
      CHECK(d->tile.l[r] == Approx(d->rescale[r] * d->l_old[r] + d->row_sum[r]).epsilon(1e-14));
      const attn::RowVector o = d->rescale[r] * d->o_old.row(r) + d->p.row(r) * v;
      CHECK((o - d->o_new.row(r)).cwiseAbs().maxCoeff() < 1e-14);
    }
  }
  CHECK_FALSE(attn::variants::flash_tile_detail(in, 2, 3, 8));
  // Before the first tile no key was seen: m_old is −inf and the old sum's factor e^(−inf) is 0.
  const auto first = attn::variants::flash_tile_detail(in, 2, 3, 0);
  CHECK(std::isinf(first->m_old[0]));
  CHECK(first->rescale[0] == 0.0);
}

TEST_CASE("algorithm: the KV cache and flash honour GQA, RoPE, ALiBi, windows and sinks",
          "[algorithms]") {
  // Each modern field, and all of them at once: the algorithms run on the trace's own rotated q
  // and k, its K/V head's v, ALiBi's bias and the mask with its sinks, and equal it to 1e-12.
  const char* const kinds[] = {
      R"("mask": "causal", "heads": 4, "d_model": 16, "kv_heads": 2)",
      R"("mask": "causal", "rope": {"theta": 10000, "style": "half"}, "position_offset": 5)",
      R"("mask": "causal", "heads": 4, "d_model": 16, "alibi": true)",
      R"("mask": "window", "window": 2, "sink_tokens": 1, "padded_keys": [3])",
      R"("mask": "window", "window": 3, "sink_tokens": 2, "heads": 4, "d_model": 16,
         "kv_heads": 1, "rope": {"style": "interleaved", "dims": 2}, "alibi": true)",
  };
  for (const char* fields : kinds) {
    INFO(fields);
    const attn::Trace t = attn::run_attention(scenario(fields));
    const auto kv = attn::kv_cache_difference(t);
    CHECK(kv.output < 1e-12);
    CHECK(kv.weights < 1e-12);
    const auto fl = attn::flash_difference(t, 2, 3);
    CHECK(fl.output < 1e-12);
    CHECK(fl.weights < 1e-12);
  }
}
