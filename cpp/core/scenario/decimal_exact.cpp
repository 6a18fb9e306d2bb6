// Any JSON number literal to the nearest double by exact integer comparisons: the slow path of
// json_number (json_number.h) for what its 128-bit arithmetic does not cover (20+ digits,
// exponents beyond ±27, subnormals, overflow). It replaces std::strtod, whose wasm build brings
// 128-bit long double emulation: 7 KiB gzip of the page's first load.
//
// The value is V = D * 10^q (D the significant digits as an integer). Positive doubles sort as
// their 64-bit patterns, so a binary search over the patterns (near a guess made in doubles)
// finds the first double x whose upper midpoint (x + next) / 2 is above V, or equal to V with x
// even: the correctly rounded V (to nearest, ties to even; anything from DBL_MAX + ulp/2 up is
// infinity, as strtod rounds). Each step compares V with a midpoint exactly, in big integers.
#include "scenario/decimal_exact.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace attn {
namespace {

using u32 = std::uint32_t;
using u64 = std::uint64_t;

/// A non-negative integer as 32-bit limbs, least significant first.
using Big = std::vector<u32>;

/// x = x * m + add, for m, add < 2^32.
void mul_add(Big& x, u32 m, u32 add = 0) {
  u64 carry = add;
  for (u32& limb : x) {
    const u64 t = u64(limb) * m + carry;
    limb = static_cast<u32>(t);
    carry = t >> 32;
  }
  if (carry != 0) x.push_back(static_cast<u32>(carry));
}

/// x * 5^n.
void mul_pow5(Big& x, long n) {
  for (; n >= 13; n -= 13) mul_add(x, 1220703125u);  // 5^13 < 2^32
  u32 rest = 1;
  for (; n > 0; --n) rest *= 5;
  mul_add(x, rest);
}

/// x * y, for y < 2^64 (a midpoint's odd significand).
Big mul_u64(const Big& x, u64 y) {
  Big lo = x, hi = x;
  mul_add(lo, static_cast<u32>(y));
  mul_add(hi, static_cast<u32>(y >> 32));
  // lo + (hi << 32)
  hi.insert(hi.begin(), 0);
  if (lo.size() < hi.size()) lo.resize(hi.size(), 0);
  u64 carry = 0;
  for (std::size_t i = 0; i < lo.size(); ++i) {
    const u64 t = u64(lo[i]) + (i < hi.size() ? hi[i] : 0) + carry;
    lo[i] = static_cast<u32>(t);
    carry = t >> 32;
  }
  if (carry != 0) lo.push_back(static_cast<u32>(carry));
  return lo;
}

/// x * 2^n.
Big shifted(Big x, long n) {
  const u32 bits = static_cast<u32>(n % 32);
  if (bits != 0) {
    u32 carry = 0;
    for (u32& limb : x) {
      const u32 next = limb >> (32 - bits);
      limb = (limb << bits) | carry;
      carry = next;
    }
    if (carry != 0) x.push_back(carry);
  }
  x.insert(x.begin(), static_cast<std::size_t>(n / 32), 0);
  return x;
}

/// -1, 0 or 1 as a < b, a == b, a > b.
int compare(Big a, Big b) {
  while (!a.empty() && a.back() == 0) a.pop_back();
  while (!b.empty() && b.back() == 0) b.pop_back();
  if (a.size() != b.size()) return a.size() < b.size() ? -1 : 1;
  for (std::size_t i = a.size(); i-- > 0;) {
    if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
  }
  return 0;
}

/// Digits kept: a midpoint between two doubles has at most 767 significant digits, so a value
/// cut after 800 with a 1 appended for the rest compares with every midpoint as the whole does.
constexpr std::size_t kMaxDigits = 800;

/// A literal as its sign, significant digits and decimal exponent: V = digits * 10^q.
struct Decimal {
  bool negative = false;
  std::string digits;
  long q = 0;
};

Decimal parse(const char* p, const char* end) {
  Decimal d;
  d.negative = *p == '-';
  p += d.negative ? 1 : 0;
  bool fraction = false, rest = false;
  for (; p != end && *p != 'e' && *p != 'E'; ++p) {
    if (*p == '.') {
      fraction = true;
    } else if (d.digits.empty() && *p == '0') {
      d.q -= fraction ? 1 : 0;  // a leading zero
    } else if (d.digits.size() < kMaxDigits) {
      d.digits += *p;
      d.q -= fraction ? 1 : 0;
    } else {
      rest = rest || *p != '0';  // beyond the digits kept: only whether any is not 0
      d.q += fraction ? 0 : 1;
    }
  }
  if (p != end) {  // the exponent, saturated: beyond ±10^7 the value is 0 or infinity anyway
    ++p;
    const bool minus = *p == '-';
    p += (*p == '-' || *p == '+') ? 1 : 0;
    long e = 0;
    for (; p != end; ++p) e = e < 10000000 ? e * 10 + (*p - '0') : e;
    d.q += minus ? -e : e;
  }
  if (rest) {  // the 1 stands for the digits cut, right after the last one kept
    d.digits += '1';
    --d.q;
  }
  while (!d.digits.empty() && d.digits.back() == '0') {  // trailing zeros: a smaller integer
    d.digits.pop_back();
    ++d.q;
  }
  return d;
}

constexpr u64 kInfinityBits = u64(0x7FF) << 52;

/// The bits of V computed in doubles from its first 19 digits: a few ulps off at most, which
/// narrows the search to 2 * 16 patterns around it (checked; the whole range if it is not).
u64 guess_bits(const Decimal& d) {
  const std::size_t used = d.digits.size() < 19 ? d.digits.size() : 19;
  u64 w = 0;
  for (std::size_t i = 0; i < used; ++i) w = w * 10 + static_cast<u64>(d.digits[i] - '0');
  const long q = d.q + static_cast<long>(d.digits.size() - used);
  // 10^q in two factors, so that neither overflows nor vanishes for |q| up to ~340.
  const double x = static_cast<double>(w) * std::pow(10.0, q / 2) * std::pow(10.0, q - q / 2);
  u64 bits = 0;
  std::memcpy(&bits, &x, sizeof bits);
  return std::isfinite(x) ? bits : kInfinityBits;
}

double from_bits(u64 bits, bool negative) {
  bits |= u64(negative) << 63;
  double x = 0;
  std::memcpy(&x, &bits, sizeof x);
  return x;
}

}  // namespace

