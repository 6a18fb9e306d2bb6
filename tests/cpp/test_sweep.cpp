// The sqrt(d_k) sweep: the row statistics by hand and against the explicit Jacobian, a tiny sweep
// computed by hand, the experiment's properties, and its point on the article's 512-d sentence.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "attention/attention.h"
#include "explain/sweep.h"
#include "generator.h"
#include "steps_fixtures.h"

using attn::Matrix;
using attn::RowVector;
using attn::Scenario;
using attn::SweepPoint;

namespace {

using fixtures::row;

// ||diag(a) - a^T a||_F from the explicit (n, n) matrix.
double explicit_jacobian_norm(const RowVector& a) {
  const Matrix j = Matrix(a.asDiagonal()) - a.transpose() * a;
  return j.norm();
}

// The closed form sqrt(sum a^2 - 2 sum a^3 + (sum a^2)^2).
double closed_form_norm(const RowVector& a) {
  const double s2 = a.array().square().sum(), s3 = a.array().cube().sum();
  return std::sqrt(s2 - 2 * s3 + s2 * s2);
}

const SweepPoint& point(const std::vector<SweepPoint>& points, int d_k, bool scaled) {
  for (const SweepPoint& p : points) {
    if (p.d_k == d_k && p.scaled == scaled) return p;
  }
  FAIL("no point for d_k " << d_k);
  return points.front();
}

}  // namespace

TEST_CASE("the default sweep doubles d_k from 4 to 512", "[sweep]") {
  CHECK(attn::default_sweep_dims() == std::vector<int>{4, 8, 16, 32, 64, 128, 256, 512});
}

TEST_CASE("entropy of a weight row, with 0 log 0 = 0", "[sweep]") {
  CHECK(attn::weight_entropy(row({0.25, 0.25, 0.25, 0.25})) == Approx(std::log(4.0)).margin(1e-15));
  CHECK(attn::weight_entropy(row({0, 1, 0})) == 0.0);
  CHECK(attn::weight_entropy(row({0.5, 0, 0.5})) == Approx(std::log(2.0)).margin(1e-15));
  CHECK(attn::weight_entropy(RowVector::Zero(3)) == 0.0);  // a fully masked row
}

TEST_CASE("softmax Jacobian norm: hand values and the explicit matrix", "[sweep]") {
  // One-hot: J = diag(e) - e^T e = 0. Uniform over n: sqrt(1/n - 2/n^2 + 1/n^2) = sqrt(n-1) / n,
  // for n = 4: sqrt(3) / 4 = 0.4330127018922193. Two-way tie: J = [[1,-1],[-1,1]] / 4, norm 1/2.
  CHECK(attn::softmax_jacobian_norm(row({0, 1, 0, 0})) == 0.0);
  CHECK(attn::softmax_jacobian_norm(row({0.25, 0.25, 0.25, 0.25})) ==
        Approx(0.4330127018922193).margin(1e-15));
  CHECK(attn::softmax_jacobian_norm(row({0.5, 0.5})) == Approx(0.5).margin(1e-15));
  CHECK(attn::softmax_jacobian_norm(RowVector::Zero(3)) == 0.0);
  CHECK(attn::softmax_jacobian_norm(RowVector()) == 0.0);

  // Softmax rows of assorted scores (one with masked keys) against the (n, n) matrix.
  const double inf = std::numeric_limits<double>::infinity();
  Matrix scores(4, 5);
  scores << 0.3, -1.2, 2.0, 0.1, 0.7,  //
      5.0, -5.0, 0.0, 1.0, 4.5,        //
      1.0, -inf, 1.0, -inf, 0.2,       //
      -0.1, -0.1, -0.1, -0.1, -0.1;
  const Matrix a = attn::softmax_rows(scores);
  for (Eigen::Index i = 0; i < a.rows(); ++i) {
    const RowVector r = a.row(i);
    INFO("row " << i);
    CHECK(attn::softmax_jacobian_norm(r) == Approx(explicit_jacobian_norm(r)).margin(1e-15));
    CHECK(attn::softmax_jacobian_norm(r) == Approx(closed_form_norm(r)).margin(1e-15));
  }
}

