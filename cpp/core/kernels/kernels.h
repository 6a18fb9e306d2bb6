// The attention kernels, one set for the whole project: the traced path (attention/) and the
// training engine (cpp/train/) both compute scores, the mask, the softmax and the weighted sum
// with these, so every variant is written once.
//
// Every kernel works on Eigen::Ref views (a whole matrix or a block of a bigger one: a head's
// columns, a sentence's rows) and writes into storage the caller owns, so a head allocates
// nothing here. Shapes: q (m, d_k), k (n, d_k), v (n, d_v); scores, masks and weights (m, n).
#pragma once

#include <Eigen/Dense>
#include <optional>
#include <vector>

#include "matrix.h"

namespace attn {

using MatrixRef = Eigen::Ref<Matrix>;
using ConstMatrixRef = Eigen::Ref<const Matrix>;
using ConstRowRef = Eigen::Ref<const RowVector>;

/// out (m, n) = q (m, d_k) k (n, d_k)^T: the Dot and ScaledDot scores.
void dot_scores_into(const ConstMatrixRef& q, const ConstMatrixRef& k, MatrixRef out);
/// out (m, n) = q W_a k^T, with w_a (d_k, d_k): Luong's general (bilinear) score.
void general_scores_into(const ConstMatrixRef& q, const ConstMatrixRef& w_a,
                         const ConstMatrixRef& k, MatrixRef out);
/// out (m, n) with out(i, j) = v · tanh(q_i W_1 + k_j W_2); w1, w2 (d_k, d_a), v (1, d_a):
/// Bahdanau's additive score.
void additive_scores_into(const ConstMatrixRef& q, const ConstMatrixRef& k,
                          const ConstMatrixRef& w1, const ConstMatrixRef& w2, const ConstRowRef& v,
                          MatrixRef out);
/// s (m, n) /= divisor, in place (the 1/sqrt(d_k) of scaled dot-product attention).
void scale_in_place(MatrixRef s, double divisor);
/// s (m, n): entries where visible (m, n) is 0 become -inf, in place, so the softmax gives them
/// weight exactly 0.
void mask_in_place(MatrixRef s, const ConstMatrixRef& visible);
/// s (m, n) becomes its row softmax over the finite (visible) entries, in place: each row less its
/// maximum, exponentiated, divided by its sum; -inf entries get exactly 0, and a row with no
/// finite entry (every key masked) becomes all zeros.
void softmax_rows_in_place(MatrixRef s);
/// For each row of s (m, n), the log-sum-exp of its finite (visible) entries, max + log Σ
/// e^(s_ij − max): the L that FlashAttention saves, from which a weight is e^(s_ij − L). Absent
/// for a row with no finite entry (every key masked).
std::vector<std::optional<double>> logsumexp_rows(const ConstMatrixRef& s);
/// out (m, d_v) = weights (m, n) v (n, d_v).
void weighted_sum_into(const ConstMatrixRef& weights, const ConstMatrixRef& v, MatrixRef out);

}  // namespace attn
