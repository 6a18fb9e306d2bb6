// The scoring functions (scenario/scenario.h ScoreKind): hand-computed general and additive cases,
// how the kinds relate (W_a = I is dot; dot and scaled dot differ by sqrt(d_k)), the properties
// every kind keeps, and the generated scoring parameters.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "attention/attention.h"
#include "generator.h"

using attn::Matrix;
using attn::Scenario;
using attn::ScoreKind;

namespace {

const ScoreKind kKinds[] = {ScoreKind::Dot, ScoreKind::ScaledDot, ScoreKind::General,
                            ScoreKind::Additive};

double max_abs_diff(const Matrix& a, const Matrix& b) {
  REQUIRE(a.rows() == b.rows());
  REQUIRE(a.cols() == b.cols());
  return (a - b).cwiseAbs().maxCoeff();
}

// Two tokens, one head, d_model = d_k = 2, identity projections, no W_O: Q = K = V = X.
Scenario two_tokens(ScoreKind kind) {
  Scenario s;
  s.query_tokens = {"a", "b"};
  s.d_model = 2;
  s.heads = 1;
  s.score = kind;
  s.x_q = (Matrix(2, 2) << 1, 2, 0, 1).finished();
  s.w_q = s.w_k = s.w_v = Matrix::Identity(2, 2);
  s.w_o_mode = attn::OutputProjection::None;
  return s;
}

Scenario sentence(ScoreKind kind, int d_model, int heads) {
  Scenario s;
  s.query_tokens = {"the", "cat", "sat", "on", "the", "mat"};
  s.d_model = d_model;
  s.heads = heads;
  s.score = kind;
  return s;
}

}  // namespace

TEST_CASE("general scoring of a one-head d_k = 2 case matches the hand computation", "[scoring]") {
  // X = Q = K = V = [[1, 2], [0, 1]], W_a = [[1, 0], [2, -1]].
  // q_1 W_a = [1 + 4, 0 - 2] = [5, -2]; q_2 W_a = [0 + 2, 0 - 1] = [2, -1].
  // S = [[5 - 4, -2], [2 - 2, -1]] = [[1, -2], [0, -1]], not scaled.
  // Row 1: softmax(1, -2) = [p, 1 - p], p = 1 / (1 + e^-3) = 0.95257413; row 2: softmax(0, -1)
  // = [r, 1 - r], r = 1 / (1 + e^-1) = 0.73105858. Output row = p [1, 2] + (1 - p) [0, 1]
  // = [p, 1 + p].
  Scenario s = two_tokens(ScoreKind::General);
  s.w_bilinear = (Matrix(2, 2) << 1, 0, 2, -1).finished();
  REQUIRE_FALSE(attn::validate(s).has_value());
  const attn::Trace t = attn::run_attention(s);
  CHECK(t.score == ScoreKind::General);
  const attn::HeadTrace& h = t.heads[0];
  CHECK(h.scores == (Matrix(2, 2) << 1, -2, 0, -1).finished());
  CHECK(h.scaled == h.scores);  // only scaled dot divides by sqrt(d_k)
  const double p = 0.9525741268224334, r = 0.7310585786300049;
  CHECK(h.weights(0, 0) == Approx(p).margin(1e-15));
  CHECK(h.weights(1, 0) == Approx(r).margin(1e-15));
  CHECK(t.output(0, 0) == Approx(p).margin(1e-15));
  CHECK(t.output(0, 1) == Approx(1 + p).margin(1e-15));
  CHECK(t.output(1, 1) == Approx(1 + r).margin(1e-15));
  CHECK(attn::general_scores(h.q, *t.inputs.w_bilinear, h.k) == h.scores);
}

TEST_CASE("additive scoring of one query and one key matches the hand computation", "[scoring]") {
  // q = [1, 0], k = [0, 1] (identity projections), d_a = 2.
  // q W_1 = [0.5, -1]; k W_2 = [0.5, 1.5]; sum = [1, 0.5];
  // tanh(1) = 0.7615941559557649, tanh(0.5) = 0.46211715726000974;
  // s = v_a · tanh(...) = 2 · 0.7615941559557649 - 3 · 0.46211715726000974 = 0.13683684013150055.
  // One key: its weight is 1, so the output is that key's value row [0, 1].
  Scenario s;
  s.query_tokens = {"q"};
  s.key_tokens = {"k"};
  s.d_model = 2;
  s.heads = 1;
  s.score = ScoreKind::Additive;
  s.x_q = (Matrix(1, 2) << 1, 0).finished();
  s.x_kv = (Matrix(1, 2) << 0, 1).finished();
  s.w_q = s.w_k = s.w_v = Matrix::Identity(2, 2);
  s.w_o_mode = attn::OutputProjection::None;
  s.w_additive_q = (Matrix(2, 2) << 0.5, -1, 2, 0).finished();
  s.w_additive_k = (Matrix(2, 2) << 1, 0, 0.5, 1.5).finished();
  s.v_additive = (Matrix(1, 2) << 2, -3).finished();
  REQUIRE_FALSE(attn::validate(s).has_value());
  const attn::Trace t = attn::run_attention(s);
  CHECK(t.d_a == 2);
  const attn::HeadTrace& h = t.heads[0];
  CHECK(h.scores(0, 0) == Approx(0.13683684013150055).margin(1e-15));
  CHECK(h.scaled == h.scores);
  CHECK(h.weights(0, 0) == 1.0);
  CHECK(t.output == (Matrix(1, 2) << 0, 1).finished());
  // The per-operation function gives the same number on its own.
  const Matrix direct =
      attn::additive_scores(h.q, h.k, *s.w_additive_q, *s.w_additive_k, s.v_additive->row(0));
  CHECK(direct(0, 0) == h.scores(0, 0));
}