double decimal_to_double(const char* text, std::size_t length) {
  const Decimal d = parse(text, text + length);
  const long size = static_cast<long>(d.digits.size());
  // V < 10^(q + size): zero below half the smallest subnormal (2.5e-324), infinite above 1e310.
  if (size == 0 || d.q + size < -324) return from_bits(0, d.negative);
  if (d.q + size > 310) return from_bits(kInfinityBits, d.negative);

  // V = D * 5^q * 2^q: a = D * 5^max(q, 0), ea = max(q, 0); a midpoint H * 2^h is compared
  // after both sides are multiplied by 5^k 2^k, k = max(-q, 0): H * 5^k against a, at 2^(h + k).
  Big a;
  for (char c : d.digits) mul_add(a, 10, static_cast<u32>(c - '0'));
  const long ea = d.q > 0 ? d.q : 0, k = d.q < 0 ? -d.q : 0;
  mul_pow5(a, ea);
  Big five_k{1};
  mul_pow5(five_k, k);

  // rounds_down_to(bits): V rounds to the double `bits` or below.
  auto rounds_down_to = [&](u64 bits) {
    if (bits == kInfinityBits) return true;
    const u64 exponent = bits >> 52, fraction = bits & ((u64(1) << 52) - 1);
    const u64 m = exponent == 0 ? fraction : fraction | (u64(1) << 52);
    const long e = exponent == 0 ? -1074 : static_cast<long>(exponent) - 1075;
    // The next double is x + 2^e, even across a binade: the midpoint is (2m + 1) * 2^(e - 1).
    const long eb = e - 1 + k;
    const Big b = mul_u64(five_k, 2 * m + 1);
    const int c = ea > eb ? compare(shifted(a, ea - eb), b) : compare(a, shifted(b, eb - ea));
    return c < 0 || (c == 0 && (bits & 1) == 0);
  };
  // The search below needs V above the double before lo's and at or below hi's rounding.
  const u64 guess = guess_bits(d);
  u64 lo = guess > 16 ? guess - 16 : 0;
  u64 hi = guess < kInfinityBits - 16 ? guess + 16 : kInfinityBits;
  if ((lo > 0 && rounds_down_to(lo - 1)) || !rounds_down_to(hi)) lo = 0, hi = kInfinityBits;
  while (lo < hi) {
    const u64 mid = lo + (hi - lo) / 2;
    if (rounds_down_to(mid)) {
      hi = mid;
    } else {
      lo = mid + 1;
    }
  }
  return from_bits(lo, d.negative);
}

}  // namespace attn
