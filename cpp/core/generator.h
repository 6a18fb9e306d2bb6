// Deterministic generation of embeddings and weights from a seed.
//
// Fully specified so that the native and the WebAssembly builds produce the same bits today and
// later (std:: distributions differ between standard libraries, so none is used). All integer
// arithmetic is on unsigned 64-bit words, modulo 2^64; golden = 0x9E3779B97F4A7C15.
//   * SplitMix64 (Steele, Lea & Flood 2014) produces 64-bit words. next() does:
//       state += golden; z = state;
//       z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9; z = (z ^ (z >> 27)) * 0x94D049BB133111EB;
//       return z ^ (z >> 31).
//     SplitMix64(0).next() is 0xE220A8397B1DCDAF, the published reference value.
//   * mix(x) is one SplitMix64 step of x: the first next() of a SplitMix64 seeded with x.
//   * a word w becomes a double in [0, 1) as (w >> 11) * 2^-53 (exact: 53 bits fit a double);
//   * uniform(-a, a) is a * (2u - 1), one multiply and one subtract, both exact-rounded IEEE.
// Streams (each a SplitMix64 seeded as below, read with next_symmetric):
//   * token embedding (d_model values in [-1, 1), column 0 first): stream seeded with
//     mix(seed) ^ fnv1a64(token bytes), so a token string gets the same vector wherever it appears;
//   * weight matrix with tag t (W_Q=1, W_K=2, W_V=3, W_O=4, and the scoring parameters
//     W_a=5 (general), W_1=6, W_2=7, v_a=8 (additive)): stream seeded with mix(seed ^ (t *
//     golden)), filled row-major with uniform(-a, a), a = sqrt(6 / (rows + cols)) (Glorot/Xavier
//     uniform). v_a is drawn as one (h, d_a) matrix, one row per head. Each tag has its own stream,
//     so adding tags never changed the values of the earlier ones.
// The sinusoidal positional encoding uses std::sin/std::cos/std::pow and may differ from one
// libm to another in the last bit; it is not part of the bit-exact guarantee.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "matrix.h"

namespace attn {

/// SplitMix64: a 64-bit state advanced by the golden-ratio increment, then mixed.
class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next();
  /// Uniform double in [0, 1): the top 53 bits of next() times 2^-53.
  double next_unit();
  /// Uniform double in [-a, a).
  double next_symmetric(double a);

 private:
  std::uint64_t state_;
};

/// 64-bit FNV-1a hash of the bytes of `s`: h = 0xCBF29CE484222325; for each byte b (as unsigned):
/// h = (h ^ b) * 0x100000001B3.
std::uint64_t fnv1a64(const std::string& s);

/// Which weight a stream belongs to (the t of mix(seed ^ (t * golden)) above). Append only: a tag's
/// number fixes its generated values.
enum class WeightTag : std::uint64_t {
  WQ = 1,
  WK = 2,
  WV = 3,
  WO = 4,
  WBilinear = 5,   ///< W_a of general scoring, (d_k, h*d_k)
  WAdditiveQ = 6,  ///< W_1 of additive scoring, (d_k, h*d_a)
  WAdditiveK = 7,  ///< W_2 of additive scoring, (d_k, h*d_a)
  VAdditive = 8,   ///< v_a of additive scoring, (h, d_a)
};

/// One embedding row per token, (tokens.size(), d_model), entries in [-1, 1).
Matrix token_embeddings(const std::vector<std::string>& tokens, int d_model, std::uint64_t seed);

/// Sinusoidal positional encoding of "Attention Is All You Need", (positions, d_model):
/// PE(p, 2i) = sin(p / 10000^(2i/d_model)), PE(p, 2i+1) = cos(p / 10000^(2i/d_model));
/// with an odd d_model the last column is a sine. Row r is position p = first_position + r (a
/// scenario's position_offset; 0 gives the rows exactly as before).
Matrix positional_encoding(int positions, int d_model, int first_position = 0);

/// A (rows, cols) weight matrix from the stream of `tag`, Glorot-uniform.
Matrix weight_matrix(int rows, int cols, std::uint64_t seed, WeightTag tag);

}  // namespace attn
