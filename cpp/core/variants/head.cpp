// The shared pieces of a head's inputs: the score of one (query, key) pair and the shape check.
#include "variants/head.h"

namespace attn {
namespace variants {

namespace {

std::string shape(Eigen::Index rows, Eigen::Index cols) {
  return std::to_string(rows) + "\u00d7" + std::to_string(cols);
}

}  // namespace

const Matrix& no_bias() {
  static const Matrix empty;
  return empty;
}

// q_i (1, d_k) · k_j (1, d_k) -> a scalar, scaled, then the bias of the pair if there is one.
double head_score(const HeadInputs& in, Eigen::Index i, Eigen::Index j) {
  return in.scale * in.q.row(i).dot(in.k.row(j)) + bias_at(in, i, j);
}

std::string head_shape_problem(const HeadInputs& in) {
  const Eigen::Index m = in.q.rows(), n = in.k.rows();
  if (in.k.cols() != in.q.cols()) {
    return "k is " + shape(n, in.k.cols()) + "; it must have d_k = " + std::to_string(in.q.cols()) +
           " columns, as q";
  }
  if (in.v.rows() != n) {
    return "v is " + shape(in.v.rows(), in.v.cols()) + "; it must have n = " + std::to_string(n) +
           " rows, as k";
  }
  if (in.visible.rows() != m || in.visible.cols() != n) {
    return "visible is " + shape(in.visible.rows(), in.visible.cols()) + "; it must be " +
           shape(m, n) + " (m \u00d7 n)";
  }
  if (in.bias.size() != 0 && (in.bias.rows() != m || in.bias.cols() != n)) {
    return "bias is " + shape(in.bias.rows(), in.bias.cols()) + "; it must be " + shape(m, n) +
           " (m \u00d7 n) or empty";
  }
  return "";
}

}  // namespace variants
}  // namespace attn
