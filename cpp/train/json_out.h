// Writing JSON text: numbers that round-trip exactly (%.17g), escaped strings, matrices as
// arrays of rows. Used for the model file and for scenario files.
#pragma once

#include <string>
#include <vector>

#include "matrix.h"

namespace attn::train::json {

/// %.17g, so strtod reads back the same double; NaN and infinities (never in a model) as null.
void number(std::string* out, double x);
/// A JSON string: quotes, backslashes and control characters escaped; UTF-8 kept as is.
void string(std::string* out, const std::string& s);
/// ["a","b"]
void strings(std::string* out, const std::vector<std::string>& words);
/// (rows, cols) -> [[row 0], [row 1], ...]
void matrix(std::string* out, const Matrix& m);
/// "name": (a member name and its colon, after a comma unless it is the first)
void key(std::string* out, const char* name, bool first = false);

}  // namespace attn::train::json
