// The sqrt(d_k) sweep over many draws of W_Q, W_K: the means follow "grows like sqrt(d_k)" where
// one draw zigzags, each band holds every draw and the mean, and the whole is deterministic.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <string>
#include <vector>

#include "explain/sweep.h"
#include "steps_fixtures.h"

using attn::Scenario;
using attn::SweepBand;
using attn::SweepPoint;

namespace {

// The page's "Small default" preset: 6 tokens, d_model 8, 2 heads, seed 42, positions on. Its
// draw 0 alone has a raw spread of 7.55 at d_k 128 and 6.32 at d_k 256.
Scenario small_default() {
  Scenario s;
  s.query_tokens = {"the", "cat", "sat", "on", "the", "mat"};
  s.d_model = 8;
  s.heads = 2;
  s.seed = 42;
  s.positional_encoding = true;
  return s;
}

// The score_std of every point with `scaled`, in the order of the dims.
std::vector<double> spreads(const std::vector<SweepPoint>& points, bool scaled) {
  std::vector<double> out;
  for (const SweepPoint& p : points) {
    if (p.scaled == scaled) out.push_back(p.score_std);
  }
  return out;
}

// The four averaged measures of a point with their bands, as (value, band) pairs.
std::vector<std::pair<double, SweepBand>> measures(const SweepPoint& p) {
  return {{p.score_std, p.score_std_band},
          {p.mean_max_weight, p.max_weight_band},
          {p.mean_entropy, p.entropy_band},
          {p.mean_gradient_norm, p.gradient_norm_band}};
}

}  // namespace

TEST_CASE("over 32 draws the raw spread grows with d_k and the scaled one stays flat", "[sweep]") {
  const Scenario small = small_default();
  REQUIRE_FALSE(attn::validate(small).has_value());
  // One draw zigzags: the raw spread of draw 0 falls from d_k 128 to 256.
  const std::vector<double> one =
      spreads(attn::sweep_draw(small, attn::default_sweep_dims(), 0), false);
  CHECK(one[6] < one[5]);

  for (const Scenario& s : {small, fixtures::article_sentence()}) {
    const std::vector<SweepPoint> points = attn::scaling_sweep(s, attn::default_sweep_dims());
    REQUIRE(points.size() == 16);
    for (const SweepPoint& p : points) CHECK(p.draws == attn::kSweepDraws);
    const std::vector<double> raw = spreads(points, false), scaled = spreads(points, true);
    INFO("d_model " << s.d_model << ": raw from " << raw.front() << " to " << raw.back());
    // Without scaling: strictly larger at every doubling of d_k, and about sqrt(128) = 11.3
    // times wider at 512 than at 4 (within a factor 2).
    for (std::size_t i = 1; i < raw.size(); ++i) {
      INFO("d_k index " << i << ": " << raw[i - 1] << " -> " << raw[i]);
      CHECK(raw[i] > raw[i - 1]);
    }
    CHECK(raw.back() / raw.front() > std::sqrt(128.0) / 2);
    CHECK(raw.back() / raw.front() < std::sqrt(128.0) * 2);
    // With scaling: flat, every d_k within 15% of the average over the d_k values.
    double average = 0;
    for (double x : scaled) average += x / static_cast<double>(scaled.size());
    for (double x : scaled) {
      INFO("scaled spread " << x << ", average " << average);
      CHECK(std::abs(x - average) < 0.15 * average);
    }
  }
}

TEST_CASE("each band runs from the lowest to the highest draw and holds the mean", "[sweep]") {
  Scenario s = fixtures::tokens_scenario(7, 2, 16);
  s.mask = attn::MaskKind::Causal;
  const std::vector<int> dims = {2, 8, 32};
  const int draws = 5;
  const std::vector<SweepPoint> points = attn::scaling_sweep(s, dims, draws);
  REQUIRE(points.size() == 6);

  // The same figures computed independently: each draw alone, summed in draw order.
  std::vector<std::vector<SweepPoint>> each;
  for (int k = 0; k < draws; ++k) each.push_back(attn::sweep_draw(s, dims, k));
  for (std::size_t p = 0; p < points.size(); ++p) {
    INFO("point " << p << " (d_k " << points[p].d_k << (points[p].scaled ? " scaled)" : " raw)"));
    CHECK(points[p].draws == draws);
    const auto summary = measures(points[p]);
    for (std::size_t m = 0; m < summary.size(); ++m) {
      INFO("measure " << m);
      double sum = 0, low = 1e300, high = -1e300;
      for (const auto& draw : each) {
        const double x = measures(draw[p])[m].first;
        sum += x;
        low = std::min(low, x);
        high = std::max(high, x);
      }
      const auto& [mean, band] = summary[m];
      CHECK(mean == Approx(sum / draws).epsilon(1e-15));
      CHECK(band.low == low);
      CHECK(band.high == high);
      CHECK(band.low <= mean);
      CHECK(mean <= band.high);
    }
    // Draws differ: the spread's band has a width.
    CHECK(points[p].score_std_band.low < points[p].score_std_band.high);
    CHECK(points[p].mean_max_entropy == each[0][p].mean_max_entropy);
  }
  // A single draw's band is that draw's value.
  for (const auto& [value, band] : measures(each[2][1])) {
    CHECK(band.low == value);
    CHECK(band.high == value);
  }
}

TEST_CASE("the averaged sweep is deterministic for a seed", "[sweep]") {
  Scenario s = fixtures::tokens_scenario(5, 1, 12);
  const std::vector<SweepPoint> a = attn::scaling_sweep(s, {4, 16}),
                                b = attn::scaling_sweep(s, {4, 16});
  REQUIRE(a.size() == b.size());
  for (std::size_t p = 0; p < a.size(); ++p) {
    const auto ma = measures(a[p]), mb = measures(b[p]);
    for (std::size_t m = 0; m < ma.size(); ++m) {
      CHECK(ma[m].first == mb[m].first);  // bit for bit
      CHECK(ma[m].second.low == mb[m].second.low);
      CHECK(ma[m].second.high == mb[m].second.high);
    }
  }
  // Fewer than one draw counts as one: draw 0.
  CHECK(attn::scaling_sweep(s, {4}, 0)[0].score_std == attn::sweep_draw(s, {4}, 0)[0].score_std);
  CHECK(attn::scaling_sweep(s, {4}, 0)[0].draws == 1);
  // Another seed draws other weights (and other embeddings).
  s.seed = 7;
  CHECK(attn::scaling_sweep(s, {4, 16})[0].score_std != a[0].score_std);
}

TEST_CASE("larger scenarios get fewer draws, never fewer than 8", "[sweep]") {
  const std::vector<int> dims = attn::default_sweep_dims();
  CHECK(attn::sweep_draws_for(fixtures::article_sentence(), dims) == 32);
  CHECK(attn::sweep_draws_for(small_default(), dims) == 32);
  // 24 + 24 tokens of d_model 512: 48 / 18 times the work of the sentence, 32 * 18 / 48 = 12.
  Scenario wide = fixtures::tokens_scenario(24, 1, 512);
  CHECK(attn::sweep_draws_for(wide, dims) == 12);
  CHECK(attn::sweep_draws_for(wide, {4, 8}) == 32);  // only narrow d_k: cheap
  // The largest scenario: 48 + 48 tokens of d_model 1024 would get 3; the floor is 8.
  Scenario largest = fixtures::tokens_scenario(48, 1, 1024);
  for (int i = 0; i < 48; ++i) largest.key_tokens.push_back("k" + std::to_string(i));
  CHECK(attn::sweep_draws_for(largest, dims) == attn::kMinSweepDraws);
}
