// JSON text for the lm command's output: numbers (%.17g, null when not finite), strings (UTF-8
// kept, controls escaped, a byte that is not UTF-8 written as U+FFFD), arrays of them.
#pragma once

#include <string>
#include <vector>

#include "matrix.h"

namespace attn::lm::json {

std::string number(double x);
std::string string(const std::string& s);
std::string ints(const std::vector<int>& v);
std::string strings(const std::vector<std::string>& v);
std::string row(const Eigen::Ref<const RowVector>& r);
std::string matrix(const Matrix& m);

}  // namespace attn::lm::json
