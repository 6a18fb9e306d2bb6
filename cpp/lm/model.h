// The forward pass of the Llama-style decoder (llama2.c's run.c, in float64), recording what the
// hand-written backward (model_backward.cpp) needs. One sequence of T tokens at positions 0..T-1:
//   x = embedding[tokens]                                      (T, dim)
//   per layer: xn = rmsnorm(x) * g_att;  q = xn Wq^T (T, dim), k = xn Wk^T, v = xn Wv^T
//              (T, kv_dim); q, k rotated by RoPE; per query head h over K/V head h / group:
//              A_h = softmax(causal(q_h k_g^T / sqrt(hs))) (T, T), o_h = A_h v_g (T, hs);
//              x += concat(o) Wo^T;  hn = rmsnorm(x) * g_ffn;
//              x += (silu(hn W1^T) * (hn W3^T)) W2^T            (hidden (T, hidden_dim))
//   logits = (rmsnorm(x) * g_final) Wcls^T                      (T, vocab)
// rmsnorm(x) = x / sqrt(mean(x^2) + 1e-5), row by row. The attention of a head goes through the
// stepper's own kernels (attn::dot_scores, scale_scores, apply_mask, softmax_rows, weighted_sum).
#pragma once

#include <vector>

#include "lm/weights.h"
#include "matrix.h"

namespace attn::lm {

constexpr double kRmsEps = 1e-5;

struct LayerCache {
  Matrix x;                 ///< (T, dim) the layer's input (residual stream)
  Eigen::VectorXd r_att;    ///< (T) 1 / rms of each row of x
  Matrix xn;                ///< (T, dim) normalised input of the attention
  Matrix q, k, v;           ///< (T, dim), (T, kv_dim), (T, kv_dim); q and k rotated
  std::vector<Matrix> att;  ///< n_heads of (T, T), row-softmax weights, zero above the diagonal
  Matrix concat;            ///< (T, dim) the heads' outputs side by side
  Matrix h;                 ///< (T, dim) x after the attention's residual
  Eigen::VectorXd r_ffn;    ///< (T) 1 / rms of each row of h
  Matrix hn;                ///< (T, dim) normalised input of the feed-forward
  Matrix a1, a3;            ///< (T, hidden) hn W1^T, hn W3^T
};

struct ForwardCache {
  std::vector<int> tokens;
  std::vector<LayerCache> layers;
  Matrix x_final;           ///< (T, dim) the stream after the last layer
  Eigen::VectorXd r_final;  ///< (T)
  Matrix xn_final;          ///< (T, dim)
};

/// Logits (T, vocab) of `tokens` (T <= seq_len); fills `cache` when not null.
Matrix forward(const LmWeights& w, const std::vector<int>& tokens, ForwardCache* cache = nullptr);

/// Rotates each row of m (T, width) in place by RoPE at positions pos0.. (llama2.c's interleaved
/// pairs (2i, 2i+1) of each head, angle pos * 10000^(-(2i mod hs)/hs)); sign -1 undoes it.
void apply_rope(Matrix* m, int head_size, int pos0, double sign = 1.0);

/// y = x / rms(x) * g row by row; r (T) receives 1 / rms.
Matrix rmsnorm(const Matrix& x, const Matrix& g, Eigen::VectorXd* r);

/// One head's causal attention: q (T, hs) over k, v (n, hs), query i at position n - T + i seeing
/// keys 0..n-T+i. Weights (T, n) into *weights; returns (T, hs).
Matrix head_attention(const Matrix& q, const Matrix& k, const Matrix& v, Matrix* weights);

/// Mean cross-entropy (nats) of predicting targets[t] from logits row t; dlogits (T, vocab), when
/// not null, receives its gradient times `scale`.
double cross_entropy(const Matrix& logits, const std::vector<int>& targets, double scale,
                     Matrix* dlogits);

}  // namespace attn::lm

namespace attn::lm {

/// The hand-written backward of forward(): adds to *grads (shaped as w, zero_weights) the
/// gradient of sum(dlogits .* logits) through the pass recorded in `fc`.
void backward(const LmWeights& w, const ForwardCache& fc, const Matrix& dlogits, LmWeights* grads);

}  // namespace attn::lm
