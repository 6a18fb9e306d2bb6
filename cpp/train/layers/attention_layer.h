// Multi-head attention for training. The forward pass is the stepper's: the core's kernels
// (kernels/kernels.h: scores Q_i K_i^T, divided by sqrt(d_k), the mask kind's rule, the row
// softmax, A V_i), called on Eigen blocks of the stacked batch so a training step allocates
// nothing per head; this file adds only the projections without biases, W_O and the backward
// pass. test_train_layers.cpp checks it equal to attn::run_attention, so a trained model's
// weights replay exactly in the stepper.
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
  MaskParams mask_params;  ///< what the mask kind reads (Window: its size)
  bool self = false;       ///< self-attention: x_kv is x_q (x_kv is left empty)
  Matrix x_q;              ///< (Tq, d_model) the query-side input
  Matrix x_kv;             ///< (Tk, d_model) the key/value-side input (empty when self)
  Matrix q;                ///< (Tq, h*d_k) x_q W_Q
  Matrix k;                ///< (Tk, h*d_k) x_kv W_K
  Matrix v;                ///< (Tk, h*d_v) x_kv W_V
  Matrix concat;           ///< (Tq, h*d_v) the heads' outputs side by side
  Matrix visible;          ///< (m_s, n_s) scratch: the mask rule of the sentence being attended
  /// weights[s][h]: (m_s, n_s) row-softmax of sentence s, head h; rows are its queries.
  std::vector<std::vector<Matrix>> weights;

  /// The key/value-side input: x_kv, or x_q for self-attention.
  const Matrix& key_input() const { return self ? x_q : x_kv; }
};

/// Gradients with respect to the two inputs of the layer.
struct AttentionInputGrads {
  Matrix x_q;   ///< (Tq, d_model); for self-attention the whole gradient of the one input
  Matrix x_kv;  ///< (Tk, d_model); empty for self-attention
};

struct MultiHeadAttention {
  int heads = 1;
  int d_head = 1;  ///< d_k = d_v = d_model / heads
  Param w_q;       ///< (d_model, h*d_k)
  Param w_k;       ///< (d_model, h*d_k)
  Param w_v;       ///< (d_model, h*d_v)
  Param w_o;       ///< (h*d_v, d_model)

  void init(int d_model, int heads);
  /// Self-attention of x (T, d_model), moved into the cache; adds the output (T, d_model) to
  /// *out (the residual stream). `mask` is per sentence, the kind's rule (kernels/variants.h):
  /// Causal lets query i of a sentence see its keys 0..i.
  void forward_self(Matrix x, const Segments& rows, MaskKind mask, AttentionCache* cache,
                    Matrix* out, const MaskParams& params = {}) const;
  /// Cross-attention of x_q (Tq, d_model) over x_kv (Tk, d_model), no mask; adds the output
  /// (Tq, d_model) to *out.
  void forward_cross(Matrix x_q, const Matrix& x_kv, const Segments& queries, const Segments& keys,
                     AttentionCache* cache, Matrix* out) const;
  /// d_out (Tq, d_model) -> gradients on the inputs (kept until the next call); adds to the four
  /// weight gradients.
  const AttentionInputGrads& backward(const Matrix& d_out, const AttentionCache& cache);
  void collect(const std::string& prefix, std::vector<NamedParam>* out);

 private:
  void attend(AttentionCache* c, Matrix* out) const;
  // backward's results and scratch, reused between steps
  AttentionInputGrads grads_;
  Matrix dq_, dk_, dv_, d_concat_, d_scores_;
};

}  // namespace attn::train