TEST_CASE("softmax Jacobian norm stays accurate for a nearly one-hot row", "[sweep]") {
  // a = [1 - 2e, e, e]: J has diagonal ~[2e, e, e] and off-diagonal ~-e (twice) and ~-e^2, so
  // ||J||_F^2 = 10 e^2 to first order. The closed form subtracts numbers near 1 and loses it.
  const double e = 1e-12;
  const RowVector a = row({1 - 2 * e, e, e});
  CHECK(attn::softmax_jacobian_norm(a) == Approx(std::sqrt(10.0) * e).epsilon(1e-6));
}

TEST_CASE("a tiny sweep whose every figure is known by hand", "[sweep]") {
  // Four identical input rows: all queries are equal and all keys are equal, so every row's
  // visible scores are equal and its weights uniform over the keys it sees, whatever d_k is.
  // Causal with key 0 padded: query 0 sees nothing (left out), queries 1, 2, 3 see 1, 2, 3 keys.
  Scenario s;
  s.query_tokens = {"a", "b", "c", "d"};
  s.d_model = 4;
  s.heads = 1;
  s.x_q = Matrix(4, 4);
  for (int i = 0; i < 4; ++i) s.x_q->row(i) << 0.5, -1, 0.25, 2;
  s.mask = attn::MaskKind::Causal;
  s.padded_keys = {0};
  REQUIRE_FALSE(attn::validate(s).has_value());

  // 0 and 600 are outside [1, 512]: skipped.
  const std::vector<SweepPoint> points = attn::scaling_sweep(s, {1, 3, 600, 0, 2});
  REQUIRE(points.size() == 6);
  const int expected_dims[] = {1, 1, 3, 3, 2, 2};
  for (std::size_t p = 0; p < points.size(); ++p) {
    INFO("point " << p);
    CHECK(points[p].d_k == expected_dims[p]);
    CHECK(points[p].scaled == (p % 2 == 1));
    CHECK(points[p].score_std == Approx(0).margin(1e-12));
    // Rows of 1, 2, 3 uniform weights: max weights 1, 1/2, 1/3; entropies 0, log 2, log 3;
    // Jacobian norms 0, sqrt(1)/2, sqrt(2)/3.
    CHECK(points[p].mean_max_weight == Approx(11.0 / 18).margin(1e-12));
    CHECK(points[p].mean_entropy == Approx(std::log(6.0) / 3).margin(1e-12));
    CHECK(points[p].mean_max_entropy == Approx(std::log(6.0) / 3).margin(1e-15));
    CHECK(points[p].mean_gradient_norm ==
          Approx((0.5 + std::sqrt(2.0) / 3) / 3).margin(1e-12));  // 0.32380150693034393
  }

  // Everything masked: no row to average, every mean 0.
  s.query_tokens = {"a"};
  s.x_q = Matrix::Ones(1, 4);
  const std::vector<SweepPoint> blind = attn::scaling_sweep(s, {4});
  REQUIRE(blind.size() == 2);
  CHECK(blind[0].score_std == 0.0);
  CHECK(blind[0].mean_max_weight == 0.0);
  CHECK(blind[0].mean_max_entropy == 0.0);
  CHECK(attn::scaling_sweep(s, {}).empty());
}

