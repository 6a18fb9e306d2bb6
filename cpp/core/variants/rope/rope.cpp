// RoPE: rotate each row's pairs of components by an angle that grows with the row's position.
#include "variants/rope/rope.h"

#include <cmath>
#include <sstream>

namespace attn {
namespace variants {

namespace {

constexpr long long kMaxPositionOffset = 1000000;

std::string number(double x) {
  std::ostringstream out;
  out.precision(17);
  out << x;
  return out.str();
}

}  // namespace

std::vector<RopePair> rope_pairs(const Rope& rope) {
  const int half = rope.dims / 2;
  std::vector<RopePair> pairs;
  pairs.reserve(half);
  for (int i = 0; i < half; ++i) {
    // theta^(-2i/dims): pair 0 turns one radian per position, the last pair the slowest.
    const double frequency = std::pow(rope.theta, -2.0 * i / rope.dims);
    if (rope.style == RopeStyle::Interleaved) {
      pairs.push_back({i, 2 * i, 2 * i + 1, frequency});
    } else {
      pairs.push_back({i, i, i + half, frequency});
    }
  }
  return pairs;
}

// x is (rows, d_k); the result is (rows, d_k), components past `dims` copied unchanged.
Matrix apply_rope(Eigen::Ref<const Matrix> x, const Rope& rope, int position_offset) {
  Matrix out = x;
  rope_in_place(out, rope, position_offset);
  return out;
}

// rows is (rows, d_k); only the components of the pairs change.
void rope_in_place(Eigen::Ref<Matrix> rows, const Rope& rope, int position_offset) {
  const std::vector<RopePair> pairs = rope_pairs(rope);
  for (Eigen::Index r = 0; r < rows.rows(); ++r) {
    const double p = static_cast<double>(r + position_offset);
    for (const RopePair& pair : pairs) {
      // The angle in double precision, then a 2-D rotation of (x_a, x_b).
      const double angle = p * pair.frequency;
      const double c = std::cos(angle), s = std::sin(angle);
      const double xa = rows(r, pair.a), xb = rows(r, pair.b);
      rows(r, pair.a) = xa * c - xb * s;
      rows(r, pair.b) = xa * s + xb * c;
    }
  }
}

std::string rope_problem(const Rope& rope, int d_k, long long position_offset) {
  if (!std::isfinite(rope.theta) || rope.theta <= 1.0) {
    return "rope.theta is " + number(rope.theta) + "; it must be a finite number above 1";
  }
  if (rope.dims < 2 || rope.dims > d_k || rope.dims % 2 != 0) {
    return "rope.dims is " + std::to_string(rope.dims) + "; it must be an even number between 2 " +
           "and d_k (" + std::to_string(d_k) + ")";
  }
  if (position_offset < 0 || position_offset > kMaxPositionOffset) {
    return "position_offset is " + std::to_string(position_offset) + "; it must be between 0 and " +
           std::to_string(kMaxPositionOffset);
  }
  return "";
}

const char* rope_style_name(RopeStyle style) {
  return style == RopeStyle::Interleaved ? "interleaved" : "half";
}

}  // namespace variants
}  // namespace attn
