// A JSON number's text to the nearest double, exactly as a correct strtod rounds it (to nearest,
// ties to even), without long double and without strtod. Emscripten's strtod computes in 128-bit
// long double, which wasm32 emulates in software (~2 us a number: 60 % of reading a 768-wide
// layer's 2.4 M numbers, and 7 KiB gzip of the page's wasm).
//
// Most numbers in a file have at most 19 significant digits and a decimal exponent within ±27:
// those are read here with 64 x 64 -> 128-bit integer arithmetic, exact by construction (below).
// Everything else (20+ digits, 1e-300, results outside the normal doubles: subnormals, overflow)
// goes to decimal_to_double (decimal_exact.h), exact with big integers, slower and rare.
#pragma once

#include <cstddef>

namespace attn {

/// The double nearest to `text[0, length)`, a literal already checked against the JSON grammar
/// (-? digits (. digits)? ([eE] [+-]? digits)?). Always true (kept for the callers' checks).
bool json_number(const char* text, std::size_t length, double* out);

/// Whether `printed`, printf's %e, %f or %g of a double (NUL-terminated), reads back as exactly
/// `x`: the shortest-digits loops of the messages and step texts. True for a non-finite x.
bool reads_back_as(const char* printed, double x);

}  // namespace attn
