// The Transformer being trained: token embeddings + sinusoidal positions, an optional encoder of
// pre-layer-norm layers (self-attention, optional, then feed-forward), a decoder of pre-layer-norm
// layers (causal self-attention, cross-attention over the encoder output when there is an encoder,
// feed-forward), a final layer norm on each side and an output projection over the target
// vocabulary. Residual stream: x + sublayer(norm(x)).
//
// A batch is stacked row-wise (layers/param.h Segments), so every position-wise product is one
// Eigen product over the whole batch; attention runs per sentence. Forward keeps what backward
// needs in a ForwardPass; backward adds to each Param's grad.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "train/layers/attention_layer.h"
#include "train/layers/embedding.h"
#include "train/layers/feed_forward.h"
#include "train/layers/layer_norm.h"

namespace attn::train {

/// Sizes of a model. d_model must be a multiple of heads.
struct ModelConfig {
  int d_model = 64;
  int heads = 4;
  int d_ff = 128;
  bool encoder = true;                 ///< false: decoder-only (no cross-attention)
  bool encoder_self_attention = true;  ///< the encoder layer has a self-attention sublayer
  int encoder_layers = 1;              ///< used when encoder is true
  int decoder_layers = 1;
  bool feed_forward = true;     ///< false: attention-only layers (no feed-forward sublayers)
  double embedding_init = 1.0;  ///< token embeddings start uniform in (-a, a), a this
  int source_vocab = 0;         ///< 0 without an encoder
  int target_vocab = 0;
};

/// Teacher-forced training data. Sentence s: source[s] (encoder input, empty vectors for a
/// decoder-only model), input[s] (decoder input) and target[s] (one id per decoder input
/// position, the token that position must predict; -1 = not scored).
struct Batch {
  TokenIds source;
  TokenIds input;
  TokenIds target;
};

struct EncoderLayer {
  bool has_self_attention = true;
  LayerNorm norm_attention;
  MultiHeadAttention self_attention;
  LayerNorm norm_ffn;
  FeedForward ffn;
};

struct DecoderLayer {
  bool has_cross_attention = true;
  LayerNorm norm_self;
  MultiHeadAttention self_attention;  ///< causal
  LayerNorm norm_cross;
  MultiHeadAttention cross_attention;  ///< queries: decoder rows, keys/values: encoder output
  LayerNorm norm_ffn;
  FeedForward ffn;
};

struct EncoderLayerCache {
  LayerNormCache norm_attention, norm_ffn;
  AttentionCache self_attention;
  FeedForwardCache ffn;
};

struct DecoderLayerCache {
  LayerNormCache norm_self, norm_cross, norm_ffn;
  AttentionCache self_attention, cross_attention;
  FeedForwardCache ffn;
};

/// Everything one forward pass computed. Ts / Tt: source / target tokens of the whole batch.
struct ForwardPass {
  Segments source, target;
  std::vector<EncoderLayerCache> encoder;
  LayerNormCache encoder_norm;
  Matrix memory;  ///< (Ts, d_model) the encoder output, after its final layer norm
  std::vector<DecoderLayerCache> decoder;
  LayerNormCache decoder_norm;
  Matrix decoder_out;  ///< (Tt, d_model) after the final layer norm
  Matrix logits;       ///< (Tt, target_vocab)
};

class Model {
 public:
  Model() = default;
  /// Builds the layers and draws the weights from `seed` (see model.cpp: one SplitMix64 stream
  /// per parameter group, in the order of parameters()).
  Model(const ModelConfig& config, std::uint64_t seed);

  const ModelConfig& config() const { return config_; }
  /// Every parameter group with its name, in a fixed order (initialisation, Adam, the file).
  std::vector<NamedParam> parameters();
  std::vector<const Param*> parameters() const;
  std::vector<std::string> parameter_names() const;
  int parameter_count() const;
  void zero_grad();
  const std::vector<EncoderLayer>& encoder_layers() const { return encoder_; }
  const std::vector<DecoderLayer>& decoder_layers() const { return decoder_; }

  /// Runs the encoder on `source` into pass->memory (Ts, d_model); no-op without an encoder.
  void encode(const TokenIds& source, ForwardPass* pass) const;
  /// Runs the decoder on `input` (using pass->memory) into pass->logits (Tt, target_vocab).
  void decode(const TokenIds& input, ForwardPass* pass) const;
  /// encode + decode of a batch.
  ForwardPass forward(const Batch& batch) const;
  /// Zeroes the gradients, runs forward and backward; returns the mean cross-entropy.
  double loss_and_gradients(const Batch& batch);
  /// Mean cross-entropy of a forward pass (no gradients).
  static double loss(const ForwardPass& pass, const Batch& batch);

 private:
  void backward(const ForwardPass& pass, const Matrix& d_logits, const Batch& batch);

  ModelConfig config_;
  Embedding source_embedding_, target_embedding_;
  std::vector<EncoderLayer> encoder_;
  LayerNorm encoder_norm_;
  std::vector<DecoderLayer> decoder_;
  LayerNorm decoder_norm_;
  OutputLayer output_;
  ForwardPass work_;  ///< loss_and_gradients' forward pass, its matrices reused between steps
  Matrix d_logits_;
};

/// All target ids of a batch in stacked row order (the rows of ForwardPass::logits).
std::vector<int> flat_targets(const Batch& batch);

}  // namespace attn::train
