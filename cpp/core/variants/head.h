// One attention head's inputs as the variants take them: views on the caller's matrices (no
// copies), so the traced path can hand over its head blocks as they are.
//
// Conventions (as in attention/attention.h): row vectors; q is (m, d_k), k is (n, d_k), v is
// (n, d_v). The score of query i and key j is s_ij = scale · (q_i · k_j) + bias_ij, where scale is
// 1/sqrt(d_k) for scaled dot-product attention and bias is an additive (m, n) matrix (ALiBi's
// distance penalty) or absent. visible is (m, n): 1 where query i may attend to key j, 0 where it
// is masked (causal, window, padding; sinks add ones). A query with no visible key at all is
// "fully masked": its weights and output are zeros and its log-sum-exp is absent.
#pragma once

#include <Eigen/Dense>
#include <string>

#include "matrix.h"

namespace attn {
namespace variants {

struct HeadInputs {
  Eigen::Ref<const Matrix> q;        ///< (m, d_k) the head's queries
  Eigen::Ref<const Matrix> k;        ///< (n, d_k) the head's keys
  Eigen::Ref<const Matrix> v;        ///< (n, d_v) the head's values
  double scale;                      ///< multiplies q_i · k_j: 1/sqrt(d_k), or 1
  Eigen::Ref<const Matrix> visible;  ///< (m, n) 1 = query i may attend to key j, 0 = masked
  Eigen::Ref<const Matrix> bias;     ///< (m, n) added after scaling, or 0×0 for no bias
};

/// An empty (0×0) matrix, for HeadInputs::bias when there is none.
const Matrix& no_bias();

/// bias_ij, or 0 when the head has no bias.
inline double bias_at(const HeadInputs& in, Eigen::Index i, Eigen::Index j) {
  return in.bias.size() == 0 ? 0.0 : in.bias(i, j);
}

/// s_ij = scale · (q_i · k_j) + bias_ij for one query i and one key j (a scalar).
double head_score(const HeadInputs& in, Eigen::Index i, Eigen::Index j);

/// Whether query i may attend to key j.
inline bool is_visible(const HeadInputs& in, Eigen::Index i, Eigen::Index j) {
  return in.visible(i, j) != 0.0;
}

/// Why the shapes do not fit together ("visible is 3×4; it must be 3×5 (m × n)"), or "" when
/// q, k, v, visible and bias agree on m, n and d_k.
std::string head_shape_problem(const HeadInputs& in);

}  // namespace variants
}  // namespace attn
