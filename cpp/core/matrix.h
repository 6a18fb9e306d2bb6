// Dense matrix type used throughout the core.
//
// Row-major so that a matrix's data() is exactly the {rows, cols, data} layout that crosses to
// JavaScript: element (r, c) is data[r * cols + c]. Double precision everywhere, so figures match
// NumPy / PyTorch float64 to ~1e-12.
#pragma once

#include <Eigen/Dense>

namespace attn {

using Matrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using RowVector = Eigen::Matrix<double, 1, Eigen::Dynamic>;

}  // namespace attn
