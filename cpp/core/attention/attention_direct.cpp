// The direct computation of attention (attention.h, attention_direct): the same result as
// run_attention, computed independently, in the textbook form with every score written out as
// plain loops (each score kind's reference in kernels/variants.cpp), so that a test comparing
// the two checks the traced computation.
#include <cmath>
#include <limits>

#include "attention/attention.h"

namespace attn {
namespace {

constexpr double kMinusInf = -std::numeric_limits<double>::infinity();

}  // namespace

namespace {

// Adds entries [from, from + cols) of bias b (1, width), if any, to every row of p, as loops.
void add_bias_loops(Matrix& p, const std::optional<Matrix>& b, Eigen::Index from) {
  if (!b) return;
  for (Eigen::Index i = 0; i < p.rows(); ++i) {
    for (Eigen::Index c = 0; c < p.cols(); ++c) p(i, c) += (*b)(0, from + c);
  }
}

}  // namespace

// The textbook form, per head i: O_i = softmax(score(Q_i, K_i) + B) V_i, where score is the scaled
// dot product Q_i K_i^T / sqrt(d_k) or another kind's score, written as loops, and B is the
// additive mask (0 = attend, -inf = masked); output = [O_1 ... O_h] W_O + b_o, with Q_i, K_i, V_i
// including their biases. Shapes as run_attention.
Matrix attention_direct(const Inputs& in, ScoreKind score, int heads, int d_k, int d_v,
                        const KeyMask& mask) {
  const Eigen::Index m = in.x_q.rows(), n = in.x_kv.rows();
  const Matrix additive =
      (mask.array() == 0.0).select(Matrix::Constant(m, n, kMinusInf), Matrix::Zero(m, n));
  Matrix concat(m, static_cast<Eigen::Index>(heads) * d_v);
  const ScoreVariant& kind = score_variant(score);
  const Eigen::Index d_a = in.v_additive ? in.v_additive->cols() : 0;
  for (int h = 0; h < heads; ++h) {
    const ScoreParams params = head_score_params(in, score, h, d_k, static_cast<int>(d_a));
    // Project with this head's columns of the weights directly (not slices of a full Q), then
    // add this head's entries of each bias to every row. K and V come from K/V head g: the
    // heads are split into kv_heads equal groups of consecutive heads (Llama's repeat_kv).
    const int group = heads / static_cast<int>(in.w_k.cols() / d_k);
    const int g = h / group;
    Matrix q = in.x_q * in.w_q.middleCols(h * d_k, d_k);
    Matrix k = in.x_kv * in.w_k.middleCols(g * d_k, d_k);
    Matrix v = in.x_kv * in.w_v.middleCols(g * d_v, d_v);
    add_bias_loops(q, in.b_q, h * d_k);
    add_bias_loops(k, in.b_k, g * d_k);
    add_bias_loops(v, in.b_v, g * d_v);
    Matrix logits = additive;
    for (Eigen::Index i = 0; i < m; ++i) {
      for (Eigen::Index j = 0; j < n; ++j) logits(i, j) += kind.reference(q, i, k, j, params);
    }
    // Whole-matrix softmax: subtract each row's max, exponentiate, divide by the row sums.
    const Eigen::VectorXd row_max = logits.rowwise().maxCoeff();
    Matrix e = (logits.colwise() - row_max).array().exp().matrix();
    for (Eigen::Index i = 0; i < m; ++i) {
      // A fully masked row has max -inf (and -inf - -inf is NaN): defined as zero weights.
      if (row_max(i) == kMinusInf) e.row(i).setZero();
    }
    const Eigen::VectorXd row_sum = e.rowwise().sum();
    Matrix a = e;
    for (Eigen::Index i = 0; i < m; ++i) {
      if (row_sum(i) > 0.0) a.row(i) /= row_sum(i);
    }
    concat.middleCols(static_cast<Eigen::Index>(h) * d_v, d_v) = a * v;
  }
  if (!in.w_o) return concat;
  Matrix out = concat * *in.w_o;
  add_bias_loops(out, in.b_o, 0);
  return out;
}

}  // namespace attn
