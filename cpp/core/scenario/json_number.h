// A JSON number's text to the nearest double, exactly as a correct strtod rounds it (to nearest,
// ties to even), without long double. Emscripten's strtod computes in 128-bit long double, which
// wasm32 emulates in software (~2 us a number: 60 % of reading a 768-wide layer's 2.4 M numbers).
//
// Most numbers in a file have at most 19 significant digits and a decimal exponent within ±27:
// those are read here with 64 x 64 -> 128-bit integer arithmetic, exact by construction (below).
// Everything else (20+ digits, 1e-300, results outside the normal doubles: subnormals, overflow)
// goes to std::strtod, so every number reads as strtod reads it.
#pragma once

#include <cstddef>

namespace attn {

/// The double nearest to `text[0, length)`, a literal already checked against the JSON grammar
/// (-? digits (. digits)? ([eE] [+-]? digits)?). Returns false only when strtod, used for the rare
/// forms above, stops early (a host program changed LC_NUMERIC): the caller reports the number.
bool json_number(const char* text, std::size_t length, double* out);

}  // namespace attn
