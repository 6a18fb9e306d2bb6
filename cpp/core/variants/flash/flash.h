// FlashAttention's forward pass (Dao et al. 2022; the online softmax of Milakov and Gimelshein
// 2018): the (m, n) score matrix is never formed. Queries are cut into blocks of B_r rows, keys
// and values into blocks of B_c rows (the last block of each may be shorter). Each query block
// keeps per row a running maximum m, a running sum ℓ and an unnormalised output O (B_r, d_v), and
// meets the key blocks in order; for tile (query block, key block) with scores S (B_r, B_c):
//   m_new = max(m_old, max_j S_rj over visible j)
//   P_rj  = e^(S_rj − m_new) for visible j, else 0                                   (B_r, B_c)
//   ℓ     ← e^(m_old − m_new) · ℓ + Σ_j P_rj
//   O     ← diag(e^(m_old − m_new)) · O + P · V_block                               (B_r, d_v)
// and after the last key block O ← O / ℓ, row by row. What is kept for the backward pass is the
// log-sum-exp L = m + log ℓ per query, from which any weight is recovered as a_ij = e^(s_ij − L_i).
//
// Tiles are processed query block by query block (ascending), key blocks ascending within one,
// skipping tiles where the mask leaves no visible key (above a causal diagonal, padded blocks).
// A row with no visible key so far has m = −inf and ℓ = 0; a fully masked query ends with a row
// of zeros and no L.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "matrix.h"
#include "variants/head.h"

namespace attn {
namespace variants {

/// One processed tile and the running values after it, one per row of its query block.
struct FlashTile {
  int q_block = 0;        ///< query rows [q_block·B_r, ...)
  int k_block = 0;        ///< key rows [k_block·B_c, ...)
  std::vector<double> m;  ///< running row maximum after the tile (−inf: nothing visible yet)
  std::vector<double> l;  ///< running sum ℓ after the tile
};

struct FlashResult {
  int block_q = 0, block_k = 0;            ///< B_r and B_c
  std::vector<FlashTile> tiles;            ///< in processing order
  Matrix output;                           ///< (m, d_v) O / ℓ; zero rows for fully masked queries
  std::vector<std::optional<double>> lse;  ///< (m) L = m + log ℓ; absent for fully masked
};

/// Everything one tile did, for a step that shows it with its numbers. Rows are the query block's
/// rows [row0, row0+rows), columns the key block's rows [col0, col0+cols).
struct FlashTileDetail {
  FlashTile tile;  ///< which tile, and m, ℓ after it
  int index = 0;   ///< its place in the processing order
  int row0 = 0, rows = 0, col0 = 0, cols = 0;
  Matrix s;                          ///< (rows, cols) scores, −inf where masked
  Matrix p;                          ///< (rows, cols) e^(s − m_new), 0 where masked
  std::vector<double> m_old, l_old;  ///< (rows) before the tile (−inf, 0: nothing seen)
  std::vector<double> rescale;       ///< (rows) e^(m_old − m_new): 0 when nothing was seen
  std::vector<double> row_sum;       ///< (rows) Σ_j P_rj
  Matrix o_old, o_new;               ///< (rows, d_v) the unnormalised O before and after
};

/// The head's attention by tiles of block_q × block_k (each ≥ 1).
FlashResult flash_attention(const HeadInputs& in, int block_q, int block_k);

/// Tile `index` of the processing order, recorded as flash_attention computes it; nothing when
/// there are fewer tiles.
std::optional<FlashTileDetail> flash_tile_detail(const HeadInputs& in, int block_q, int block_k,
                                                 int index);

/// The weights recovered from the saved L: (m, n) a_ij = e^(s_ij − L_i) for visible keys, 0 for
/// masked ones and for fully masked queries. Recomputes each score, as the backward pass does.
Matrix recover_weights(const HeadInputs& in, const std::vector<std::optional<double>>& lse);

/// "" when both block sizes are between 1 and 1024, else the message naming the field
/// ("block_q" or "block_k") and the limit.
std::string flash_blocks_problem(long long block_q, long long block_k);

}  // namespace variants
}  // namespace attn
