#include "scenario/json_number.h"

#include <cmath>
#include <cstdint>
#include <cstring>

#include "scenario/decimal_exact.h"

namespace attn {
namespace {

using u64 = std::uint64_t;
__extension__ typedef unsigned __int128 u128;  // GCC and Clang, wasm32 included (emulated there)

constexpr int kMaxPow5 = 27;  // 5^27 < 2^64
constexpr int kMantissaBits = 53;

// 5^q for q in [0, 27], each exact in 64 bits.
struct Pow5 {
  u64 p[kMaxPow5 + 1];
  constexpr Pow5() : p() {
    p[0] = 1;
    for (int q = 1; q <= kMaxPow5; ++q) p[q] = p[q - 1] * 5;
  }
};
constexpr Pow5 kPow5;

int leading_zeros(u128 x) {
  const u64 hi = static_cast<u64>(x >> 64);
  return hi != 0 ? __builtin_clzll(hi) : 64 + __builtin_clzll(static_cast<u64>(x));
}

// The double nearest to (m + f) * 2^e2, where m > 0 and 0 <= f < 1 is known only as `inexact`
// (f > 0). Rounds m to 53 bits, half to even, with f breaking ties upwards. False when the result
// is not a normal double (subnormal or overflow: the slow path rounds those), or when m has fewer
// than 54 bits and f > 0 (the fraction would matter to the rounding; never happens for our
// callers).
bool round_to_double(u128 m, int e2, bool inexact, bool negative, double* out) {
  const int bits = 128 - leading_zeros(m);
  u64 mantissa = 0;
  int exponent = e2;  // the result is mantissa * 2^exponent, mantissa in [2^52, 2^53)
  if (bits <= kMantissaBits) {
    if (inexact) return false;
    mantissa = static_cast<u64>(m) << (kMantissaBits - bits);
    exponent -= kMantissaBits - bits;
  } else {
    const int shift = bits - kMantissaBits;
    mantissa = static_cast<u64>(m >> shift);
    const u128 rest = m & ((u128(1) << shift) - 1);
    const u128 half = u128(1) << (shift - 1);
    // Above half, or exactly half with a fraction beyond, or a tie with an odd mantissa: up.
    if (rest > half || (rest == half && (inexact || (mantissa & 1) != 0))) ++mantissa;
    exponent += shift;
    if (mantissa == u64(1) << kMantissaBits) {  // rounding carried into a new bit
      mantissa >>= 1;
      ++exponent;
    }
  }
  const int biased = exponent + (kMantissaBits - 1) + 1023;
  if (biased < 1 || biased > 2046) return false;
  const u64 word = (u64(negative) << 63) | (u64(biased) << 52) | (mantissa & ((u64(1) << 52) - 1));
  std::memcpy(out, &word, sizeof word);
  return true;
}

// w * 10^q exactly rounded, for 0 < w < 2^64 and |q| <= 27. False when the slow path must decide.
bool scaled(u64 w, int q, bool negative, double* out) {
  if (q >= 0) return round_to_double(u128(w) * kPow5.p[q], q, false, negative, out);
  // w / 10^k = w / (5^k 2^k). w is shifted up to 64 significant bits and then by 64 more, so the
  // quotient by 5^k (< 2^63) has at least 65 bits; the remainder says whether it is inexact.
  const int k = -q;
  const int lz = __builtin_clzll(w);
  const u128 numerator = u128(w << lz) << 64;
  const u128 quotient = numerator / kPow5.p[k];
  const bool inexact = numerator % kPow5.p[k] != 0;
  return round_to_double(quotient, -(64 + lz + k), inexact, negative, out);
}

}  // namespace

bool json_number(const char* text, std::size_t length, double* out) {
  const char* p = text;
  const char* const end = text + length;
  const bool negative = *p == '-';
  p += negative ? 1 : 0;
  // The significant digits, leading zeros skipped, into w; q is the decimal exponent of w.
  u64 w = 0;
  int digits = 0;
  long q = 0;
  bool fraction = false;
  for (; p != end && *p != 'e' && *p != 'E'; ++p) {
    if (*p == '.') {
      fraction = true;
      continue;
    }
    if (digits > 0 || *p != '0') {
      if (++digits <= 19) w = w * 10 + static_cast<u64>(*p - '0');
    }
    q -= fraction ? 1 : 0;  // (past 19 digits q is wrong, but the slow path reads those)
  }
  if (p != end) {  // the exponent; saturated, since anything beyond ±27 takes the slow path
    ++p;
    const bool minus = *p == '-';
    p += (*p == '-' || *p == '+') ? 1 : 0;
    long e = 0;
    for (; p != end; ++p) e = e < 100000 ? e * 10 + (*p - '0') : e;
    q += minus ? -e : e;
  }
  if (digits == 0) {  // every digit zero: -0 keeps its sign, as strtod's
    *out = negative ? -0.0 : 0.0;
    return true;
  }
  const bool in_range = digits <= 19 && q >= -kMaxPow5 && q <= kMaxPow5;
  if (in_range && scaled(w, static_cast<int>(q), negative, out)) return true;
  *out = decimal_to_double(text, length);
  return true;
}

bool reads_back_as(const char* printed, double x) {
  if (!std::isfinite(x)) return true;  // "inf", "nan": what strtod would have read back
  double y = 0;
  return json_number(printed, std::strlen(printed), &y) && y == x;
}

}  // namespace attn
