// format_fixed against JavaScript's Number.prototype.toFixed (values printed by Node 20), and the
// LaTeX / plain-text helpers the step texts use.
#include <catch2/catch.hpp>
#include <limits>
#include <string>

#include "steps/steps.h"
#include "steps/steps_text.h"

using attn::format_fixed;

namespace {

struct Case {
  double x;
  int digits;
  const char* js;  ///< (x).toFixed(digits) in Node 20
};

}  // namespace

TEST_CASE("format_fixed matches JavaScript's toFixed digit for digit", "[format]") {
  const Case cases[] = {
      // Ties in binary round away from zero.
      {0.03125, 4, "0.0313"},
      {2.5, 0, "3"},
      {-2.5, 0, "-3"},
      {0.5, 0, "1"},
      {-0.5, 0, "-1"},
      {0.125, 2, "0.13"},
      {0.375, 2, "0.38"},
      {1.25, 1, "1.3"},
      {-1.25, 1, "-1.3"},
      // Decimal "ties" are not ties in binary: the exact value decides.
      {1.005, 2, "1.00"},      // 1.00499999999999989...
      {1.00005, 4, "1.0001"},  // 1.00005000000000006...
      {2.675, 2, "2.67"},
      {8.345, 2, "8.35"},
      {1.45, 1, "1.4"},
      {4.35, 1, "4.3"},
      {0.00005, 4, "0.0001"},
      {0.000049, 4, "0.0000"},
      {0.0000499999999999999, 4, "0.0000"},
      // Carries through every digit.
      {0.99995, 4, "1.0000"},
      {9.99995, 4, "10.0000"},
      {-9.99995, 4, "-10.0000"},
      // Ordinary values, and the worked example's weights (docs/conventions.md).
      {123.456, 0, "123"},
      {1.0 / 3.0, 4, "0.3333"},
      {-1.0 / 3.0, 10, "-0.3333333333"},
      {0.236089863, 4, "0.2361"},
      {0.00738987555, 4, "0.0074"},
      {0.749130386, 4, "0.7491"},
      // The exact binary expansion shows through with many digits.
      {0.1, 20, "0.10000000000000000555"},
      {5e-324, 4, "0.0000"},
      {1e20, 2, "100000000000000000000.00"},
      // From 1e21 on, toFixed gives the number's own string.
      {1e21, 2, "1e+21"},
      {-1.5e32, 4, "-1.5e+32"},
      {1.7976931348623157e308, 4, "1.7976931348623157e+308"},
  };
  for (const Case& c : cases) {
    INFO("x = " << c.x << ", digits = " << c.digits);
    CHECK(format_fixed(c.x, c.digits) == c.js);
  }
}

TEST_CASE("format_fixed prints no minus sign on zero", "[format]") {
  // JavaScript gives "-0.0000" for (-0.00004).toFixed(4); we print "0.0000" (steps/steps.h).
  CHECK(format_fixed(-0.00004, 4) == "0.0000");
  CHECK(format_fixed(-0.0, 4) == "0.0000");
  CHECK(format_fixed(-0.4, 0) == "0");
  CHECK(format_fixed(0.0, 0) == "0");
}

TEST_CASE("format_fixed writes infinities and NaN as LaTeX", "[format]") {
  const double inf = std::numeric_limits<double>::infinity();
  CHECK(format_fixed(-inf, 4) == "-\\infty");
  CHECK(format_fixed(inf, 4) == "\\infty");
  CHECK(format_fixed(std::numeric_limits<double>::quiet_NaN(), 4) == "\\mathrm{NaN}");
}

TEST_CASE("format_fixed clamps digits to toFixed's range 0..100", "[format]") {
  CHECK(format_fixed(1.5, -3) == "2");
  CHECK(format_fixed(0.5, 200).size() == std::string("0.").size() + 100);
}