TEST_CASE("the sweep's W_Q and W_K are the documented streams, column by column", "[sweep]") {
  // X = I (4, 4) makes Q = W_Q and K = W_K, so the raw scores are W_Q[:, :d_k] W_K[:, :d_k]^T.
  // W_Q: SplitMix64 seeded with mix(seed ^ (101 * golden)), uniform(-a, a), a = sqrt(3 / 4),
  // column 0 (rows 0..3) first; W_K likewise with tag 102.
  Scenario s = fixtures::tokens_scenario(4, 1, 4);
  s.seed = 1234;
  s.x_q = Matrix::Identity(4, 4);
  const std::uint64_t golden = 0x9E3779B97F4A7C15ULL;
  auto weights = [&](std::uint64_t tag) {
    Matrix w(4, 2);
    attn::SplitMix64 stream(attn::SplitMix64(s.seed ^ (tag * golden)).next());
    for (int c = 0; c < 2; ++c) {
      for (int r = 0; r < 4; ++r) w(r, c) = stream.next_symmetric(std::sqrt(3.0 / 4));
    }
    return w;
  };
  const Matrix w_q = weights(101), w_k = weights(102);
  // One draw (draw 0): its points are that draw's own figures.
  const std::vector<SweepPoint> points = attn::scaling_sweep(s, {1, 2}, 1);
  for (int d_k = 1; d_k <= 2; ++d_k) {
    const Matrix scores = w_q.leftCols(d_k) * w_k.leftCols(d_k).transpose();  // (4, 4)
    const double mean = scores.mean();
    const double std_dev = std::sqrt((scores.array() - mean).square().mean());
    INFO("d_k " << d_k);
    CHECK(point(points, d_k, false).score_std == Approx(std_dev).margin(1e-15));
  }
  // Draw 3 xors 3 * kDrawStride into the stream's key: W_Q of d_k = 1 is its first 4 numbers.
  attn::SplitMix64 stream(
      attn::SplitMix64(s.seed ^ (101 * golden) ^ (3 * attn::kDrawStride)).next());
  Matrix w_q3(4, 1), w_k3(4, 1);
  for (int r = 0; r < 4; ++r) w_q3(r, 0) = stream.next_symmetric(std::sqrt(3.0 / 4));
  stream =
      attn::SplitMix64(attn::SplitMix64(s.seed ^ (102 * golden) ^ (3 * attn::kDrawStride)).next());
  for (int r = 0; r < 4; ++r) w_k3(r, 0) = stream.next_symmetric(std::sqrt(3.0 / 4));
  const Matrix scores3 = w_q3 * w_k3.transpose();
  const double std3 = std::sqrt((scores3.array() - scores3.mean()).square().mean());
  CHECK(attn::sweep_draw(s, {1}, 3)[0].score_std == Approx(std3).margin(1e-15));
}

TEST_CASE("sweep properties: scaling divides the spread, W is nested, inputs respected",
          "[sweep]") {
  Scenario s = fixtures::tokens_scenario(7, 2, 16);
  s.mask = attn::MaskKind::Causal;
  const std::vector<SweepPoint> points = attn::scaling_sweep(s, attn::default_sweep_dims());
  REQUIRE(points.size() == 16);
  for (std::size_t p = 0; p < points.size(); p += 2) {
    INFO("d_k " << points[p].d_k);
    // The scaled scores are the raw ones / sqrt(d_k), so their spread is too.
    CHECK(points[p + 1].score_std ==
          Approx(points[p].score_std / std::sqrt(double(points[p].d_k))).epsilon(1e-12));
    CHECK(points[p].mean_max_entropy == points[p + 1].mean_max_entropy);
    CHECK(points[p].mean_entropy <= points[p].mean_max_entropy + 1e-12);
  }
  // The W of d_k = 8 is the first 8 columns of the W of d_k = 512: alone, the same figures.
  const std::vector<SweepPoint> alone = attn::scaling_sweep(s, {8});
  CHECK(alone[0].score_std == Approx(point(points, 8, false).score_std).epsilon(1e-12));
  CHECK(alone[1].mean_entropy == Approx(point(points, 8, true).mean_entropy).epsilon(1e-12));

  // Inputs come from resolve_inputs: the same X given explicitly gives the same sweep...
  Scenario given = s;
  given.x_q = attn::resolve_inputs(s).x_q;
  const std::vector<SweepPoint> same = attn::scaling_sweep(given, {8});
  CHECK(same[0].score_std == alone[0].score_std);
  // ...and an edit of X changes it; a new seed changes the sweep's W_Q and W_K.
  given.edits.push_back({"x_q", 2, 3, 5.0});
  REQUIRE_FALSE(attn::validate(given).has_value());
  CHECK(attn::scaling_sweep(given, {8})[0].score_std != alone[0].score_std);
  // The scenario's own weights play no part: given W_Q, or an edit of W_K, change nothing.
  given.edits = {{"w_k", 0, 5, 3.0}};
  given.w_q = Matrix::Ones(16, 16);
  REQUIRE_FALSE(attn::validate(given).has_value());
  CHECK(attn::scaling_sweep(given, {8})[0].score_std == alone[0].score_std);
  given.edits.clear();
  given.seed = 43;
  CHECK(attn::scaling_sweep(given, {8})[0].score_std != alone[0].score_std);
}

