// Attention: hand-checked 2x2 cases, properties that always hold (rows sum to 1, masked weights
// exactly 0, shapes) and an independent plain-loop reference. Traced == direct, for every score
// kind, is in test_scoring.cpp.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "attention/attention.h"

using attn::Matrix;
using attn::Scenario;

namespace {

double max_abs_diff(const Matrix& a, const Matrix& b) {
  REQUIRE(a.rows() == b.rows());
  REQUIRE(a.cols() == b.cols());
  return (a - b).cwiseAbs().maxCoeff();
}

// Two tokens, d_model 2, one head, identity W_Q/W_K/W_V, no W_O, X = [[1, 1], [1, -1]].
Scenario two_by_two() {
  Scenario s;
  s.query_tokens = {"a", "b"};
  s.d_model = 2;
  s.heads = 1;
  s.x_q = (Matrix(2, 2) << 1, 1, 1, -1).finished();
  s.w_q = s.w_k = s.w_v = Matrix::Identity(2, 2);
  s.w_o_mode = attn::OutputProjection::None;
  return s;
}

Scenario sentence(int d_model, int heads) {
  Scenario s;
  s.query_tokens = {"the", "cat", "sat", "on", "the", "mat"};
  s.d_model = d_model;
  s.heads = heads;
  return s;
}

Scenario cross_12_over_9() {
  Scenario s;
  for (int i = 0; i < 12; ++i) s.query_tokens.push_back("t" + std::to_string(i));
  for (int j = 0; j < 9; ++j) s.key_tokens.push_back("s" + std::to_string(j));
  s.d_model = 16;
  s.heads = 2;
  return s;
}

// Every weight row sums to 1 (or is all zeros for a fully masked query); every masked weight is
// exactly 0.0 and every unmasked weight is positive.
void check_weight_properties(const attn::Trace& t) {
  for (const attn::HeadTrace& h : t.heads) {
    for (Eigen::Index i = 0; i < h.weights.rows(); ++i) {
      const bool all_masked = (t.mask.row(i).array() == 0.0).all();
      CHECK(h.weights.row(i).sum() == Approx(all_masked ? 0.0 : 1.0).margin(1e-12));
      for (Eigen::Index j = 0; j < h.weights.cols(); ++j) {
        if (t.mask(i, j) == 0.0) {
          CHECK(h.weights(i, j) == 0.0);
        } else {
          CHECK(h.weights(i, j) > 0.0);
        }
      }
    }
  }
}

}  // namespace

TEST_CASE("softmax of a hand-made row gives the hand-computed weights", "[attention]") {
  // Row 0: exp(0) : exp(ln 3) = 1 : 3 -> [1/4, 3/4]. Row 1: equal scores -> [1/2, 1/2].
  // Row 2: [0, -inf] -> [1, 0]. Row 3: all -inf -> zeros by definition.
  const double inf = std::numeric_limits<double>::infinity();
  Matrix s(4, 2);
  s << 0, std::log(3.0), std::log(2.0), std::log(2.0), 0, -inf, -inf, -inf;
  const Matrix a = attn::softmax_rows(s);
  CHECK(a(0, 0) == Approx(0.25).margin(1e-15));
  CHECK(a(0, 1) == Approx(0.75).margin(1e-15));
  CHECK(a(1, 0) == 0.5);
  CHECK(a(1, 1) == 0.5);
  CHECK(a(2, 0) == 1.0);
  CHECK(a(2, 1) == 0.0);
  CHECK(a.row(3).isZero(0.0));
}

TEST_CASE("a 2x2 self-attention matches the hand computation", "[attention]") {
  // Q = K = V = X = [[1, 1], [1, -1]]. Scores X X^T = [[2, 0], [0, 2]]; scaled by 1/sqrt(2):
  // [[sqrt2, 0], [0, sqrt2]]. Row 0 weights: [p, 1 - p] with p = e^sqrt2 / (e^sqrt2 + 1)
  // = 1 / (1 + e^-sqrt2) = 1 / 1.24311673 = 0.80442968; row 1: [1 - p, p].
  // Output row 0 = p [1, 1] + (1 - p) [1, -1] = [1, 2p - 1] = [1, 0.60885937]; row 1 = [1, 1 - 2p].
  const attn::Trace t = attn::run_attention(two_by_two());
  REQUIRE(t.heads.size() == 1);
  const attn::HeadTrace& h = t.heads[0];
  CHECK(h.scores == (Matrix(2, 2) << 2, 0, 0, 2).finished());
  CHECK(h.scaled(0, 0) == Approx(std::sqrt(2.0)).margin(1e-15));
  CHECK(h.masked == h.scaled);
  CHECK_FALSE(t.has_mask);
  const double p = 0.8044296825069569;
  CHECK(h.weights(0, 0) == Approx(p).margin(1e-15));
  CHECK(h.weights(0, 1) == Approx(1 - p).margin(1e-15));
  CHECK(h.weights(1, 1) == Approx(p).margin(1e-15));
  CHECK(t.output(0, 0) == Approx(1.0).margin(1e-15));
  CHECK(t.output(0, 1) == Approx(0.6088593650139138).margin(1e-15));
  CHECK(t.output(1, 1) == Approx(-0.6088593650139138).margin(1e-15));
}