TEST_CASE("shown_indices keeps the first and last entries around the dots", "[format]") {
  using V = std::vector<int>;
  CHECK(attn::shown_indices(6, 6, 3, 2) == V{0, 1, 2, 3, 4, 5});
  CHECK(attn::shown_indices(7, 6, 3, 2) == V{0, 1, 2, -1, 5, 6});
  CHECK(attn::shown_indices(9, 4, 2, 1) == V{0, 1, -1, 8});
  CHECK(attn::shown_indices(0, 6, 3, 2).empty());
}

TEST_CASE("latex_row shortens vectors longer than 6 to 3, dots, 2", "[format]") {
  attn::RowVector short_row(3);
  short_row << 0.5, -1.0, -std::numeric_limits<double>::infinity();
  CHECK(attn::latex_row(short_row) ==
        "\\begin{bmatrix} 0.5000 & -1.0000 & -\\infty \\end{bmatrix}");
  attn::RowVector long_row(9);
  long_row << 1, 2, 3, 4, 5, 6, 7, 8, 9;
  CHECK(attn::latex_row(long_row) ==
        "\\begin{bmatrix} 1.0000 & 2.0000 & 3.0000 & \\cdots & 8.0000 & 9.0000 \\end{bmatrix}");
}

TEST_CASE("latex_matrix shows at most 4 x 4 entries", "[format]") {
  attn::Matrix small(2, 2);
  small << 1, 2, 3, 4;
  CHECK(attn::latex_matrix(small) ==
        "\\begin{bmatrix} 1.0000 & 2.0000 \\\\ 3.0000 & 4.0000 \\end{bmatrix}");
  attn::Matrix big(5, 6);
  for (int r = 0; r < 5; ++r) {
    for (int c = 0; c < 6; ++c) big(r, c) = 10 * r + c;
  }
  CHECK(attn::latex_matrix(big) ==
        "\\begin{bmatrix} 0.0000 & 1.0000 & \\cdots & 5.0000 \\\\ "
        "10.0000 & 11.0000 & \\cdots & 15.0000 \\\\ "
        "\\vdots & \\vdots & \\ddots & \\vdots \\\\ "
        "40.0000 & 41.0000 & \\cdots & 45.0000 \\end{bmatrix}");
}

TEST_CASE("latex_factor parenthesizes negative numbers", "[format]") {
  CHECK(attn::latex_factor(0.25) == "0.2500");
  CHECK(attn::latex_factor(-0.25) == "(-0.2500)");
  CHECK(attn::latex_factor(-0.00001) == "0.0000");
}

TEST_CASE("labels become plain Unicode for shapes and sentences", "[format]") {
  CHECK(attn::unicode_label("K_{2}^{\\top}") == "K_2ᵀ");
  CHECK(attn::unicode_label("W_Q^{(12)}") == "W_Q⁽¹²⁾");
  CHECK(attn::unicode_label("\\tilde{S}_{2}") == "S̃_2");
  CHECK(attn::unicode_label("\\bar{Q}_{1}") == "Q̄_1");  // RoPE's rotated q and k
  CHECK(attn::unicode_label("\\bar{K}_{1}^{\\top}") == "K̄_1ᵀ");
  CHECK(attn::unicode_label("\\hat{S}") == "Ŝ");
  CHECK(attn::unicode_label("X_{kv}") == "X_kv");
  CHECK(attn::unicode_label("\\mathrm{Concat}") == "Concat");
  CHECK(attn::dims(9, 64) == "(9×64)");
}

TEST_CASE("tokens are quoted, numbered when repeated, and long lists shortened", "[format]") {
  const std::vector<std::string> tokens = {"the", "cat", "saw", "the", "dog", "run"};
  CHECK(attn::token_name(tokens, 1) == "'cat'");
  CHECK(attn::token_name(tokens, 3) == "'the' (token 4)");
  CHECK(attn::token_list(tokens, {1, 2}) == "'cat', 'saw'");
  CHECK(attn::token_list(tokens, {1, 2, 4, 5, 0}) == "'cat', 'saw', 'dog' and 2 more");
}