TEST_CASE("a cross-attention sweep: m queries over n keys, X_kv edits respected", "[sweep]") {
  Scenario s = fixtures::tokens_scenario(5, 2, 8);
  s.key_tokens = {"k0", "k1", "k2", "k3"};
  const std::vector<SweepPoint> points = attn::scaling_sweep(s, {2, 6});
  REQUIRE(points.size() == 4);
  for (const SweepPoint& p : points) CHECK(p.mean_max_entropy == Approx(std::log(4.0)));
  s.edits.push_back({"x_kv", 3, 0, -7.5});
  REQUIRE_FALSE(attn::validate(s).has_value());
  CHECK(attn::scaling_sweep(s, {2, 6})[2].score_std != points[2].score_std);
}

TEST_CASE("on the 512-d article sentence, only the unscaled softmax saturates", "[sweep]") {
  // "Anthony Hopkins admired Michael Bay as a great director.", d_model 512, seed 42.
  const Scenario s = fixtures::article_sentence();
  REQUIRE(s.seed == 42);
  const std::vector<SweepPoint> points = attn::scaling_sweep(s, attn::default_sweep_dims());
  REQUIRE(points.size() == 16);
  for (const SweepPoint& p : points) {
    INFO("d_k " << p.d_k << (p.scaled ? " scaled" : " raw") << ": std " << p.score_std
                << ", max weight " << p.mean_max_weight << ", entropy " << p.mean_entropy << " of "
                << p.mean_max_entropy << ", gradient " << p.mean_gradient_norm);
    CHECK(p.mean_max_entropy == Approx(std::log(9.0)).margin(1e-15));
  }
  const SweepPoint& raw4 = point(points, 4, false);
  const SweepPoint& raw512 = point(points, 512, false);
  const SweepPoint& scaled512 = point(points, 512, true);

  // Raw scores spread like sqrt(d_k): 128 times the width, about sqrt(128) = 11.3 times the std.
  const double ratio = raw512.score_std / raw4.score_std;
  INFO("raw std ratio 512 / 4 = " << ratio);
  CHECK(ratio > std::sqrt(128.0) / 2);
  CHECK(ratio < std::sqrt(128.0) * 2);
  // Scaled scores keep the same spread at every d_k (within a factor 2).
  double low = 1e300, high = 0;
  for (const SweepPoint& p : points) {
    if (!p.scaled) continue;
    low = std::min(low, p.score_std);
    high = std::max(high, p.score_std);
  }
  INFO("scaled std from " << low << " to " << high);
  CHECK(high < 2 * low);

  // Raw at 512: the rows collapse onto their best key (entropy under a quarter of the uniform
  // row's), and the Jacobian shrinks well below the scaled one's.
  CHECK(raw512.mean_max_weight > 0.8);
  CHECK(raw512.mean_max_weight > raw4.mean_max_weight + 0.3);
  CHECK(raw512.mean_entropy < 0.25 * raw512.mean_max_entropy);
  CHECK(raw512.mean_gradient_norm < 0.6 * scaled512.mean_gradient_norm);
  // Scaled at every d_k: broad rows (near the uniform row's entropy log 9 and Jacobian norm
  // sqrt(8) / 9 = 0.314), far from one-hot.
  for (const SweepPoint& p : points) {
    if (!p.scaled) continue;
    INFO("scaled d_k " << p.d_k);
    CHECK(p.mean_max_weight < 0.35);
    CHECK(p.mean_entropy > 0.85 * p.mean_max_entropy);
    CHECK(p.mean_gradient_norm > 0.3);
  }
}
