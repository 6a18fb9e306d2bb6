// ALiBi's slopes and its distance bias.
#include "variants/alibi/alibi.h"

#include <cmath>
#include <cstdlib>

namespace attn {
namespace variants {

namespace {

// The geometric sequence for a power of two p: 2^(−8/p), 2^(−16/p), ..., 2^(−8).
std::vector<double> power_of_two_slopes(int p) {
  std::vector<double> slopes;
  for (int h = 0; h < p; ++h) slopes.push_back(std::exp2(-8.0 * (h + 1) / p));
  return slopes;
}

}  // namespace

std::vector<double> alibi_slopes(int heads) {
  int below = 1;  // the largest power of two ≤ heads
  while (below * 2 <= heads) below *= 2;
  std::vector<double> slopes = power_of_two_slopes(below);
  if (below == heads) return slopes;
  // The rest interleave between those: every other slope of twice as many heads.
  const std::vector<double> finer = alibi_slopes(2 * below);
  for (int h = 0; static_cast<int>(slopes.size()) < heads; h += 2) slopes.push_back(finer[h]);
  return slopes;
}

// Returns (m, n); zero on the diagonal, more negative the farther key j is from query i.
Matrix alibi_bias(int m, int n, double slope) {
  Matrix bias(m, n);
  for (int i = 0; i < m; ++i) {
    for (int j = 0; j < n; ++j) bias(i, j) = -slope * std::abs(i - j);
  }
  return bias;
}

void add_alibi_in_place(Eigen::Ref<Matrix> scaled, int head, int heads) {
  const double slope = alibi_slopes(heads)[head];
  for (Eigen::Index i = 0; i < scaled.rows(); ++i) {
    for (Eigen::Index j = 0; j < scaled.cols(); ++j) {
      scaled(i, j) += -slope * static_cast<double>(std::abs(i - j));
    }
  }
}

}  // namespace variants
}  // namespace attn
