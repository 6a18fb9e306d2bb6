// A scenario: everything needed to compute one multi-head attention, before generation.
//
// Mirrors the JSON scenario file (docs/scenario.md) field for field. Anything optional that is
// absent is generated from `seed` by generator.h; explicit matrices are used exactly as given.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "kernels/variants.h"
#include "matrix.h"
#include "scenario/algorithm.h"

namespace attn {

// MaskKind and ScoreKind, with everything about each kind, are the variant tables of
// kernels/variants.h.

/// One edited number, applied on top of the generated or given matrices (docs/scenario.md).
/// `matrix` is a scenario-file matrix field (scenario/file_matrices.h: "w_q"; a bias is a
/// (1, length) row, and an edit of an absent one makes it present, zeros but that cell). Row and
/// column are 0-based.
struct CellEdit {
  std::string matrix;
  int row = 0;
  int col = 0;
  double value = 0.0;
};

/// How the final output projection W_O is chosen.
enum class OutputProjection {
  Generated = 0,  ///< absent from the file: generated from the seed
  None = 1,       ///< `w_o: null`: output = concat (single-head "from scratch" example)
  Given = 2,      ///< explicit matrix in `w_o`
};

struct Scenario {
  std::vector<std::string> query_tokens;  ///< m tokens (rows of X_q); required
  std::vector<std::string> key_tokens;    ///< n tokens (rows of X_kv); empty = self-attention
  int d_model = 8;
  int heads = 2;
  int d_k = 0;  ///< 0 = d_model / heads
  int d_v = 0;  ///< 0 = d_model / heads
  std::uint64_t seed = 42;
  MaskKind mask = MaskKind::None;
  /// With MaskKind::Window only: how many keys a query sees, itself included (1..kMaxTokens).
  std::optional<int> window;
  std::vector<int> padded_keys;  ///< key indices that every query ignores
  bool positional_encoding = true;

  std::optional<Matrix> x_q;   ///< (m, d_model); when given, used as is (no positional encoding)
  std::optional<Matrix> x_kv;  ///< (n, d_model)
  std::optional<Matrix> w_q;   ///< (d_model, h*d_k)
  std::optional<Matrix> w_k;   ///< (d_model, h*d_k)
  std::optional<Matrix> w_v;   ///< (d_model, h*d_v)
  OutputProjection w_o_mode = OutputProjection::Generated;
  std::optional<Matrix> w_o;  ///< (h*d_v, d_model), only with OutputProjection::Given
  // Biases, each a (1, length) row added to every row of its product; absent means zero (never
  // generated). Head i takes entries [i*d_k, (i+1)*d_k) of b_q, b_k and [i*d_v, (i+1)*d_v) of b_v.
  std::optional<Matrix> b_q;  ///< (1, h*d_k): Q = X_q W_Q + b_q
  std::optional<Matrix> b_k;  ///< (1, h*d_k): K = X_kv W_K + b_k
  std::optional<Matrix> b_v;  ///< (1, h*d_v): V = X_kv W_V + b_v
  std::optional<Matrix> b_o;  ///< (1, d_model): output = Concat W_O + b_o; never without W_O

  ScoreKind score = ScoreKind::ScaledDot;
  int d_a = 0;  ///< additive scoring's hidden size; 0 = d_k
  // Scoring parameters, one block per head (head i takes columns [i*w, (i+1)*w), or row i of
  // v_additive); generated from the seed when absent and the scoring function needs them.
  std::optional<Matrix> w_bilinear;    ///< General: (d_k, h*d_k)
  std::optional<Matrix> w_additive_q;  ///< Additive: W_1 (d_k, h*d_a)
  std::optional<Matrix> w_additive_k;  ///< Additive: W_2 (d_k, h*d_a)
  std::optional<Matrix> v_additive;    ///< Additive: v_a, one row per head (h, d_a)

  // Modern attention (docs/scenario.md, docs/variants.md); the defaults leave attention as it was.
  std::optional<int> kv_heads;  ///< key/value heads shared by the query heads; absent = heads
  std::optional<Rope> rope;     ///< rotary position embedding of each head's q and k; absent = none
  int position_offset = 0;      ///< token index r sits at position r + position_offset (RoPE, PE)
  int sink_tokens = 0;          ///< keys 0..sink_tokens-1 stay visible under causal or window masks
  bool alibi = false;           ///< ALiBi: head h adds -slope_h |i - j| to its scaled scores

  /// Edited cells, applied in order after generation; an edit of x_q in self-attention edits
  /// the one input matrix both sides share.
  std::vector<CellEdit> edits;

  /// Where the scenario came from, shown as plain text; no effect on the computation.
  std::optional<std::string> title;   ///< 1..Limits::kMaxTitleBytes UTF-8 bytes
  std::optional<std::string> source;  ///< 1..Limits::kMaxSourceBytes UTF-8 bytes

  /// Which algorithm the page steps through besides the trace (scenario/algorithm.h); the trace
  /// itself is the same. block_q and block_k (B_r, B_c) go with "flash" only.
  Algorithm algorithm = Algorithm::Standard;
  std::optional<int> block_q, block_k;
  int block_rows() const { return block_q.value_or(kDefaultBlockQ); }
  int block_cols() const { return block_k.value_or(kDefaultBlockK); }

  bool is_self_attention() const { return key_tokens.empty(); }
  /// Tokens on the key/value side: key_tokens, or query_tokens in self-attention.
  const std::vector<std::string>& kv_tokens() const {
    return is_self_attention() ? query_tokens : key_tokens;
  }
  int m() const { return static_cast<int>(query_tokens.size()); }
  int n() const { return static_cast<int>(kv_tokens().size()); }
  int head_dim_k() const { return d_k > 0 ? d_k : d_model / heads; }
  int head_dim_v() const { return d_v > 0 ? d_v : d_model / heads; }
  int hidden_dim_a() const { return d_a > 0 ? d_a : head_dim_k(); }
  int kv_head_count() const { return kv_heads.value_or(heads); }
  /// The components RoPE rotates: rope->dims, or d_k when the file leaves it out (0).
  int rope_dims() const { return rope && rope->dims > 0 ? rope->dims : head_dim_k(); }
};

/// Limits that keep the page responsive. Every one is checked by validate().
struct Limits {
  static constexpr int kMaxTokens = 512;      ///< per sentence (m and n)
  static constexpr int kMaxTokenLength = 40;  ///< characters (bytes) in one token
  static constexpr int kMaxDModel = 1024;
  static constexpr int kMaxHeads = 16;
  static constexpr int kMaxHeadDim = 512;                      ///< d_k and d_v
  static constexpr int kMaxProjectionWidth = 1024;             ///< heads·d_k and heads·d_v
  static constexpr double kMaxAbsValue = 1e6;                  ///< any explicit matrix entry
  static constexpr int kMaxEdits = 4096;                       ///< edited cells in one scenario
  static constexpr std::uint64_t kMaxSeed = (1ULL << 53) - 1;  ///< exact in a JSON number
  static constexpr int kMaxTitleBytes = 120;                   ///< `title`, UTF-8 bytes
  static constexpr int kMaxSourceBytes = 300;                  ///< `source`, UTF-8 bytes
};

/// A rejected scenario: `field` is the scenario-file field name ("d_model", "w_q", ...);
/// `message` names the field, the offending value and the limit, e.g.
/// "d_model is 2000; it must be between 1 and 1024".
struct ValidationError {
  std::string field;
  std::string message;
};

/// Checks every size, count, token and matrix of `s`. Returns the first violation, or nothing.
std::optional<ValidationError> validate(const Scenario& s);

}  // namespace attn
