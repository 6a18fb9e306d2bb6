// The sqrt(d_k) experiment (see sweep.h): the same per-operation functions as the trace
// (dot_scores, scale_scores, apply_mask, softmax_rows) on sweep-specific W_Q, W_K.
#include "explain/sweep.h"

#include <cmath>
#include <cstdint>
#include <optional>

#include "attention/attention.h"
#include "generator.h"

namespace attn {
namespace {

constexpr std::uint64_t kGolden = 0x9E3779B97F4A7C15ULL;  // as in generator.cpp
constexpr std::uint64_t kSweepTagWq = 101;
constexpr std::uint64_t kSweepTagWk = 102;

// Returns W^T, (width, d_model): W is (d_model, width), uniform(-a, a) with a = sqrt(3 / d_model)
// (variance 1/d_model), filled column by column from the stream mix(seed ^ (tag * golden)), so
// column c of W (row c here, contiguous) holds draws c*d_model .. (c+1)*d_model - 1, whatever
// `width` is.
Matrix sweep_weights_transposed(int d_model, int width, std::uint64_t seed, std::uint64_t tag) {
  Matrix w_t(width, d_model);
  const double a = std::sqrt(3.0 / d_model);
  SplitMix64 stream(SplitMix64(seed ^ (tag * kGolden)).next());  // mix(x) = first next() from x
  for (int c = 0; c < width; ++c) {
    for (int r = 0; r < d_model; ++r) w_t(c, r) = stream.next_symmetric(a);
  }
  return w_t;
}

// What X_q and X_kv depend on: `s` with one head of width 1, no W_O, the dot product, no given
// weights and only the edits of x_q and x_kv. Still a valid scenario, and resolve_inputs of it
// builds the same X (tokens, seed, positional encoding, given X, edits) without generating the
// scenario's full weights, which the sweep does not use (a third of its time at d_model 512).
Scenario inputs_only(const Scenario& s) {
  Scenario x = s;
  x.heads = 1;
  x.d_k = x.d_v = x.d_a = 1;
  x.w_q = x.w_k = x.w_v = x.w_o = x.w_bilinear = std::nullopt;
  x.w_additive_q = x.w_additive_k = x.v_additive = std::nullopt;
  x.w_o_mode = OutputProjection::None;
  x.score = ScoreKind::Dot;
  x.edits.clear();
  for (const CellEdit& e : s.edits) {
    if (e.matrix == "x_q" || e.matrix == "x_kv") x.edits.push_back(e);
  }
  return x;
}

// scores and mask are (m, n); returns the population standard deviation of the unmasked scores
// (two passes: the mean, then the mean squared deviation), 0 when none is unmasked.
double unmasked_std(const Matrix& scores, const KeyMask& mask) {
  double sum = 0.0;
  Eigen::Index count = 0;
  for (Eigen::Index i = 0; i < scores.rows(); ++i) {
    for (Eigen::Index j = 0; j < scores.cols(); ++j) {
      if (mask(i, j) == 0.0) continue;
      sum += scores(i, j);
      ++count;
    }
  }
  if (count == 0) return 0.0;
  const double mean = sum / static_cast<double>(count);
  double squares = 0.0;
  for (Eigen::Index i = 0; i < scores.rows(); ++i) {
    for (Eigen::Index j = 0; j < scores.cols(); ++j) {
      if (mask(i, j) != 0.0) squares += (scores(i, j) - mean) * (scores(i, j) - mean);
    }
  }
  return std::sqrt(squares / static_cast<double>(count));
}

// scores (m, n) are the raw or the scaled scores of one d_k; mask (m, n). Masks, softmaxes each
// row and averages the row statistics over the rows that see at least one key.
SweepPoint summarize(const Matrix& scores, const KeyMask& mask, int d_k, bool scaled) {
  SweepPoint p;
  p.d_k = d_k;
  p.scaled = scaled;
  p.score_std = unmasked_std(scores, mask);
  const Matrix weights = softmax_rows(apply_mask(scores, mask));
  int rows = 0;
  for (Eigen::Index i = 0; i < weights.rows(); ++i) {
    const double visible = mask.row(i).sum();  // entries are 0 or 1
    if (visible == 0.0) continue;              // fully masked: no distribution to describe
    const RowVector a = weights.row(i);
    p.mean_max_weight += a.maxCoeff();
    p.mean_entropy += weight_entropy(a);
    p.mean_max_entropy += std::log(visible);
    p.mean_gradient_norm += softmax_jacobian_norm(a);
    ++rows;
  }
  if (rows > 0) {
    p.mean_max_weight /= rows;
    p.mean_entropy /= rows;
    p.mean_max_entropy /= rows;
    p.mean_gradient_norm /= rows;
  }
  return p;
}

}  // namespace

std::vector<int> default_sweep_dims() { return {4, 8, 16, 32, 64, 128, 256, 512}; }

// Shapes: X_q (m, d_model), X_kv (n, d_model); W_Q, W_K (d_model, max d_k), of which d_k takes
// the first d_k columns; per d_k, Q (m, d_k), K (n, d_k), scores and weights (m, n).
std::vector<SweepPoint> scaling_sweep(const Scenario& s, const std::vector<int>& dims) {
  std::vector<SweepPoint> points;
  int widest = 0;
  for (int d_k : dims) {
    if (d_k >= 1 && d_k <= Limits::kMaxHeadDim && d_k > widest) widest = d_k;
  }
  if (widest == 0) return points;

  const Inputs in = resolve_inputs(inputs_only(s));
  const KeyMask mask = build_mask(s.m(), s.n(), s.mask, s.padded_keys);
  // Project once with the widest W; a smaller d_k's Q and K are the first d_k columns.
  const Matrix q_all =
      in.x_q * sweep_weights_transposed(s.d_model, widest, s.seed, kSweepTagWq).transpose();
  const Matrix k_all =
      in.x_kv * sweep_weights_transposed(s.d_model, widest, s.seed, kSweepTagWk).transpose();

  for (int d_k : dims) {
    if (d_k < 1 || d_k > Limits::kMaxHeadDim) continue;
    const Matrix q = q_all.leftCols(d_k), k = k_all.leftCols(d_k);
    const Matrix raw = dot_scores(q, k);  // (m, n): a sum of d_k products each
    points.push_back(summarize(raw, mask, d_k, false));
    points.push_back(summarize(scale_scores(raw, d_k), mask, d_k, true));
  }
  return points;
}

// a is (n); terms with a_j = 0 (masked keys, or underflowed weights) contribute 0.
double weight_entropy(const RowVector& a) {
  double h = 0.0;
  for (Eigen::Index j = 0; j < a.size(); ++j) {
    if (a(j) > 0.0) h -= a(j) * std::log(a(j));
  }
  return h;
}

// a is (n), summing to 1. Row j of J is a_j (e_j - a): its squared norm is
// a_j^2 ((1 - a_j)^2 + sum_{l != j} a_l^2). For the largest entry, 1 - a_j and the sum of the
// other squares are summed from the other entries (1 - a_j would cancel when a_j is near 1); for
// every other entry a_j <= 1/2, so 1 - a_j and s2 - a_j^2 lose at most a factor 2.
double softmax_jacobian_norm(const RowVector& a) {
  if (a.size() == 0) return 0.0;
  Eigen::Index top = 0;
  a.maxCoeff(&top);
  double rest = 0.0, rest_squares = 0.0;  // sum and sum of squares of the entries but the largest
  for (Eigen::Index l = 0; l < a.size(); ++l) {
    if (l == top) continue;
    rest += a(l);
    rest_squares += a(l) * a(l);
  }
  const double squares = a.squaredNorm();
  double total = 0.0;
  for (Eigen::Index j = 0; j < a.size(); ++j) {
    const double a2 = a(j) * a(j);
    const double one_minus = j == top ? rest : 1.0 - a(j);
    const double others = j == top ? rest_squares : squares - a2;
    total += a2 * (one_minus * one_minus + others);
  }
  return std::sqrt(total);
}

}  // namespace attn
