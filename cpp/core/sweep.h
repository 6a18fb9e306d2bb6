// The "why divide by sqrt(d_k)" experiment: how the scores and the softmax behave as d_k grows,
// with and without the scaling, on the current scenario's inputs.
//
// For each d_k in the sweep, one head is built on the scenario's X_q, X_kv and mask with
// W_Q, W_K of shape (d_model, d_k) drawn from the scenario's seed with variance 1/d_model
// (uniform(-a, a), a = sqrt(3 / d_model)), so every component of q and k has about the variance of
// X's entries and a raw dot product's variance grows in proportion to d_k. Scores are q · k, then
// either divided by sqrt(d_k) or not, masked, and softmaxed per row.
#pragma once

#include <vector>

#include "scenario.h"

namespace attn {

struct SweepPoint {
  int d_k = 0;
  bool scaled = false;          ///< divided by sqrt(d_k)
  double score_std = 0;         ///< standard deviation of the (scaled or raw) unmasked scores
  double mean_max_weight = 0;   ///< mean over rows of the largest weight (1 = one-hot)
  double mean_entropy = 0;      ///< mean over rows of -sum a log a, in nats
  double mean_max_entropy = 0;  ///< mean over rows of log(visible keys): the uniform row's entropy
  /// Mean over rows of the Frobenius norm of the softmax Jacobian diag(a) - a^T a: how much the
  /// weights still respond to the scores. Near 0 = saturated, gradients vanish.
  double mean_gradient_norm = 0;
};

/// The d_k values swept by default: 4, 8, 16, ..., 512.
std::vector<int> default_sweep_dims();

/// Two points per d_k (scaled = false, then true), in the order of `dims`. Fully masked rows are
/// left out of every mean. `s` must have passed validate().
std::vector<SweepPoint> scaling_sweep(const Scenario& s, const std::vector<int>& dims);

}  // namespace attn
