// A decimal literal to the nearest double by exact big-integer comparisons, without strtod (see
// decimal_exact.cpp): json_number's slow path.
#pragma once

#include <cstddef>

namespace attn {

/// The double nearest to `text[0, length)`, a JSON number literal (-? digits (. digits)?
/// ([eE] [+-]? digits)?), as a correct strtod rounds it: to nearest, ties to even, ±0 below
/// half the smallest subnormal, ±infinity from DBL_MAX + ulp/2 up.
double decimal_to_double(const char* text, std::size_t length);

}  // namespace attn
