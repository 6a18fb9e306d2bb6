// The attention kernels (kernels.h). Each computes exactly what the trace has always recorded,
// in the same order of operations, so traces stay bit for bit what they were.
#include "kernels/kernels.h"

#include <cmath>
#include <limits>

namespace attn {
namespace {

constexpr double kMinusInf = -std::numeric_limits<double>::infinity();

}  // namespace

// S(i, j) = q_i · k_j: how well query i matches key j.
void dot_scores_into(const ConstMatrixRef& q, const ConstMatrixRef& k, MatrixRef out) {
  out.noalias() = q * k.transpose();
}

// W_a lets a query match a key through learned cross-terms q_a k_b, not only along equal axes;
// with W_a = I it is the dot score. The queries are mapped first: one (m, d_k) product.
void general_scores_into(const ConstMatrixRef& q, const ConstMatrixRef& w_a,
                         const ConstMatrixRef& k, MatrixRef out) {
  const Matrix q_mapped = q * w_a;  // (m, d_k): each query mapped by the bilinear form
  out.noalias() = q_mapped * k.transpose();
}

// Each query and key is mapped into a d_a-wide hidden space; per pair the two hidden vectors are
// added and squashed by tanh (a one-layer network on the pair), and v_a weighs the d_a units.
void additive_scores_into(const ConstMatrixRef& q, const ConstMatrixRef& k,
                          const ConstMatrixRef& w1, const ConstMatrixRef& w2, const ConstRowRef& v,
                          MatrixRef out) {
  // Rows as vector products (1, d_k) x (d_k, d_a), the same arithmetic as drill_score's, so a
  // drilled cell reproduces its score bit for bit.
  Matrix hidden_k(k.rows(), w2.cols());  // (n, d_a): row j is k_j W_2, shared by every query
  for (Eigen::Index j = 0; j < k.rows(); ++j) {
    const RowVector k_j = k.row(j);
    hidden_k.row(j) = k_j * w2;
  }
  for (Eigen::Index i = 0; i < q.rows(); ++i) {
    const RowVector q_i = q.row(i);
    const RowVector hidden_q = q_i * w1;  // (1, d_a)
    for (Eigen::Index j = 0; j < k.rows(); ++j) {
      const RowVector hidden = (hidden_q + hidden_k.row(j)).array().tanh().matrix();  // (1, d_a)
      out(i, j) = v.cwiseProduct(hidden).sum();  // v_a · tanh(q_i W_1 + k_j W_2)
    }
  }
}

// Dividing by sqrt(d_k) keeps the scores' spread near 1 whatever d_k is (a sum of d_k products
// grows like sqrt(d_k)), so the softmax does not saturate.
void scale_in_place(MatrixRef s, double divisor) { s /= divisor; }

void mask_in_place(MatrixRef s, const ConstMatrixRef& visible) {
  for (Eigen::Index i = 0; i < s.rows(); ++i) {
    for (Eigen::Index j = 0; j < s.cols(); ++j) {
      if (visible(i, j) == 0.0) s(i, j) = kMinusInf;
    }
  }
}

void softmax_rows_in_place(MatrixRef s) {
  for (Eigen::Index i = 0; i < s.rows(); ++i) {
    // Row maximum over the visible (finite) entries. Subtracting it makes the largest exponent
    // exp(0) = 1, so nothing overflows, and leaves the ratios unchanged.
    double row_max = kMinusInf;
    for (Eigen::Index j = 0; j < s.cols(); ++j) {
      if (s(i, j) != kMinusInf && s(i, j) > row_max) row_max = s(i, j);
    }
    // Every key masked: by definition the row is all zeros (the trace flags it).
    if (row_max == kMinusInf) {
      s.row(i).setZero();
      continue;
    }
    // Exponentiate the visible entries (masked ones get exactly 0) and sum them.
    double sum = 0.0;
    for (Eigen::Index j = 0; j < s.cols(); ++j) {
      s(i, j) = s(i, j) == kMinusInf ? 0.0 : std::exp(s(i, j) - row_max);
      sum += s(i, j);
    }
    // Normalise: the row now sums to 1 (sum >= 1 because the maximum contributed exp(0)).
    s.row(i) /= sum;
  }
}

std::vector<std::optional<double>> logsumexp_rows(const ConstMatrixRef& s) {
  std::vector<std::optional<double>> out(static_cast<std::size_t>(s.rows()));
  for (Eigen::Index i = 0; i < s.rows(); ++i) {
    double row_max = kMinusInf;
    for (Eigen::Index j = 0; j < s.cols(); ++j) {
      if (s(i, j) != kMinusInf && s(i, j) > row_max) row_max = s(i, j);
    }
    if (row_max == kMinusInf) continue;  // fully masked: no L
    // Less the maximum, as the softmax: the largest term is e^0 = 1, nothing overflows.
    double sum = 0.0;
    for (Eigen::Index j = 0; j < s.cols(); ++j) {
      if (s(i, j) != kMinusInf) sum += std::exp(s(i, j) - row_max);
    }
    out[static_cast<std::size_t>(i)] = row_max + std::log(sum);
  }
  return out;
}

// Row i is the mix of the value rows weighted by how much query i attends to each key.
void weighted_sum_into(const ConstMatrixRef& weights, const ConstMatrixRef& v, MatrixRef out) {
  out.noalias() = weights * v;
}

}  // namespace attn
