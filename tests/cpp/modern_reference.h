// The modern scenario fields (kv_heads, rope, position_offset, sink_tokens, alibi) computed the
// textbook way, from their definitions and independently of cpp/core/variants/, for the traced
// path to be compared with (test_modern_trace.cpp): every head of a scenario from its resolved
// inputs, as plain loops.
#pragma once

#include <cmath>
#include <complex>
#include <vector>

#include "attention/attention.h"
#include "variants_fixtures.h"

namespace modern_reference {

using attn::Matrix;

/// x (rows, d_model) times columns [col0, col0 + width) of w, plus those entries of bias b.
inline Matrix project(const Matrix& x, const Matrix& w, const std::optional<Matrix>& b, int col0,
                      int width) {
  Matrix out = Matrix::Zero(x.rows(), width);
  for (Eigen::Index r = 0; r < x.rows(); ++r) {
    for (int c = 0; c < width; ++c) {
      double sum = 0.0;
      for (Eigen::Index i = 0; i < x.cols(); ++i) sum += x(r, i) * w(i, col0 + c);
      out(r, c) = sum + (b ? (*b)(0, col0 + c) : 0.0);
    }
  }
  return out;
}

/// Meta's RoPE: components (2i, 2i+1) as the complex number x_2i + i x_2i+1, times e^(i p θ_i).
inline Matrix rope_interleaved(const Matrix& x, double theta, int dims, int offset) {
  Matrix out = x;
  for (Eigen::Index r = 0; r < x.rows(); ++r) {
    for (int i = 0; i < dims / 2; ++i) {
      const double angle = static_cast<double>(r + offset) * std::pow(theta, -2.0 * i / dims);
      const std::complex<double> z =
          std::complex<double>(x(r, 2 * i), x(r, 2 * i + 1)) * std::polar(1.0, angle);
      out(r, 2 * i) = z.real();
      out(r, 2 * i + 1) = z.imag();
    }
  }
  return out;
}

/// Hugging Face's RoPE on the first dims components: x cos + rotate_half(x) sin, where
/// rotate_half(x) = (−x_second_half, x_first_half) and cos, sin repeat the dims/2 angles twice.
inline Matrix rope_half(const Matrix& x, double theta, int dims, int offset) {
  Matrix out = x;
  const int half = dims / 2;
  for (Eigen::Index r = 0; r < x.rows(); ++r) {
    for (int c = 0; c < dims; ++c) {
      const int i = c % half;
      const double angle = static_cast<double>(r + offset) * std::pow(theta, -2.0 * i / dims);
      const double rotated = c < half ? -x(r, c + half) : x(r, c - half);
      out(r, c) = x(r, c) * std::cos(angle) + rotated * std::sin(angle);
    }
  }
  return out;
}

/// ALiBi's slopes from the paper's reference code (get_slopes): a geometric sequence starting
/// at 2^(−8/p) for p a power of two; otherwise that of the closest power below, then every other
/// slope of twice as many heads.
inline std::vector<double> slopes(int heads) {
  auto power = [](int p) {
    std::vector<double> out;
    const double start = std::pow(2.0, -std::pow(2.0, -(std::log2(p) - 3)));
    for (int i = 0; i < p; ++i) out.push_back(start * std::pow(start, i));
    return out;
  };
  if ((heads & (heads - 1)) == 0) return power(heads);
  int closest = 1;
  while (closest * 2 < heads) closest *= 2;
  std::vector<double> out = power(closest);
  const std::vector<double> extra = power(2 * closest);
  for (int i = 0; static_cast<int>(out.size()) < heads; i += 2) out.push_back(extra[i]);
  return out;
}

/// The contract's mask (docs/scenario.md): causal, window i − w < j ≤ i, sinks j < sink_tokens
/// with j ≤ i under causal or window; padded keys never.
inline Matrix visible(const attn::Scenario& s) {
  Matrix v(s.m(), s.n());
  for (int i = 0; i < s.m(); ++i) {
    for (int j = 0; j < s.n(); ++j) {
      bool ok = true;
      if (s.mask == attn::MaskKind::Causal) ok = j <= i;
      if (s.mask == attn::MaskKind::Window) ok = j <= i && i - *s.window < j;
      if (s.mask != attn::MaskKind::None && j < s.sink_tokens && j <= i) ok = true;
      for (int p : s.padded_keys) ok = ok && p != j;
      v(i, j) = ok ? 1.0 : 0.0;
    }
  }
  return v;
}

/// One head, directly: its q and k after RoPE, and standard attention on them.
struct Head {
  Matrix q, k;  ///< (m, d_k), (n, d_k) rotated when the scenario has rope
  Matrix bias;  ///< (m, n) or empty
  variants_fixtures::Standard standard;
};

/// Head h of scaled dot-product attention with the scenario's modern fields, from `in`.
inline Head head(const attn::Scenario& s, const attn::Inputs& in, int h) {
  const int d_k = s.head_dim_k(), d_v = s.head_dim_v();
  const int g = h / (s.heads / s.kv_head_count());  // the K/V head: Llama's repeat_kv
  Head out;
  out.q = project(in.x_q, in.w_q, in.b_q, h * d_k, d_k);
  out.k = project(in.x_kv, in.w_k, in.b_k, g * d_k, d_k);
  const Matrix v = project(in.x_kv, in.w_v, in.b_v, g * d_v, d_v);
  if (s.rope) {
    const auto rotate = s.rope->style == attn::RopeStyle::Half ? rope_half : rope_interleaved;
    out.q = rotate(out.q, s.rope->theta, s.rope_dims(), s.position_offset);
    out.k = rotate(out.k, s.rope->theta, s.rope_dims(), s.position_offset);
  }
  if (s.alibi) {
    out.bias = Matrix(s.m(), s.n());
    const double slope = slopes(s.heads)[h];
    for (int i = 0; i < s.m(); ++i) {
      for (int j = 0; j < s.n(); ++j) out.bias(i, j) = -slope * std::abs(i - j);
    }
  }
  out.standard = variants_fixtures::standard_attention(
      out.q, out.k, v, 1.0 / std::sqrt(static_cast<double>(d_k)), visible(s), out.bias);
  return out;
}

}  // namespace modern_reference
