// FlashAttention: tiled attention with the online softmax, one query block at a time.
#include "variants/flash/flash.h"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <limits>
#include <utility>

namespace attn {
namespace variants {

namespace {

constexpr double kMinusInf = -std::numeric_limits<double>::infinity();
constexpr long long kMaxBlock = 1024;

// The running state of one query block: m and ℓ (rows) and the unnormalised O (rows, d_v).
struct BlockState {
  Eigen::ArrayXd m, l;
  Matrix o;
};

// Whether tile [r0, r0+rows) × [c0, c0+cols) has any visible (query, key) pair.
bool tile_visible(const HeadInputs& in, Eigen::Index r0, Eigen::Index rows, Eigen::Index c0,
                  Eigen::Index cols) {
  return (in.visible.block(r0, c0, rows, cols).array() != 0.0).any();
}

// One tile: folds key rows [c0, c0+cols) into the state of query rows [r0, r0+rows).
void fold_tile(const HeadInputs& in, Eigen::Index r0, Eigen::Index c0, Eigen::Index cols,
               BlockState& st) {
  const Eigen::Index rows = st.o.rows();
  // S = scale · Q_block K_block^T (+ bias block): (rows, d_k) x (d_k, cols) -> (rows, cols).
  Matrix s = in.scale * (in.q.middleRows(r0, rows) * in.k.middleRows(c0, cols).transpose());
  if (in.bias.size() != 0) s += in.bias.block(r0, c0, rows, cols);
  Matrix p = Matrix::Zero(rows, cols);
  Eigen::ArrayXd rescale = Eigen::ArrayXd::Ones(rows);
  for (Eigen::Index r = 0; r < rows; ++r) {
    // The new running maximum over the visible keys seen so far.
    double m_new = st.m(r);
    for (Eigen::Index c = 0; c < cols; ++c) {
      if (in.visible(r0 + r, c0 + c) != 0.0) m_new = std::max(m_new, s(r, c));
    }
    if (m_new == kMinusInf) continue;  // still nothing visible in this row: m, ℓ, O unchanged
    // e^(m_old − m_new) ≤ 1 shrinks what was summed against the old maximum (0 if there was none).
    rescale(r) = std::exp(st.m(r) - m_new);
    for (Eigen::Index c = 0; c < cols; ++c) {
      if (in.visible(r0 + r, c0 + c) != 0.0) p(r, c) = std::exp(s(r, c) - m_new);
    }
    st.l(r) = rescale(r) * st.l(r) + p.row(r).sum();
    st.m(r) = m_new;
  }
  // O ← diag(rescale) O + P V_block: (rows, cols) x (cols, d_v) -> (rows, d_v).
  st.o = rescale.matrix().asDiagonal() * st.o + p * in.v.middleRows(c0, cols);
}

}  // namespace

FlashResult flash_attention(const HeadInputs& in, int block_q, int block_k) {
  const Eigen::Index m = in.q.rows(), n = in.k.rows();
  FlashResult out;
  out.block_q = block_q;
  out.block_k = block_k;
  out.output = Matrix::Zero(m, in.v.cols());
  out.lse.assign(m, std::nullopt);
  for (Eigen::Index r0 = 0; r0 < m; r0 += block_q) {
    const Eigen::Index rows = std::min<Eigen::Index>(block_q, m - r0);
    BlockState st{Eigen::ArrayXd::Constant(rows, kMinusInf), Eigen::ArrayXd::Zero(rows),
                  Matrix::Zero(rows, in.v.cols())};
    for (Eigen::Index c0 = 0; c0 < n; c0 += block_k) {
      const Eigen::Index cols = std::min<Eigen::Index>(block_k, n - c0);
      if (!tile_visible(in, r0, rows, c0, cols)) continue;
      fold_tile(in, r0, c0, cols, st);
      out.tiles.push_back({static_cast<int>(r0 / block_q), static_cast<int>(c0 / block_k),
                           std::vector<double>(st.m.begin(), st.m.end()),
                           std::vector<double>(st.l.begin(), st.l.end())});
    }
    // The last step: divide each row by its sum; save L = m + log ℓ for the backward pass.
    for (Eigen::Index r = 0; r < rows; ++r) {
      if (st.l(r) == 0.0) continue;  // fully masked query: zeros, no L
      out.output.row(r0 + r) = st.o.row(r) / st.l(r);
      out.lse[r0 + r] = st.m(r) + std::log(st.l(r));
    }
  }
  return out;
}

// Returns (m, n): e^(s_ij − L_i) where visible, else exactly 0.
Matrix recover_weights(const HeadInputs& in, const std::vector<std::optional<double>>& lse) {
  Matrix a = Matrix::Zero(in.q.rows(), in.k.rows());
  for (Eigen::Index i = 0; i < a.rows(); ++i) {
    if (!lse[i]) continue;
    for (Eigen::Index j = 0; j < a.cols(); ++j) {
      if (is_visible(in, i, j)) a(i, j) = std::exp(head_score(in, i, j) - *lse[i]);
    }
  }
  return a;
}

std::string flash_blocks_problem(long long block_q, long long block_k) {
  for (const auto& [field, value] :
       {std::pair{"block_q", block_q}, std::pair{"block_k", block_k}}) {
    if (value < 1 || value > kMaxBlock) {
      return std::string(field) + " is " + std::to_string(value) + "; it must be between 1 and " +
             std::to_string(kMaxBlock);
    }
  }
  return "";
}

}  // namespace variants
}  // namespace attn