TEST_CASE("the traced output equals the direct computation for every score kind",
          "[scoring][attention]") {
  std::vector<Scenario> cases;
  cases.push_back(two_tokens(ScoreKind::ScaledDot));
  cases.push_back(sentence(ScoreKind::ScaledDot, 8, 2));
  cases.push_back(sentence(ScoreKind::ScaledDot, 12, 3));
  cases.back().mask = attn::MaskKind::Causal;
  cases.back().padded_keys = {0, 3};  // query 0 is fully masked
  cases.back().seed = 9;
  cases.push_back(sentence(ScoreKind::ScaledDot, 16, 2));  // cross-attention, d_k != d_v != d_a
  cases.back().key_tokens = {"a", "dog", "ran"};
  cases.back().d_k = 5;
  cases.back().d_v = 7;
  cases.back().d_a = 3;
  cases.back().mask = attn::MaskKind::Causal;
  cases.push_back(cases.back());
  cases.back().w_o_mode = attn::OutputProjection::None;
  for (std::size_t c = 0; c < cases.size(); ++c) {
    for (ScoreKind kind : kKinds) {
      cases[c].score = kind;
      REQUIRE_FALSE(attn::validate(cases[c]).has_value());
      const attn::Trace t = attn::run_attention(cases[c]);
      const Matrix direct =
          attn::attention_direct(t.inputs, kind, cases[c].heads, t.d_k, t.d_v, t.mask);
      const double diff = max_abs_diff(t.output, direct);
      INFO("case " << c << ", score kind " << int(kind) << ": max |traced - direct| = " << diff);
      CHECK(diff < 1e-12);
      CHECK(t.output.allFinite());
    }
  }
}

TEST_CASE("general scoring with W_a = I is the dot score", "[scoring]") {
  Scenario general = sentence(ScoreKind::General, 12, 3);  // d_k = 4
  general.w_bilinear = Matrix(4, 12);
  for (int head = 0; head < 3; ++head) general.w_bilinear->middleCols(4 * head, 4).setIdentity();
  REQUIRE_FALSE(attn::validate(general).has_value());
  const attn::Trace g = attn::run_attention(general);
  const attn::Trace d = attn::run_attention(sentence(ScoreKind::Dot, 12, 3));
  for (int head = 0; head < 3; ++head) {
    INFO("head " << head);
    CHECK(max_abs_diff(g.heads[head].scores, d.heads[head].scores) < 1e-12);
  }
  CHECK(max_abs_diff(g.output, d.output) < 1e-12);
}

TEST_CASE("dot and scaled dot have the same scores and differ by exactly sqrt(d_k) after scaling",
          "[scoring]") {
  // d_k = 4, so sqrt(d_k) = 2 and multiplying back by it is exact.
  const attn::Trace dot = attn::run_attention(sentence(ScoreKind::Dot, 8, 2));
  const attn::Trace scaled = attn::run_attention(sentence(ScoreKind::ScaledDot, 8, 2));
  REQUIRE(dot.d_k == 4);
  for (int head = 0; head < 2; ++head) {
    CHECK(dot.heads[head].scores == scaled.heads[head].scores);
    CHECK(dot.heads[head].scaled == dot.heads[head].scores);
    CHECK(Matrix(scaled.heads[head].scaled * 2.0) == dot.heads[head].scaled);
  }
  // Without the division the scores are spread wider, so the softmax is peakier.
  CHECK(dot.heads[0].weights.maxCoeff() > scaled.heads[0].weights.maxCoeff());
}

TEST_CASE("every score kind keeps rows summing to 1 and masked weights exactly 0", "[scoring]") {
  for (ScoreKind kind : kKinds) {
    for (int variant = 0; variant < 3; ++variant) {
      Scenario s = sentence(kind, 12, 3);
      if (variant >= 1) s.mask = attn::MaskKind::Causal;
      if (variant == 2) {
        s.padded_keys = {0, 4};
        s.d_a = 5;
      }
      INFO("score kind " << int(kind) << ", variant " << variant);
      REQUIRE_FALSE(attn::validate(s).has_value());
      const attn::Trace t = attn::run_attention(s);
      CHECK(t.output.allFinite());
      CHECK(t.fully_masked_queries == (variant == 2 ? std::vector<int>{0} : std::vector<int>{}));
      for (const attn::HeadTrace& h : t.heads) {
        for (Eigen::Index i = 0; i < h.weights.rows(); ++i) {
          const bool all_masked = (t.mask.row(i).array() == 0.0).all();
          CHECK(h.weights.row(i).sum() == Approx(all_masked ? 0.0 : 1.0).margin(1e-12));
          for (Eigen::Index j = 0; j < h.weights.cols(); ++j) {
            if (t.mask(i, j) == 0.0) CHECK(h.weights(i, j) == 0.0);
          }
        }
      }
    }
  }
}

