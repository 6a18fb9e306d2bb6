// Multi-head attention for training, computed with the stepper's own functions
// (attention/attention.h: head_block, dot_scores, scale_scores, build_mask, apply_mask,
// softmax_rows, weighted_sum, concat_heads), so a trained model's weights can be replayed by
// attn::run_attention exactly. Scaled dot-product scores; no biases in the projections.
//
// The sentences of a batch are stacked row-wise (Segments): the projections run once on the whole
// stack, then each sentence attends over its own key rows only.
#pragma once

#include <string>
#include <vector>

#include "scenario/scenario.h"
#include "train/layers/param.h"

namespace attn::train {

struct AttentionCache {
  Segments queries;  ///< rows of x_q per sentence
  Segments keys;     ///< rows of x_kv per sentence
  MaskKind mask = MaskKind::None;
  Matrix x_q;     ///< (Tq, d_model) the query-side input
  Matrix x_kv;    ///< (Tk, d_model) the key/value-side input
  Matrix q;       ///< (Tq, h*d_k) x_q W_Q
  Matrix k;       ///< (Tk, h*d_k) x_kv W_K
  Matrix v;       ///< (Tk, h*d_v) x_kv W_V
  Matrix concat;  ///< (Tq, h*d_v) the heads' outputs side by side
  /// weights[s][h]: (m_s, n_s) row-softmax of sentence s, head h; rows are its queries.
  std::vector<std::vector<Matrix>> weights;
};

/// Gradients with respect to the two inputs of the layer.
struct AttentionInputGrads {
  Matrix x_q;   ///< (Tq, d_model)
  Matrix x_kv;  ///< (Tk, d_model)
};

struct MultiHeadAttention {
  int heads = 1;
  int d_head = 1;  ///< d_k = d_v = d_model / heads
  Param w_q;       ///< (d_model, h*d_k)
  Param w_k;       ///< (d_model, h*d_k)
  Param w_v;       ///< (d_model, h*d_v)
  Param w_o;       ///< (h*d_v, d_model)

  void init(int d_model, int heads);
  /// x_q (Tq, d_model), x_kv (Tk, d_model) -> (Tq, d_model). `mask` is per sentence: Causal lets
  /// query i of a sentence see its keys 0..i (attn::build_mask).
  Matrix forward(const Matrix& x_q, const Matrix& x_kv, const Segments& queries,
                 const Segments& keys, MaskKind mask, AttentionCache* cache) const;
  /// d_out (Tq, d_model) -> gradients on x_q and x_kv; adds to the four weight gradients. For
  /// self-attention the caller adds the two.
  AttentionInputGrads backward(const Matrix& d_out, const AttentionCache& cache);
  void collect(const std::string& prefix, std::vector<NamedParam>* out);
};

}  // namespace attn::train