TEST_CASE("a 2x2 causal mask lets the first query see only itself", "[attention]") {
  // Query 0 sees key 0 only: weights [1, 0], output = X row 0 = [1, 1]. Query 1 sees both, as in
  // the unmasked case: [1 - p, p], output [1, 1 - 2p] = [1, -0.60885937].
  Scenario s = two_by_two();
  s.mask = attn::MaskKind::Causal;
  const attn::Trace t = attn::run_attention(s);
  CHECK(t.has_mask);
  CHECK(t.mask == (Matrix(2, 2) << 1, 0, 1, 1).finished());
  CHECK(std::isinf(t.heads[0].masked(0, 1)));
  CHECK(t.heads[0].weights(0, 0) == 1.0);
  CHECK(t.heads[0].weights(0, 1) == 0.0);
  CHECK(t.output.row(0) == (Matrix(1, 2) << 1, 1).finished());
  CHECK(t.output(1, 1) == Approx(-0.6088593650139138).margin(1e-15));
  CHECK(t.fully_masked_queries.empty());
}

TEST_CASE("a 2x2 padded key is ignored by every query", "[attention]") {
  // Key 1 padded: both queries put all their weight on key 0, so both outputs are [1, 1].
  Scenario s = two_by_two();
  s.padded_keys = {1};
  const attn::Trace t = attn::run_attention(s);
  CHECK(t.has_mask);
  CHECK(t.heads[0].weights == (Matrix(2, 2) << 1, 0, 1, 0).finished());
  CHECK(t.output == (Matrix(2, 2) << 1, 1, 1, 1).finished());
}

TEST_CASE("a fully masked query gets zero weights and output and is listed", "[attention]") {
  // Causal plus key 0 padded: query 0 may see only key 0, which is padded -> nothing left.
  // Query 1 sees key 1 only: weights [0, 1], output = X row 1 = [1, -1].
  Scenario s = two_by_two();
  s.mask = attn::MaskKind::Causal;
  s.padded_keys = {0};
  const attn::Trace t = attn::run_attention(s);
  CHECK(t.fully_masked_queries == std::vector<int>{0});
  CHECK(t.heads[0].weights == (Matrix(2, 2) << 0, 0, 0, 1).finished());
  CHECK(t.output == (Matrix(2, 2) << 0, 0, 1, -1).finished());

  // The same in a bigger generated scenario, with W_O: no NaN anywhere, zero output rows.
  Scenario big = sentence(8, 2);
  big.mask = attn::MaskKind::Causal;
  big.padded_keys = {0, 1};
  const attn::Trace tb = attn::run_attention(big);
  CHECK(tb.fully_masked_queries == std::vector<int>{0, 1});
  CHECK(tb.output.allFinite());
  CHECK(tb.output.topRows(2).isZero(0.0));
  for (const attn::HeadTrace& h : tb.heads) CHECK(h.weights.topRows(2).isZero(0.0));
  check_weight_properties(tb);
}

TEST_CASE("weights rows sum to 1 and masked weights are exactly 0", "[attention]") {
  Scenario s = sentence(12, 3);
  SECTION("no mask") { check_weight_properties(attn::run_attention(s)); }
  SECTION("causal") {
    s.mask = attn::MaskKind::Causal;
    check_weight_properties(attn::run_attention(s));
  }
  SECTION("padding") {
    s.padded_keys = {5, 2};
    check_weight_properties(attn::run_attention(s));
  }
  SECTION("causal and padding, cross-attention") {
    s = cross_12_over_9();
    s.mask = attn::MaskKind::Causal;
    s.padded_keys = {0, 8};
    const attn::Trace t = attn::run_attention(s);
    CHECK(t.fully_masked_queries == std::vector<int>{0});
    check_weight_properties(t);
  }
}

