// The "why divide by sqrt(d_k)" experiment: how the scores and the softmax behave as d_k grows,
// with and without the scaling, on the current scenario's inputs.
//
// For each d_k in the sweep, one head is built on the scenario's X_q, X_kv and mask with
// W_Q, W_K of shape (d_model, d_k) drawn from the scenario's seed with variance 1/d_model
// (uniform(-a, a), a = sqrt(3 / d_model)), so every component of q and k has about the variance of
// X's entries and a raw dot product's variance grows in proportion to d_k. Scores are q · k, then
// either divided by sqrt(d_k) or not, masked, and softmaxed per row.
//
// One draw of W is noisy (the spread of one draw's scores can shrink from one d_k to the next), so
// the sweep repeats the experiment for `draws` independent draws (kSweepDraws by default) and
// reports, per d_k and measure, the mean over the draws and the band from the lowest to the
// highest draw.
//
// The weights are fully specified (generator.h's SplitMix64 and its conversion to doubles), so
// native and WebAssembly give the same bits: in draw k (from 0), W_Q (tag 101) and W_K (tag 102)
// each come from a SplitMix64 seeded with mix(seed ^ (tag * golden) ^ (k * kDrawStride)) -- for
// draw 0 the derivation of generator.h's weight streams -- read with next_symmetric(a) column by
// column (column 0 top to bottom first). So within a draw the W of a smaller d_k is the first d_k
// columns of the W of a larger one: each step of the sweep adds terms to the same dot products
// instead of drawing new ones.
//
// X_q, X_kv come from resolve_inputs (given matrices, generated embeddings, positional encoding
// and edits exactly as the trace uses them) and the mask from build_mask. The scenario's own
// W_Q, W_K, heads, d_k and scoring function play no part: the experiment is always the dot product.
#pragma once

#include <cstdint>
#include <vector>

#include "matrix.h"
#include "scenario/scenario.h"

namespace attn {

/// Draws of W_Q, W_K per d_k by default: enough for smooth means (32 draws of the 512-d sentence
/// take about 0.12 s of CPU in the wasm module).
constexpr int kSweepDraws = 32;
/// The fewest draws sweep_draws_for gives a large scenario.
constexpr int kMinSweepDraws = 8;
/// Draw k's streams are seeded with mix(seed ^ (tag * golden) ^ (k * kDrawStride)).
constexpr std::uint64_t kDrawStride = 0xD1B54A32D192ED03ULL;

/// The lowest and the highest value of one measure across the draws.
struct SweepBand {
  double low = 0;
  double high = 0;
};

/// One d_k, scaled or not. The four measures are means over the draws (one draw: its value), each
/// with its band across the draws; within one draw, each is averaged over the rows as stated.
struct SweepPoint {
  int d_k = 0;
  bool scaled = false;  ///< divided by sqrt(d_k)
  int draws = 1;        ///< how many draws of W_Q, W_K the measures summarize
  /// Standard deviation (population: divided by the count) of the (scaled or raw) unmasked
  /// scores of the whole (m, n) matrix.
  double score_std = 0;
  double mean_max_weight = 0;   ///< mean over rows of the largest weight (1 = one-hot)
  double mean_entropy = 0;      ///< mean over rows of -sum a log a, in nats
  double mean_max_entropy = 0;  ///< mean over rows of log(visible keys): the uniform row's entropy
  /// Mean over rows of the Frobenius norm of the softmax Jacobian diag(a) - a^T a: how much the
  /// weights still respond to the scores. Near 0 = saturated, gradients vanish.
  double mean_gradient_norm = 0;
  SweepBand score_std_band, max_weight_band, entropy_band, gradient_norm_band;
};

/// The d_k values swept by default: 4, 8, 16, ..., 512.
std::vector<int> default_sweep_dims();

/// Two points per d_k (scaled = false, then true), in the order of `dims`, each summarizing
/// `draws` draws (fewer than 1 counts as 1): the mean in draw order (the sum of draws 0, 1, ...
/// divided by `draws`) and the band from the lowest to the highest draw. Entries of `dims` outside
/// [1, Limits::kMaxHeadDim] are skipped (no point). Fully masked rows are left out of every mean;
/// when every row is fully masked the means are 0. `s` must have passed validate().
std::vector<SweepPoint> scaling_sweep(const Scenario& s, const std::vector<int>& dims,
                                      int draws = kSweepDraws);

/// How many draws keep the sweep of `s` over `dims` about as quick as kSweepDraws draws of the
/// 512-d article sentence (9 tokens): a draw costs about d_model * (m + n) * (widest d_k)
/// multiply-adds, so larger scenarios get fewer draws, never fewer than kMinSweepDraws (the
/// largest scenario, 48 + 48 tokens of d_model 1024, gets 8: about 0.2 s of CPU in wasm).
int sweep_draws_for(const Scenario& s, const std::vector<int>& dims);

/// The points of draw `draw` alone (draws = 1, each band [value, value]); scaling_sweep summarizes
/// draws 0 .. draws - 1 of exactly these.
std::vector<SweepPoint> sweep_draw(const Scenario& s, const std::vector<int>& dims, int draw);

/// Entropy -sum_j a_j log a_j (nats) of one weight row a (n), with 0 log 0 = 0 (masked keys).
double weight_entropy(const RowVector& a);

/// Frobenius norm of the softmax Jacobian J = diag(a) - a^T a (n, n) of one weight row a (n) that
/// sums to 1, in O(n): ||J||_F^2 = sum_j a_j^2 ((1 - a_j)^2 + sum_{l != j} a_l^2)
/// = sum a^2 - 2 sum a^3 + (sum a^2)^2. Evaluated with the largest entry's complements summed
/// directly, so a nearly one-hot row keeps its relative accuracy (the closed form cancels).
double softmax_jacobian_norm(const RowVector& a);

}  // namespace attn
