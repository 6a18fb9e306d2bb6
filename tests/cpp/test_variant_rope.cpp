// RoPE (variants/rope): against the two textbook forms (Meta's complex multiplication for the
// interleaved style, Hugging Face's rotate_half for the half style) and its properties: lengths
// kept, the two styles a permutation of each other, scores that depend on m − n only.
#include <complex>

#include "variants/rope/rope.h"
#include "variants_fixtures.h"

using attn::Matrix;
using attn::variants::apply_rope;
using attn::variants::Rope;
using attn::variants::RopeStyle;
using variants_fixtures::max_abs_diff;
using variants_fixtures::Random;

namespace {

// Meta's form: pair (2i, 2i+1) as the complex number x_2i + i·x_2i+1, times e^(i·p·theta^(-2i/d)).
Matrix meta_rope(const Matrix& x, double theta, int dims, int offset) {
  Matrix out = x;
  for (Eigen::Index r = 0; r < x.rows(); ++r) {
    for (int i = 0; i < dims / 2; ++i) {
      const double angle = (r + offset) * std::pow(theta, -2.0 * i / dims);
      const std::complex<double> z =
          std::complex<double>(x(r, 2 * i), x(r, 2 * i + 1)) * std::polar(1.0, angle);
      out(r, 2 * i) = z.real();
      out(r, 2 * i + 1) = z.imag();
    }
  }
  return out;
}

// Hugging Face's form on the first dims components: x·cos + rotate_half(x)·sin, where cos and
// sin repeat the dims/2 angles twice and rotate_half(x) = [−x2, x1] for x = [x1, x2].
Matrix hf_rope(const Matrix& x, double theta, int dims, int offset) {
  Matrix out = x;
  const int half = dims / 2;
  for (Eigen::Index r = 0; r < x.rows(); ++r) {
    for (int c = 0; c < dims; ++c) {
      const double angle = (r + offset) * std::pow(theta, -2.0 * (c % half) / dims);
      const double rotated = c < half ? -x(r, c + half) : x(r, c - half);
      out(r, c) = x(r, c) * std::cos(angle) + rotated * std::sin(angle);
    }
  }
  return out;
}

// Columns of the interleaved layout moved to the half layout: 2i -> i, 2i+1 -> i + dims/2.
Matrix interleaved_to_half(const Matrix& x, int dims) {
  Matrix out = x;
  for (int i = 0; i < dims / 2; ++i) {
    out.col(i) = x.col(2 * i);
    out.col(i + dims / 2) = x.col(2 * i + 1);
  }
  return out;
}

Rope rope(RopeStyle style, int dims, double theta = 10000.0) { return Rope{theta, style, dims}; }

}  // namespace

TEST_CASE("rope: interleaved equals Meta's complex form, half equals rotate_half", "[rope]") {
  Random rnd(18);
  for (int trial = 0; trial < 20; ++trial) {
    const int d_k = 2 * rnd.between(1, 8), dims = 2 * rnd.between(1, d_k / 2);
    const int offset = rnd.between(0, 300);
    const Matrix x = rnd.matrix(rnd.between(1, 9), d_k);
    CHECK(max_abs_diff(apply_rope(x, rope(RopeStyle::Interleaved, dims), offset),
                       meta_rope(x, 10000.0, dims, offset)) < 1e-14);
    CHECK(max_abs_diff(apply_rope(x, rope(RopeStyle::Half, dims, 500000.0), offset),
                       hf_rope(x, 500000.0, dims, offset)) < 1e-14);
  }
}

TEST_CASE("rope: position 0 is the identity; components past dims pass through", "[rope]") {
  Random rnd(7);
  const Matrix x = rnd.matrix(5, 8);
  const Matrix y = apply_rope(x, rope(RopeStyle::Half, 4), 0);
  CHECK(y.row(0) == x.row(0));
  CHECK(y.rightCols(4) == x.rightCols(4));
  CHECK(y.row(1) != x.row(1));
  // Pair 0 turns by exactly p radians per position (frequency theta^0 = 1).
  const auto pairs = attn::variants::rope_pairs(rope(RopeStyle::Interleaved, 6));
  REQUIRE(pairs.size() == 3);
  CHECK(pairs[0].frequency == 1.0);
  CHECK(pairs[2].a == 4);
  CHECK(pairs[2].b == 5);
  CHECK(pairs[2].frequency == Approx(std::pow(10000.0, -4.0 / 6)));
}

