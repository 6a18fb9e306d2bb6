// The sqrt(d_k) experiment (see sweep.h): the same per-operation functions as the trace
// (dot_scores, scale_scores, apply_mask, softmax_rows) on sweep-specific W_Q, W_K.
#include "explain/sweep.h"

#include <algorithm>
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

// Returns X W, (rows, width), for x (rows, d_model) and W (d_model, width) uniform(-a, a) with
// a = sqrt(3 / d_model) (variance 1/d_model), drawn column by column from the stream
// mix(seed ^ (tag * golden) ^ (draw * kDrawStride)): column c of W holds numbers
// c*d_model .. (c+1)*d_model - 1 of the stream, whatever `width` is. W is never stored whole (at
// d_model 512 it would be 2 MB per draw): each column is drawn into `w` and multiplied at once.
Matrix project_drawn(const Matrix& x, int width, std::uint64_t seed, std::uint64_t tag, int draw) {
  const Eigen::Index d_model = x.cols();
  const double a = std::sqrt(3.0 / static_cast<double>(d_model));
  const std::uint64_t key =
      seed ^ (tag * kGolden) ^ (static_cast<std::uint64_t>(draw) * kDrawStride);
  SplitMix64 stream(SplitMix64(key).next());  // mix(x) = first next() from x
  Matrix out(x.rows(), width);
  Eigen::VectorXd w(d_model);  // one column of W
  for (int c = 0; c < width; ++c) {
    for (Eigen::Index r = 0; r < d_model; ++r) w(r) = stream.next_symmetric(a);
    out.col(c).noalias() = x * w;
  }
  return out;
}

// What X_q and X_kv depend on: `s` with one head of width 1, no W_O, the dot product, no given
// weights or biases and only the edits of x_q and x_kv. Still a valid scenario, and resolve_inputs
// of it builds the same X (tokens, seed, positional encoding, given X, edits) without generating
// the scenario's full weights, which the sweep does not use (a third of its time at d_model 512).
Scenario inputs_only(const Scenario& s) {
  Scenario x = s;
  x.heads = 1;
  x.d_k = x.d_v = x.d_a = 1;
  x.w_q = x.w_k = x.w_v = x.w_o = x.w_bilinear = std::nullopt;
  x.w_additive_q = x.w_additive_k = x.v_additive = std::nullopt;
  x.b_q = x.b_k = x.b_v = x.b_o = std::nullopt;  // the sweep draws its own projections, unbiased
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

// What every draw shares: X_q (m, d_model), X_kv (n, d_model), the (m, n) mask and the widest
// valid d_k of the sweep (0: none).
struct SweepSetup {
  Inputs in;
  KeyMask mask;
  int widest = 0;
};

bool valid_dim(int d_k) { return d_k >= 1 && d_k <= Limits::kMaxHeadDim; }

SweepSetup make_setup(const Scenario& s, const std::vector<int>& dims) {
  SweepSetup setup;
  for (int d_k : dims) {
    if (valid_dim(d_k) && d_k > setup.widest) setup.widest = d_k;
  }
  if (setup.widest == 0) return setup;
  setup.in = resolve_inputs(inputs_only(s));
  setup.mask = scenario_mask(s);
  return setup;
}

// Shapes: W_Q, W_K (d_model, widest), of which d_k takes the first d_k columns; per d_k, Q (m,
// d_k), K (n, d_k), scores and weights (m, n). Two points per valid d_k, each of this one draw.
std::vector<SweepPoint> draw_points(const Scenario& s, const SweepSetup& setup,
                                    const std::vector<int>& dims, int draw) {
  std::vector<SweepPoint> points;
  if (setup.widest == 0) return points;
  // Project once with the widest W; a smaller d_k's Q and K are the first d_k columns.
  const Matrix q_all = project_drawn(setup.in.x_q, setup.widest, s.seed, kSweepTagWq, draw);
  const Matrix k_all = project_drawn(setup.in.x_kv, setup.widest, s.seed, kSweepTagWk, draw);
  for (int d_k : dims) {
    if (!valid_dim(d_k)) continue;
    const Matrix q = q_all.leftCols(d_k), k = k_all.leftCols(d_k);
    const Matrix raw = dot_scores(q, k);  // (m, n): a sum of d_k products each
    points.push_back(summarize(raw, setup.mask, d_k, false));
    points.push_back(summarize(scale_scores(raw, d_k), setup.mask, d_k, true));
  }
  return points;
}

// A measure averaged over the draws and its band. mean_max_entropy is left out: it depends on the
// mask only, so every draw has the same.
struct Measure {
  double SweepPoint::*value;
  SweepBand SweepPoint::*band;
};
constexpr Measure kMeasures[] = {
    {&SweepPoint::score_std, &SweepPoint::score_std_band},
    {&SweepPoint::mean_max_weight, &SweepPoint::max_weight_band},
    {&SweepPoint::mean_entropy, &SweepPoint::entropy_band},
    {&SweepPoint::mean_gradient_norm, &SweepPoint::gradient_norm_band},
};

// One draw's points: each band is [value, value].
void start_bands(std::vector<SweepPoint>& points) {
  for (SweepPoint& p : points) {
    for (const Measure& m : kMeasures) p.*m.band = {p.*m.value, p.*m.value};
  }
}

}  // namespace

std::vector<int> default_sweep_dims() { return {4, 8, 16, 32, 64, 128, 256, 512}; }

int sweep_draws_for(const Scenario& s, const std::vector<int>& dims) {
  int widest = 0;
  for (int d_k : dims) {
    if (valid_dim(d_k)) widest = std::max(widest, d_k);
  }
  const double per_draw = double(s.d_model) * (s.m() + s.n()) * std::max(widest, 1);
  const double budget = double(kSweepDraws) * 512 * (9 + 9) * 512;  // the 512-d sentence
  return static_cast<int>(
      std::clamp(std::floor(budget / per_draw), double(kMinSweepDraws), double(kSweepDraws)));
}

std::vector<SweepPoint> sweep_draw(const Scenario& s, const std::vector<int>& dims, int draw) {
  std::vector<SweepPoint> points = draw_points(s, make_setup(s, dims), dims, draw);
  start_bands(points);
  return points;
}

// Sums each measure in draw order (so the mean is reproducible bit for bit), widens the bands,
// and divides by the number of draws at the end.
std::vector<SweepPoint> scaling_sweep(const Scenario& s, const std::vector<int>& dims, int draws) {
  draws = std::max(draws, 1);
  const SweepSetup setup = make_setup(s, dims);
  std::vector<SweepPoint> points = draw_points(s, setup, dims, 0);
  start_bands(points);
  for (int k = 1; k < draws; ++k) {
    const std::vector<SweepPoint> more = draw_points(s, setup, dims, k);
    for (std::size_t p = 0; p < points.size(); ++p) {
      for (const Measure& m : kMeasures) {
        const double x = more[p].*m.value;
        SweepBand& band = points[p].*m.band;
        points[p].*m.value += x;
        band.low = std::min(band.low, x);
        band.high = std::max(band.high, x);
      }
    }
  }
  for (SweepPoint& p : points) {
    p.draws = draws;
    for (const Measure& m : kMeasures) p.*m.value /= draws;
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
