// FlashAttention: tiled attention with the online softmax, one query block at a time.
#include "variants/flash/flash.h"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <limits>
#include <utility>

#include "kernels/kernels.h"

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

// Records in `d` the tile's inputs and old state (before fold_tile changes it).
void record_before(const Matrix& s, const HeadInputs& in, Eigen::Index r0, Eigen::Index c0,
                   const BlockState& st, FlashTileDetail& d) {
  d.row0 = static_cast<int>(r0);
  d.col0 = static_cast<int>(c0);
  d.rows = static_cast<int>(s.rows());
  d.cols = static_cast<int>(s.cols());
  d.s = s;
  for (Eigen::Index r = 0; r < s.rows(); ++r) {
    for (Eigen::Index c = 0; c < s.cols(); ++c) {
      if (in.visible(r0 + r, c0 + c) == 0.0) d.s(r, c) = kMinusInf;
    }
  }
  d.m_old.assign(st.m.begin(), st.m.end());
  d.l_old.assign(st.l.begin(), st.l.end());
  d.o_old = st.o;
}

// One tile: folds key rows [c0, c0+cols) into the state of query rows [r0, r0+rows); fills
// `detail` when asked.
void fold_tile(const HeadInputs& in, Eigen::Index r0, Eigen::Index c0, Eigen::Index cols,
               BlockState& st, FlashTileDetail* detail) {
  const Eigen::Index rows = st.o.rows();
  // S = scale · Q_block K_block^T (+ bias block): (rows, d_k) x (d_k, cols) -> (rows, cols), by
  // the shared kernel (kernels/), as the traced path computes its scores.
  Matrix s(rows, cols);
  dot_scores_into(in.q.middleRows(r0, rows), in.k.middleRows(c0, cols), s);
  s *= in.scale;
  if (in.bias.size() != 0) s += in.bias.block(r0, c0, rows, cols);
  if (detail) record_before(s, in, r0, c0, st, *detail);
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
  Matrix pv(rows, in.v.cols());
  weighted_sum_into(p, in.v.middleRows(c0, cols), pv);
  for (Eigen::Index r = 0; r < rows; ++r) st.o.row(r) = rescale(r) * st.o.row(r) + pv.row(r);
  if (!detail) return;
  // A row that saw nothing before has m_old = −inf: its factor is e^(−inf) = 0.
  detail->p = p;
  detail->rescale.assign(rescale.begin(), rescale.end());
  for (Eigen::Index r = 0; r < rows; ++r) detail->row_sum.push_back(p.row(r).sum());
  detail->o_new = st.o;
}

// The tiles in processing order; `wanted` (or −1) is recorded in *detail.
FlashResult run_flash(const HeadInputs& in, int block_q, int block_k, int wanted,
                      std::optional<FlashTileDetail>* detail);

}  // namespace

FlashResult flash_attention(const HeadInputs& in, int block_q, int block_k) {
  return run_flash(in, block_q, block_k, -1, nullptr);
}

std::optional<FlashTileDetail> flash_tile_detail(const HeadInputs& in, int block_q, int block_k,
                                                 int index) {
  std::optional<FlashTileDetail> detail;
  if (index >= 0) run_flash(in, block_q, block_k, index, &detail);
  return detail;
}

namespace {

FlashResult run_flash(const HeadInputs& in, int block_q, int block_k, int wanted,
                      std::optional<FlashTileDetail>* detail) {
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
      const int index = static_cast<int>(out.tiles.size());
      if (index == wanted) detail->emplace();
      fold_tile(in, r0, c0, cols, st, index == wanted ? &**detail : nullptr);
      out.tiles.push_back({static_cast<int>(r0 / block_q), static_cast<int>(c0 / block_k),
                           std::vector<double>(st.m.begin(), st.m.end()),
                           std::vector<double>(st.l.begin(), st.l.end())});
      if (index == wanted) {
        (*detail)->tile = out.tiles.back();
        (*detail)->index = index;
      }
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

}  // namespace

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