TEST_CASE("rope: preserves the length of every row and every pair", "[rope]") {
  Random rnd(3);
  const Matrix x = rnd.matrix(12, 10, 3.0);
  for (RopeStyle style : {RopeStyle::Interleaved, RopeStyle::Half}) {
    const Rope r = rope(style, 8);
    const Matrix y = apply_rope(x, r, 41);
    for (Eigen::Index i = 0; i < x.rows(); ++i) {
      CHECK(y.row(i).norm() == Approx(x.row(i).norm()).epsilon(1e-14));
      for (const auto& p : attn::variants::rope_pairs(r)) {
        CHECK(std::hypot(y(i, p.a), y(i, p.b)) ==
              Approx(std::hypot(x(i, p.a), x(i, p.b))).epsilon(1e-14));
      }
    }
  }
}

TEST_CASE("rope: the half style is the interleaved one with its components permuted", "[rope]") {
  Random rnd(11);
  for (int dims : {2, 4, 8}) {
    const Matrix x = rnd.matrix(7, 8);
    const Matrix inter = apply_rope(x, rope(RopeStyle::Interleaved, dims), 5);
    const Matrix half = apply_rope(interleaved_to_half(x, dims), rope(RopeStyle::Half, dims), 5);
    // The same arithmetic on the same numbers: equal bit for bit.
    CHECK(half == interleaved_to_half(inter, dims));
  }
}

TEST_CASE("rope: q_m · k_n depends only on m − n (shifting every position)", "[rope]") {
  Random rnd(5);
  const Matrix q = rnd.matrix(6, 8), k = rnd.matrix(9, 8);
  for (RopeStyle style : {RopeStyle::Interleaved, RopeStyle::Half}) {
    const Rope r = rope(style, 8);
    const Matrix scores = apply_rope(q, r, 0) * apply_rope(k, r, 0).transpose();
    for (int shift : {1, 7, 100, 1000}) {
      const Matrix shifted = apply_rope(q, r, shift) * apply_rope(k, r, shift).transpose();
      INFO("shift " << shift);
      CHECK(max_abs_diff(scores, shifted) < 1e-12);
    }
    // Shifting q alone changes m − n, and the scores do change.
    const Matrix skewed = apply_rope(q, r, 3) * apply_rope(k, r, 0).transpose();
    CHECK(max_abs_diff(scores, skewed) > 1e-3);
  }
}

TEST_CASE("rope: bad settings are named with their limit", "[rope]") {
  using attn::variants::rope_problem;
  CHECK(rope_problem(rope(RopeStyle::Half, 4), 4, 0).empty());
  CHECK(rope_problem(rope(RopeStyle::Half, 3), 4, 0) ==
        "rope.dims is 3; it must be an even number between 2 and d_k (4)");
  CHECK(rope_problem(rope(RopeStyle::Half, 6), 4, 0) ==
        "rope.dims is 6; it must be an even number between 2 and d_k (4)");
  CHECK(rope_problem(rope(RopeStyle::Half, 4, 1.0), 4, 0) ==
        "rope.theta is 1; it must be a finite number above 1");
  CHECK(rope_problem(rope(RopeStyle::Half, 4), 4, -1) ==
        "position_offset is -1; it must be between 0 and 1000000");
  CHECK(std::string(attn::variants::rope_style_name(RopeStyle::Half)) == "half");
}

TEST_CASE("rope: in place on a head's columns of a bigger matrix", "[rope]") {
  Random rnd(12);
  Matrix all = rnd.matrix(5, 12);  // three heads of d_k 4
  const Matrix before = all;
  const Rope r = rope(RopeStyle::Interleaved, 4);
  attn::variants::rope_in_place(all.middleCols(4, 4), r, 2);
  CHECK(all.middleCols(4, 4) == apply_rope(before.middleCols(4, 4), r, 2));
  CHECK(all.leftCols(4) == before.leftCols(4));
  CHECK(all.rightCols(4) == before.rightCols(4));
}
