// ALiBi (Press, Smith and Lewis 2022, "Train Short, Test Long"): no position embedding; instead
// head h adds −slope_h · |i − j| to the scaled score of query i and key j, before the mask, so
// far keys lose weight at a rate set per head.
//
// Slopes, as the paper's reference code computes them:
//   heads a power of two: slope_h = 2^(−8(h+1)/heads), h = 0 .. heads−1 (8 heads: 1/2 .. 1/256);
//   otherwise, with c the largest power of two below heads: the c slopes of c heads, then the
//   slopes of 2c heads at h = 0, 2, 4, ... (the 1st, 3rd, 5th, ...) until there are `heads`.
#pragma once

#include <Eigen/Dense>
#include <vector>

#include "matrix.h"

namespace attn {
namespace variants {

/// The slope of each head, heads ≥ 1 numbers.
std::vector<double> alibi_slopes(int heads);

/// The (m, n) bias of one head: entry (i, j) = −slope · |i − j|.
Matrix alibi_bias(int m, int n, double slope);

/// scaled (m, n) += head `head`'s bias, in place, with its slope among `heads`: the shape of a
/// position scheme's hook on the scaled scores.
void add_alibi_in_place(Eigen::Ref<Matrix> scaled, int head, int heads);

}  // namespace variants
}  // namespace attn
