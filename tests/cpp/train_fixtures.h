// Helpers for the training engine's tests: seeded random matrices and a finite-difference check.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>

#include "generator.h"
#include "matrix.h"

namespace train_fixtures {

/// (rows, cols) uniform in [-a, a) from a SplitMix64 stream seeded with `seed`.
inline attn::Matrix random_matrix(int rows, int cols, std::uint64_t seed, double a = 1.0) {
  attn::SplitMix64 stream(seed);
  attn::Matrix m(rows, cols);
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) m(r, c) = stream.next_symmetric(a);
  }
  return m;
}

/// Compares `analytic`, the gradient of `loss` with respect to *x, with central differences
/// (step h) taken entry by entry. Returns max_i |analytic_i - numeric_i| / max_i |analytic_i|:
/// the largest error relative to the group's largest gradient (0 / 0 counts as 0).
inline double gradient_error(const std::function<double()>& loss, attn::Matrix* x,
                             const attn::Matrix& analytic, double h = 1e-5) {
  double worst = 0.0;
  for (Eigen::Index i = 0; i < x->size(); ++i) {
    double& cell = x->data()[i];
    const double kept = cell;
    cell = kept + h;
    const double up = loss();
    cell = kept - h;
    const double down = loss();
    cell = kept;
    worst = std::max(worst, std::abs(analytic.data()[i] - (up - down) / (2.0 * h)));
  }
  const double scale = analytic.cwiseAbs().maxCoeff();
  return scale > 0.0 ? worst / scale : worst;
}

}  // namespace train_fixtures
