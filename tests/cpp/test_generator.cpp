// The seeded generator: pinned bits (native and WebAssembly must agree), the documented stream
// recipe, and the properties the app relies on (same token, same embedding; Glorot range).
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>

#include "generator.h"

using attn::Matrix;
using attn::SplitMix64;

namespace {

constexpr std::uint64_t kGolden = 0x9E3779B97F4A7C15ULL;

// mix(x) exactly as generator.h documents it: the first output of SplitMix64 seeded with x.
std::uint64_t documented_mix(std::uint64_t x) { return SplitMix64(x).next(); }

}  // namespace

TEST_CASE("SplitMix64 with seed 0 starts with the published reference value", "[generator]") {
  SplitMix64 g(0);
  CHECK(g.next() == 0xE220A8397B1DCDAFULL);
  CHECK(g.next() == 0x6E789E6AA1B965F4ULL);
  CHECK(g.next() == 0x06C45D188009454FULL);
  CHECK(g.next() == 0xF88BB8A8724C81ECULL);
}

TEST_CASE("SplitMix64 with seed 42 produces pinned words", "[generator]") {
  SplitMix64 g(42);
  CHECK(g.next() == 0xBDD732262FEB6E95ULL);
  CHECK(g.next() == 0x28EFE333B266F103ULL);
  CHECK(g.next() == 0x47526757130F9F52ULL);
  CHECK(g.next() == 0x581CE1FF0E4AE394ULL);
}

TEST_CASE("next_unit is the top 53 bits of a word times 2^-53", "[generator]") {
  SplitMix64 words(42), units(42);
  for (int i = 0; i < 100; ++i) {
    const std::uint64_t w = words.next();
    const double u = units.next_unit();
    CHECK(u == std::ldexp(static_cast<double>(w >> 11), -53));
    CHECK(u >= 0.0);
    CHECK(u < 1.0);
  }
  // 0xBDD732262FEB6E95 >> 11, times 2^-53, written as a hexadecimal double.
  CHECK(SplitMix64(42).next_unit() == 0x1.7bae644c5fd6dp-1);
}

TEST_CASE("next_symmetric(a) is a * (2u - 1) and stays within plus or minus a", "[generator]") {
  SplitMix64 units(7), symmetric(7);
  for (int i = 0; i < 1000; ++i) {
    const double u = units.next_unit();
    const double x = symmetric.next_symmetric(0.75);
    CHECK(x == 0.75 * (2.0 * u - 1.0));
    CHECK(x >= -0.75);
    CHECK(x < 0.75);
  }
}

TEST_CASE("fnv1a64 matches the published FNV-1a test vectors", "[generator]") {
  CHECK(attn::fnv1a64("") == 0xCBF29CE484222325ULL);
  CHECK(attn::fnv1a64("a") == 0xAF63DC4C8601EC8CULL);
  CHECK(attn::fnv1a64("foobar") == 0x85944171F73967E8ULL);
}

TEST_CASE("token embeddings follow the documented stream recipe, bit for bit", "[generator]") {
  const Matrix e = attn::token_embeddings({"the", "cat"}, 3, 42);
  REQUIRE(e.rows() == 2);
  REQUIRE(e.cols() == 3);
  // Recomputed from the header's words: stream seeded with mix(seed) ^ fnv1a64(token).
  for (int r = 0; r < 2; ++r) {
    SplitMix64 stream(documented_mix(42) ^ attn::fnv1a64(r == 0 ? "the" : "cat"));
    for (int c = 0; c < 3; ++c) CHECK(e(r, c) == stream.next_symmetric(1.0));
  }
  // Pinned bits, so a change of recipe or platform cannot slip through.
  CHECK(e(0, 0) == 0x1.f510710e991a8p-3);
  CHECK(e(0, 1) == 0x1.bc0cf04054202p-1);
  CHECK(e(0, 2) == 0x1.84f7e21a05e78p-3);
  CHECK(e(1, 0) == -0x1.4b7a05b0ec3c4p-1);
  CHECK(e(1, 2) == -0x1.f34deb8d1c45ap-1);
}

TEST_CASE("the same token gets the same embedding row in query and key sentences", "[generator]") {
  const Matrix q = attn::token_embeddings({"the", "cat", "sat"}, 16, 5);
  const Matrix kv = attn::token_embeddings({"a", "dog", "the", "cat"}, 16, 5);
  CHECK(q.row(0) == kv.row(2));
  CHECK(q.row(1) == kv.row(3));
  CHECK(q.row(0) != q.row(1));
  // A repeated token within one sentence also repeats its row.
  const Matrix twice = attn::token_embeddings({"the", "x", "the"}, 16, 5);
  CHECK(twice.row(0) == twice.row(2));
  // Another seed gives another vector.
  CHECK(attn::token_embeddings({"the"}, 16, 6).row(0) != q.row(0));
  // Entries lie in [-1, 1).
  CHECK(q.minCoeff() >= -1.0);
  CHECK(q.maxCoeff() < 1.0);
}

TEST_CASE("weight matrices follow the documented stream and stay in the Glorot range",
          "[generator]") {
  const Matrix w = attn::weight_matrix(2, 3, 42, attn::WeightTag::WQ);
  // Row-major fill from the stream seeded with mix(seed ^ tag * golden), a = sqrt(6 / (2 + 3)).
  SplitMix64 stream(documented_mix(42ULL ^ (1ULL * kGolden)));
  const double a = std::sqrt(6.0 / 5.0);
  for (int r = 0; r < 2; ++r) {
    for (int c = 0; c < 3; ++c) CHECK(w(r, c) == stream.next_symmetric(a));
  }
  CHECK(w(0, 0) == 0x1.10fb104120824p+0);
  CHECK(w(1, 2) == -0x1.10b4a8661acafp-2);

  const Matrix big = attn::weight_matrix(64, 32, 3, attn::WeightTag::WV);
  const double bound = std::sqrt(6.0 / (64 + 32));
  CHECK(big.cwiseAbs().maxCoeff() <= bound);
  CHECK(big.cwiseAbs().maxCoeff() > 0.9 * bound);  // the range is actually used
  CHECK(std::abs(big.mean()) < 0.05 * bound);      // and centred
  // Each tag has its own stream; the same arguments give the same matrix.
  CHECK(attn::weight_matrix(64, 32, 3, attn::WeightTag::WK) != big);
  CHECK(attn::weight_matrix(64, 32, 3, attn::WeightTag::WV) == big);
}

TEST_CASE("positional encoding is the sinusoid of Attention Is All You Need", "[generator]") {
  const Matrix pe = attn::positional_encoding(5, 7);  // odd d_model: last column is a sine
  REQUIRE(pe.rows() == 5);
  REQUIRE(pe.cols() == 7);
  for (int c = 0; c < 7; ++c) CHECK(pe(0, c) == (c % 2 == 0 ? 0.0 : 1.0));  // position 0
  // Columns 0 and 1 have frequency 1: PE(p, 0) = sin(p), PE(p, 1) = cos(p).
  CHECK(pe(3, 0) == Approx(std::sin(3.0)).margin(1e-15));
  CHECK(pe(3, 1) == Approx(std::cos(3.0)).margin(1e-15));
  // Column 6 = 2*3: sin(p / 10000^(6/7)).
  CHECK(pe(4, 6) == Approx(std::sin(4.0 / std::pow(10000.0, 6.0 / 7.0))).margin(1e-15));
}
