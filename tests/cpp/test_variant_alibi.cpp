// ALiBi (variants/alibi): the slopes against the values the paper publishes and its reference
// code's rule for other head counts, and the bias matrix against its definition.
#include <cstdlib>

#include "variants/alibi/alibi.h"
#include "variants_fixtures.h"

using attn::Matrix;
using attn::variants::alibi_bias;
using attn::variants::alibi_slopes;

namespace {

void check_slopes(int heads, const std::vector<double>& expected) {
  const std::vector<double> slopes = alibi_slopes(heads);
  REQUIRE(slopes.size() == expected.size());
  for (std::size_t h = 0; h < slopes.size(); ++h) {
    INFO(heads << " heads, head " << h);
    CHECK(slopes[h] == Approx(expected[h]).epsilon(1e-15));
  }
}

}  // namespace

TEST_CASE("alibi: 8 heads have the paper's slopes 1/2, 1/4, ..., 1/256", "[alibi]") {
  check_slopes(8, {1.0 / 2, 1.0 / 4, 1.0 / 8, 1.0 / 16, 1.0 / 32, 1.0 / 64, 1.0 / 128, 1.0 / 256});
  // 16 heads, as the paper states: from 1/2^0.5 down to 1/2^8, ratio 1/2^0.5.
  std::vector<double> sixteen;
  for (int h = 1; h <= 16; ++h) sixteen.push_back(std::pow(2.0, -0.5 * h));
  check_slopes(16, sixteen);
  check_slopes(1, {1.0 / 256});
}

TEST_CASE("alibi: other head counts take the odd-indexed slopes of twice the power", "[alibi]") {
  // 6 heads: the 4 of 4 heads (2^-2, 2^-4, 2^-6, 2^-8), then the 1st and 3rd of 8 (2^-1, 2^-3).
  check_slopes(6, {1.0 / 4, 1.0 / 16, 1.0 / 64, 1.0 / 256, 1.0 / 2, 1.0 / 8});
  // 12 heads: the 8 of 8 heads, then the 1st, 3rd, 5th and 7th of 16 (2^-0.5, 2^-1.5, ...).
  check_slopes(
      12, {1.0 / 2, 1.0 / 4, 1.0 / 8, 1.0 / 16, 1.0 / 32, 1.0 / 64, 1.0 / 128, 1.0 / 256,
           std::pow(2.0, -0.5), std::pow(2.0, -1.5), std::pow(2.0, -2.5), std::pow(2.0, -3.5)});
  check_slopes(3, {1.0 / 16, 1.0 / 256, 1.0 / 4});
}

TEST_CASE("alibi: the bias is -slope |i - j|, zero on the diagonal", "[alibi]") {
  const Matrix b = alibi_bias(3, 5, 0.25);
  REQUIRE(b.rows() == 3);
  REQUIRE(b.cols() == 5);
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 5; ++j) CHECK(b(i, j) == -0.25 * std::abs(i - j));
  }
  CHECK(b(2, 2) == 0.0);
  CHECK(b(0, 4) == -1.0);
  CHECK(b(2, 0) == -0.5);
}

TEST_CASE("alibi: in place adds the head's bias to the scaled scores", "[alibi]") {
  const Matrix scaled = Matrix::Constant(4, 6, 0.5);
  Matrix biased = scaled;
  attn::variants::add_alibi_in_place(biased, 2, 6);  // head 2 of 6: slope 1/64
  CHECK(biased == scaled + alibi_bias(4, 6, 1.0 / 64));
}
