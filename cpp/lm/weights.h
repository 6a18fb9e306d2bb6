// The sizes and weights of a Llama-style decoder, in llama2.c's layout: every projection is
// stored (out, in) as in the checkpoint, so a row-vector activation x (T, in) maps to
// x W^T (T, out). Double precision; a checkpoint's float32 values convert exactly.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "matrix.h"

namespace attn::lm {

struct LmConfig {
  int dim = 64;          ///< width of the residual stream
  int hidden_dim = 172;  ///< SwiGLU width
  int n_layers = 2;
  int n_heads = 4;     ///< query heads
  int n_kv_heads = 2;  ///< key/value heads; query head h reads K/V head h / (n_heads / n_kv_heads)
  int vocab_size = 512;
  int seq_len = 128;              ///< the longest context
  bool shared_classifier = true;  ///< the classifier is the embedding (vocab_size > 0 in the file)

  int head_size() const { return dim / n_heads; }
  int kv_dim() const { return n_kv_heads * head_size(); }
  int group() const { return n_heads / n_kv_heads; }
  /// "" or the first size out of its limits, named with the limit.
  std::string check() const;
};

struct LayerWeights {
  Matrix rms_att;  ///< (1, dim)
  Matrix wq;       ///< (dim, dim): n_heads blocks of head_size rows
  Matrix wk;       ///< (kv_dim, dim)
  Matrix wv;       ///< (kv_dim, dim)
  Matrix wo;       ///< (dim, dim)
  Matrix rms_ffn;  ///< (1, dim)
  Matrix w1;       ///< (hidden_dim, dim) gate
  Matrix w2;       ///< (dim, hidden_dim) down
  Matrix w3;       ///< (hidden_dim, dim) up
};

struct LmWeights {
  LmConfig config;
  Matrix embedding;  ///< (vocab_size, dim)
  std::vector<LayerWeights> layers;
  Matrix rms_final;  ///< (1, dim)
  Matrix wcls;       ///< (vocab_size, dim); empty when shared with the embedding

  /// Every parameter matrix in llama2.c's file order (embedding, per-kind across layers, final
  /// norm, classifier when not shared): the order of the checkpoint, the gradients and AdamW.
  std::vector<Matrix*> params();
  std::vector<const Matrix*> params() const;
  const Matrix& classifier() const { return config.shared_classifier ? embedding : wcls; }
  long parameter_count() const;
};

/// Zero weights of the right shapes (norm gains zero too).
LmWeights zero_weights(const LmConfig& c);
/// The initial weights from a seed: projections and embedding N(0, 0.02) (output projections
/// w2, wo scaled by 1/sqrt(2 n_layers), as GPT-2), norm gains 1. Deterministic (SplitMix64).
LmWeights init_weights(const LmConfig& c, std::uint64_t seed);

}  // namespace attn::lm