TEST_CASE("the scoring parameters exist only for their kind, with the documented shapes",
          "[scoring]") {
  Scenario s = sentence(ScoreKind::ScaledDot, 12, 3);  // d_k = 4
  attn::Inputs in = attn::resolve_inputs(s);
  CHECK_FALSE(in.w_bilinear.has_value());
  CHECK_FALSE(in.w_additive_q.has_value());
  CHECK_FALSE(in.v_additive.has_value());

  s.score = ScoreKind::General;
  in = attn::resolve_inputs(s);
  REQUIRE(in.w_bilinear.has_value());
  CHECK((in.w_bilinear->rows() == 4 && in.w_bilinear->cols() == 12));
  CHECK(*in.w_bilinear == attn::weight_matrix(4, 12, 42, attn::WeightTag::WBilinear));
  CHECK_FALSE(in.w_additive_k.has_value());

  s.score = ScoreKind::Additive;
  s.d_a = 5;
  in = attn::resolve_inputs(s);
  CHECK_FALSE(in.w_bilinear.has_value());
  REQUIRE((in.w_additive_q && in.w_additive_k && in.v_additive));
  CHECK((in.w_additive_q->rows() == 4 && in.w_additive_q->cols() == 15));
  CHECK(*in.w_additive_k == attn::weight_matrix(4, 15, 42, attn::WeightTag::WAdditiveK));
  CHECK(*in.v_additive == attn::weight_matrix(3, 5, 42, attn::WeightTag::VAdditive));
  CHECK((in.v_additive->rows() == 3 && in.v_additive->cols() == 5));

  // A given parameter is used as is; the others are still generated.
  s.w_additive_q = Matrix::Constant(4, 15, 0.25);
  in = attn::resolve_inputs(s);
  CHECK(*in.w_additive_q == *s.w_additive_q);
  CHECK(*in.w_additive_k == attn::weight_matrix(4, 15, 42, attn::WeightTag::WAdditiveK));
}

TEST_CASE("choosing a score kind leaves the embeddings and projections unchanged", "[scoring]") {
  const attn::Inputs base = attn::resolve_inputs(sentence(ScoreKind::ScaledDot, 8, 2));
  for (ScoreKind kind : kKinds) {
    INFO("score kind " << int(kind));
    const attn::Inputs in = attn::resolve_inputs(sentence(kind, 8, 2));
    CHECK(in.x_q == base.x_q);
    CHECK(in.w_q == base.w_q);
    CHECK(in.w_k == base.w_k);
    CHECK(in.w_v == base.w_v);
    CHECK(*in.w_o == *base.w_o);
  }
}

TEST_CASE("the scoring tags 5-8 follow the documented stream recipe, with pinned bits",
          "[scoring][generator]") {
  constexpr std::uint64_t kGolden = 0x9E3779B97F4A7C15ULL;
  const attn::WeightTag tags[] = {attn::WeightTag::WBilinear, attn::WeightTag::WAdditiveQ,
                                  attn::WeightTag::WAdditiveK, attn::WeightTag::VAdditive};
  for (attn::WeightTag tag : tags) {
    const std::uint64_t t = static_cast<std::uint64_t>(tag);
    INFO("tag " << t);
    const Matrix w = attn::weight_matrix(2, 3, 42, tag);
    attn::SplitMix64 stream(attn::SplitMix64(42ULL ^ (t * kGolden)).next());  // mix(seed ^ t·g)
    for (int r = 0; r < 2; ++r) {
      for (int c = 0; c < 3; ++c) CHECK(w(r, c) == stream.next_symmetric(std::sqrt(6.0 / 5.0)));
    }
  }
  CHECK(static_cast<int>(attn::WeightTag::WBilinear) == 5);
  CHECK(static_cast<int>(attn::WeightTag::VAdditive) == 8);
  CHECK(attn::weight_matrix(2, 3, 42, attn::WeightTag::WBilinear)(0, 0) == -0x1.10d474ca5328ep-2);
  CHECK(attn::weight_matrix(2, 3, 42, attn::WeightTag::WAdditiveQ)(1, 2) == -0x1.672efd0dfbca2p-2);
  CHECK(attn::weight_matrix(2, 3, 42, attn::WeightTag::WAdditiveK)(0, 0) == 0x1.16ee724979a5p-2);
  CHECK(attn::weight_matrix(2, 3, 42, attn::WeightTag::VAdditive)(1, 2) == 0x1.128902adc72e5p-3);
  // The earlier tags are untouched (also pinned in test_generator.cpp).
  CHECK(attn::weight_matrix(2, 3, 42, attn::WeightTag::WQ)(0, 0) == 0x1.10fb104120824p+0);
}
