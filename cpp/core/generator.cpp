// Deterministic generation of embeddings and weights: see generator.h for the full specification.
#include "generator.h"

#include <cmath>

namespace attn {
namespace {

constexpr std::uint64_t kGolden = 0x9E3779B97F4A7C15ULL;     // 2^64 / golden ratio, odd
constexpr double kTwoPowMinus53 = 1.0 / 9007199254740992.0;  // 2^-53, exact in a double

// mix(x): one SplitMix64 step of x, used to turn a seed into a well-spread stream seed.
std::uint64_t mix(std::uint64_t x) { return SplitMix64(x).next(); }

}  // namespace

std::uint64_t SplitMix64::next() {
  // Advance the state by the golden-ratio increment (a Weyl sequence: visits every 64-bit word),
  // then scramble it with two xor-shift-multiply rounds so nearby states give unrelated outputs.
  state_ += kGolden;
  std::uint64_t z = state_;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

double SplitMix64::next_unit() {
  // Keep the top 53 bits: an integer k in [0, 2^53), converted exactly, times 2^-53 (exact).
  return static_cast<double>(next() >> 11) * kTwoPowMinus53;
}

double SplitMix64::next_symmetric(double a) {
  // 2u - 1 is exact (u has 53 significant bits at most), so only the multiply by a rounds.
  return a * (2.0 * next_unit() - 1.0);
}

std::uint64_t fnv1a64(const std::string& s) {
  std::uint64_t h = 0xCBF29CE484222325ULL;  // FNV offset basis
  for (unsigned char byte : s) {
    h ^= byte;
    h *= 0x100000001B3ULL;  // FNV prime
  }
  return h;
}

// tokens: t strings; returns (t, d_model). Row r depends only on (tokens[r], seed), so the same
// word has the same embedding in the query sentence and in the key sentence.
Matrix token_embeddings(const std::vector<std::string>& tokens, int d_model, std::uint64_t seed) {
  Matrix e(static_cast<Eigen::Index>(tokens.size()), d_model);
  const std::uint64_t seed_mixed = mix(seed);
  for (Eigen::Index r = 0; r < e.rows(); ++r) {
    SplitMix64 stream(seed_mixed ^ fnv1a64(tokens[static_cast<std::size_t>(r)]));
    for (Eigen::Index c = 0; c < d_model; ++c) e(r, c) = stream.next_symmetric(1.0);
  }
  return e;
}

// Returns (positions, d_model). Column pairs (2i, 2i+1) share one frequency 1 / 10000^(2i/d_model):
// low columns oscillate fast with the position, high columns slowly.
Matrix positional_encoding(int positions, int d_model, int first_position) {
  Matrix pe(positions, d_model);
  for (int r = 0; r < positions; ++r) {
    const int p = first_position + r;  // the position row r encodes
    for (int c = 0; c < d_model; ++c) {
      const int pair = c / 2;  // i in the formula: columns 2i and 2i+1
      const double angle = p / std::pow(10000.0, 2.0 * pair / d_model);
      pe(r, c) = (c % 2 == 0) ? std::sin(angle) : std::cos(angle);
    }
  }
  return pe;
}

// Returns (rows, cols), filled row-major from the stream of `tag`. Glorot-uniform bound
// a = sqrt(6 / (fan_in + fan_out)) keeps the variance of X W close to that of X.
Matrix weight_matrix(int rows, int cols, std::uint64_t seed, WeightTag tag) {
  Matrix w(rows, cols);
  const double a = std::sqrt(6.0 / (rows + cols));
  SplitMix64 stream(mix(seed ^ (static_cast<std::uint64_t>(tag) * kGolden)));
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) w(r, c) = stream.next_symmetric(a);
  }
  return w;
}

}  // namespace attn
