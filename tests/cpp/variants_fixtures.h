// Shared by the variants' Catch2 tests (test_variant_*.cpp): seeded random matrices and masks,
// and standard attention of one head written the textbook way, as plain loops, for the variants
// to be compared with.
#pragma once

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "generator.h"
#include "matrix.h"
#include "variants/head.h"

namespace variants_fixtures {

using attn::Matrix;

/// Seeded random numbers (SplitMix64: the same on every machine).
struct Random {
  attn::SplitMix64 gen;
  explicit Random(std::uint64_t seed) : gen(seed) {}
  /// (rows, cols) uniform in [-a, a).
  Matrix matrix(Eigen::Index rows, Eigen::Index cols, double a = 1.0) {
    Matrix x(rows, cols);
    for (Eigen::Index i = 0; i < rows; ++i) {
      for (Eigen::Index j = 0; j < cols; ++j) x(i, j) = gen.next_symmetric(a);
    }
    return x;
  }
  /// A whole number in [lo, hi].
  int between(int lo, int hi) { return lo + static_cast<int>(gen.next() % (hi - lo + 1)); }
  bool coin(double p_true) { return gen.next_unit() < p_true; }
};

/// (m, n) causal visibility: 1 where j ≤ i.
inline Matrix causal(Eigen::Index m, Eigen::Index n) {
  Matrix vis = Matrix::Zero(m, n);
  for (Eigen::Index i = 0; i < m; ++i) {
    for (Eigen::Index j = 0; j <= i && j < n; ++j) vis(i, j) = 1.0;
  }
  return vis;
}

/// A random head: sizes, inputs, a mask of a random kind and, half of the time, an ALiBi-like bias.
struct RandomHead {
  Matrix q, k, v;  ///< (m, d_k), (n, d_k), (n, d_v)
  double scale = 1.0;
  Matrix visible;  ///< (m, n)
  Matrix bias;     ///< (m, n) or empty
  std::string label;
  attn::variants::HeadInputs inputs() const { return {q, k, v, scale, visible, bias}; }
};

/// m = n when `self_attention`. Masks: none, causal, padded keys, causal + padding, random with a
/// fully masked row, window + sinks + padding.
inline RandomHead random_head(Random& rnd, bool self_attention) {
  RandomHead h;
  const int m = rnd.between(1, 13), n = self_attention ? m : rnd.between(1, 13);
  const int d_k = rnd.between(1, 6);
  h.q = rnd.matrix(m, d_k, 2.0);
  h.k = rnd.matrix(n, d_k, 2.0);
  h.v = rnd.matrix(n, rnd.between(1, 5));
  h.scale = 1.0 / std::sqrt(static_cast<double>(d_k));
  const int kind = rnd.between(0, 5), window = rnd.between(1, 4), sinks = rnd.between(0, 2);
  std::vector<bool> pad(n);
  for (int j = 0; j < n; ++j) pad[j] = kind >= 2 && kind != 4 && rnd.coin(0.25);
  h.visible = Matrix(m, n);
  for (int i = 0; i < m; ++i) {
    for (int j = 0; j < n; ++j) {
      const bool causal_ok = kind != 1 && kind != 3 ? true : j <= i;
      const bool window_ok = kind != 5 || (j <= i && (j < sinks || i - window < j));
      const bool random_ok = kind != 4 || rnd.coin(0.6);
      h.visible(i, j) = causal_ok && window_ok && random_ok && !pad[j] ? 1.0 : 0.0;
    }
  }
  if (kind == 4) h.visible.row(rnd.between(0, m - 1)).setZero();
  if (rnd.coin(0.5)) {
    h.bias = Matrix(m, n);
    for (int i = 0; i < m; ++i) {
      for (int j = 0; j < n; ++j) h.bias(i, j) = -0.3 * std::abs(i - j);
    }
  }
  h.label = "m " + std::to_string(m) + " n " + std::to_string(n) + " d_k " + std::to_string(d_k) +
            " mask kind " + std::to_string(kind) + (h.bias.size() ? " with bias" : "");
  return h;
}

/// One head's standard attention, computed directly.
struct Standard {
  Matrix scores;   ///< (m, n) scale · q k^T + bias (every entry, masked or not)
  Matrix weights;  ///< (m, n) softmax over the visible keys, 0 elsewhere and in empty rows
  Matrix output;   ///< (m, d_v) weights v
  std::vector<std::optional<double>> lse;  ///< log Σ_visible e^s, absent for an empty row
};

inline Standard standard_attention(const Matrix& q, const Matrix& k, const Matrix& v, double scale,
                                   const Matrix& visible, const Matrix& bias) {
  const Eigen::Index m = q.rows(), n = k.rows(), d_k = q.cols(), d_v = v.cols();
  Standard r{Matrix(m, n), Matrix::Zero(m, n), Matrix::Zero(m, d_v), {}};
  for (Eigen::Index i = 0; i < m; ++i) {
    double max = -std::numeric_limits<double>::infinity();
    for (Eigen::Index j = 0; j < n; ++j) {
      double dot = 0.0;
      for (Eigen::Index c = 0; c < d_k; ++c) dot += q(i, c) * k(j, c);
      r.scores(i, j) = scale * dot + (bias.size() ? bias(i, j) : 0.0);
      if (visible(i, j) != 0.0) max = std::max(max, r.scores(i, j));
    }
    if (max == -std::numeric_limits<double>::infinity()) {
      r.lse.push_back(std::nullopt);
      continue;
    }
    double sum = 0.0;
    for (Eigen::Index j = 0; j < n; ++j) {
      if (visible(i, j) != 0.0) sum += std::exp(r.scores(i, j) - max);
    }
    r.lse.push_back(max + std::log(sum));
    for (Eigen::Index j = 0; j < n; ++j) {
      if (visible(i, j) == 0.0) continue;
      r.weights(i, j) = std::exp(r.scores(i, j) - max) / sum;
      for (Eigen::Index c = 0; c < d_v; ++c) r.output(i, c) += r.weights(i, j) * v(j, c);
    }
  }
  return r;
}

inline double max_abs_diff(const Matrix& a, const Matrix& b) {
  REQUIRE(a.rows() == b.rows());
  REQUIRE(a.cols() == b.cols());
  return a.size() == 0 ? 0.0 : (a - b).cwiseAbs().maxCoeff();
}

}  // namespace variants_fixtures