TEST_CASE("cross-attention of 12 queries over 9 keys has the documented shapes", "[attention]") {
  Scenario s = cross_12_over_9();
  SECTION("d_k = d_v = d_model / heads, generated W_O") {
    const attn::Trace t = attn::run_attention(s);
    CHECK(t.inputs.x_q.rows() == 12);
    CHECK(t.inputs.x_kv.rows() == 9);
    CHECK((t.q_all.rows() == 12 && t.q_all.cols() == 16));
    CHECK((t.k_all.rows() == 9 && t.k_all.cols() == 16));
    REQUIRE(t.heads.size() == 2);
    CHECK((t.heads[1].q.rows() == 12 && t.heads[1].q.cols() == 8));
    CHECK((t.heads[1].k.rows() == 9 && t.heads[1].k.cols() == 8));
    CHECK((t.heads[1].weights.rows() == 12 && t.heads[1].weights.cols() == 9));
    CHECK((t.heads[1].output.rows() == 12 && t.heads[1].output.cols() == 8));
    CHECK((t.concat.rows() == 12 && t.concat.cols() == 16));
    CHECK((t.output.rows() == 12 && t.output.cols() == 16));
    // Head 1 takes columns [8, 16); heads are concatenated along columns in head order.
    CHECK(t.heads[1].q == t.q_all.rightCols(8));
    CHECK(t.concat.leftCols(8) == t.heads[0].output);
  }
  SECTION("d_k = 5, d_v = 3") {
    s.d_k = 5;
    s.d_v = 3;
    attn::Trace t = attn::run_attention(s);
    CHECK((t.inputs.w_q.rows() == 16 && t.inputs.w_q.cols() == 10));
    CHECK((t.inputs.w_v.rows() == 16 && t.inputs.w_v.cols() == 6));
    CHECK((t.inputs.w_o->rows() == 6 && t.inputs.w_o->cols() == 16));
    CHECK((t.heads[0].q.rows() == 12 && t.heads[0].q.cols() == 5));
    CHECK((t.heads[0].v.rows() == 9 && t.heads[0].v.cols() == 3));
    CHECK((t.heads[0].scores.rows() == 12 && t.heads[0].scores.cols() == 9));
    CHECK((t.heads[0].output.rows() == 12 && t.heads[0].output.cols() == 3));
    CHECK((t.concat.rows() == 12 && t.concat.cols() == 6));
    CHECK((t.output.rows() == 12 && t.output.cols() == 16));
    s.w_o_mode = attn::OutputProjection::None;  // without W_O the output is the concat
    t = attn::run_attention(s);
    CHECK((t.output.rows() == 12 && t.output.cols() == 6));
    CHECK(t.output == t.concat);
  }
}

TEST_CASE("inputs: shared tokens, self-attention and positional encoding", "[attention]") {
  const attn::Trace cross = attn::run_attention(cross_12_over_9());
  CHECK(cross.inputs.x_q == cross.inputs.embeddings_q + cross.inputs.positional_q);
  CHECK(cross.inputs.positional_kv.row(3) == cross.inputs.positional_q.row(3));

  Scenario self = sentence(8, 2);
  const attn::Trace t = attn::run_attention(self);
  CHECK(t.inputs.x_kv == t.inputs.x_q);  // self-attention: one matrix for both sides
  CHECK(t.inputs.embeddings_q.row(0) == t.inputs.embeddings_q.row(4));  // "the" twice
  CHECK(t.inputs.x_q.row(0) != t.inputs.x_q.row(4));                    // ...at different positions

  self.positional_encoding = false;
  const attn::Trace plain = attn::run_attention(self);
  CHECK(plain.inputs.positional_q.isZero(0.0));
  CHECK(plain.inputs.x_q.row(0) == plain.inputs.x_q.row(4));

  // An explicit X is used as is: no positional encoding added.
  Scenario given = two_by_two();
  const attn::Trace g = attn::run_attention(given);
  CHECK(g.inputs.positional_q.isZero(0.0));
  CHECK(g.inputs.x_q == *given.x_q);
  CHECK_FALSE(g.inputs.w_o.has_value());
}

TEST_CASE("one head with identity weights is plain softmax(X X^T / sqrt(d)) X", "[attention]") {
  // Independent reference with plain loops: S = X X^T / sqrt(d); row softmax; O = A X.
  const int m = 5, d = 4;
  Matrix x(m, d);
  for (int i = 0; i < m; ++i) {
    for (int c = 0; c < d; ++c) x(i, c) = std::sin(1.0 + 3 * i + c) * (1 + i % 3);
  }
  Matrix expected = Matrix::Zero(m, d);
  for (int i = 0; i < m; ++i) {
    std::vector<double> e(m);
    double biggest = -1e300, total = 0;
    for (int j = 0; j < m; ++j) {
      double dot = 0;
      for (int c = 0; c < d; ++c) dot += x(i, c) * x(j, c);
      e[j] = dot / std::sqrt(double(d));
      if (e[j] > biggest) biggest = e[j];
    }
    for (int j = 0; j < m; ++j) total += (e[j] = std::exp(e[j] - biggest));
    for (int j = 0; j < m; ++j) {
      for (int c = 0; c < d; ++c) expected(i, c) += e[j] / total * x(j, c);
    }
  }
  Scenario s;
  s.query_tokens = {"a", "b", "c", "d", "e"};
  s.d_model = d;
  s.heads = 1;
  s.x_q = x;
  s.w_q = s.w_k = s.w_v = Matrix::Identity(d, d);
  s.w_o_mode = attn::OutputProjection::None;
  const Matrix got = attn::run_attention(s).output;
  INFO("max |traced - reference| = " << max_abs_diff(got, expected));
  CHECK(max_abs_diff(got, expected) < 1e-12);
}
