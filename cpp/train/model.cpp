// The model's structure, initialisation and forward pass (backward: model_backward.cpp).
//
// Initialisation, in the order of parameters(): parameter group i draws from its own SplitMix64
// stream seeded with mix(seed ^ ((1000 + i) * golden)), mix(x) = SplitMix64(x).next(), filled
// row-major. Embedding tables: uniform(-a, a), a = ModelConfig::embedding_init (1 by default,
// like the stepper's generated token embeddings). Other matrices: Glorot-uniform, a = sqrt(6 /
// (rows + cols)). Biases and layer-norm betas 0, layer-norm gammas 1 (no stream is read for them).
#include "train/model.h"

#include <cmath>

#include "generator.h"

namespace attn::train {
namespace {

constexpr std::uint64_t kGolden = 0x9E3779B97F4A7C15ULL;
constexpr std::uint64_t kFirstParamTag = 1000;

// Fills group `index` uniformly in (-a, a); a <= 0 means Glorot's bound.
void fill(Param* p, std::uint64_t seed, std::uint64_t index, double a) {
  SplitMix64 stream(SplitMix64(seed ^ ((kFirstParamTag + index) * kGolden)).next());
  if (a <= 0.0) a = std::sqrt(6.0 / static_cast<double>(p->value.rows() + p->value.cols()));
  for (Eigen::Index r = 0; r < p->value.rows(); ++r) {
    for (Eigen::Index c = 0; c < p->value.cols(); ++c) p->value(r, c) = stream.next_symmetric(a);
  }
}

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

}  // namespace

Model::Model(const ModelConfig& config, std::uint64_t seed) : config_(config) {
  const int d = config.d_model;
  if (config.encoder) {
    source_embedding_.init(config.source_vocab, d);
    encoder_.resize(static_cast<std::size_t>(config.encoder_layers));
    for (EncoderLayer& layer : encoder_) {
      layer.has_self_attention = config.encoder_self_attention;
      layer.norm_attention.init(d);
      layer.self_attention.init(d, config.heads);
      layer.norm_ffn.init(d);
      layer.ffn.init(d, config.d_ff);
    }
    encoder_norm_.init(d);
  }
  target_embedding_.init(config.target_vocab, d);
  decoder_.resize(static_cast<std::size_t>(config.decoder_layers));
  for (DecoderLayer& layer : decoder_) {
    layer.has_cross_attention = config.encoder;
    layer.norm_self.init(d);
    layer.self_attention.init(d, config.heads);
    layer.norm_cross.init(d);
    layer.cross_attention.init(d, config.heads);
    layer.norm_ffn.init(d);
    layer.ffn.init(d, config.d_ff);
  }
  decoder_norm_.init(d);
  output_.init(d, config.target_vocab);
  const std::vector<NamedParam> params = parameters();
  for (std::size_t i = 0; i < params.size(); ++i) {
    if (params[i].param->value.rows() == 1) continue;  // biases, gammas, betas: constants
    fill(params[i].param, seed, i,
         ends_with(params[i].name, ".table") ? config.embedding_init : 0.0);
  }
}

std::vector<NamedParam> Model::parameters() {
  std::vector<NamedParam> out;
  if (config_.encoder) {
    source_embedding_.collect("source_embedding", &out);
    for (std::size_t l = 0; l < encoder_.size(); ++l) {
      const std::string p = "encoder." + std::to_string(l);
      EncoderLayer& layer = encoder_[l];
      if (layer.has_self_attention) {
        layer.norm_attention.collect(p + ".norm_self", &out);
        layer.self_attention.collect(p + ".self_attention", &out);
      }
      if (config_.feed_forward) {
        layer.norm_ffn.collect(p + ".norm_ffn", &out);
        layer.ffn.collect(p + ".ffn", &out);
      }
    }
    encoder_norm_.collect("encoder.norm", &out);
  }
  target_embedding_.collect("target_embedding", &out);
  for (std::size_t l = 0; l < decoder_.size(); ++l) {
    const std::string p = "decoder." + std::to_string(l);
    DecoderLayer& layer = decoder_[l];
    layer.norm_self.collect(p + ".norm_self", &out);
    layer.self_attention.collect(p + ".self_attention", &out);
    if (layer.has_cross_attention) {
      layer.norm_cross.collect(p + ".norm_cross", &out);
      layer.cross_attention.collect(p + ".cross_attention", &out);
    }
    if (config_.feed_forward) {
      layer.norm_ffn.collect(p + ".norm_ffn", &out);
      layer.ffn.collect(p + ".ffn", &out);
    }
  }
  decoder_norm_.collect("decoder.norm", &out);
  output_.collect("output", &out);
  return out;
}

std::vector<const Param*> Model::parameters() const {
  std::vector<const Param*> out;
  for (const NamedParam& p : const_cast<Model*>(this)->parameters()) out.push_back(p.param);
  return out;
}

std::vector<std::string> Model::parameter_names() const {
  std::vector<std::string> out;
  for (const NamedParam& p : const_cast<Model*>(this)->parameters()) out.push_back(p.name);
  return out;
}

int Model::parameter_count() const {
  Eigen::Index n = 0;
  for (const Param* p : parameters()) n += p->value.size();
  return static_cast<int>(n);
}

void Model::zero_grad() {
  for (NamedParam& p : parameters()) p.param->zero_grad();
}

// source: Ts tokens in all -> pass->memory (Ts, d_model).
void Model::encode(const TokenIds& source, ForwardPass* pass) const {
  if (!config_.encoder) return;
  std::vector<int> lengths;
  for (const auto& s : source) lengths.push_back(static_cast<int>(s.size()));
  pass->source = Segments::of_lengths(lengths);
  Matrix x = source_embedding_.forward(source);
  pass->encoder.resize(encoder_.size());  // kept: its matrices are reused
  for (std::size_t l = 0; l < encoder_.size(); ++l) {
    const EncoderLayer& layer = encoder_[l];
    EncoderLayerCache& c = pass->encoder[l];
    if (layer.has_self_attention) {
      layer.self_attention.forward_self(layer.norm_attention.forward(x, &c.norm_attention),
                                        pass->source, MaskKind::None, &c.self_attention, &x);
    }
    if (config_.feed_forward) {
      layer.ffn.forward(layer.norm_ffn.forward(x, &c.norm_ffn), &c.ffn, &x);
    }
  }
  pass->memory = encoder_norm_.forward(x, &pass->encoder_norm);
}

// input: Tt tokens in all -> pass->logits (Tt, target_vocab).
void Model::decode(const TokenIds& input, ForwardPass* pass) const {
  std::vector<int> lengths;
  for (const auto& s : input) lengths.push_back(static_cast<int>(s.size()));
  pass->target = Segments::of_lengths(lengths);
  Matrix y = target_embedding_.forward(input);
  pass->decoder.resize(decoder_.size());
  for (std::size_t l = 0; l < decoder_.size(); ++l) {
    const DecoderLayer& layer = decoder_[l];
    DecoderLayerCache& c = pass->decoder[l];
    layer.self_attention.forward_self(layer.norm_self.forward(y, &c.norm_self), pass->target,
                                      MaskKind::Causal, &c.self_attention, &y);
    if (layer.has_cross_attention) {
      layer.cross_attention.forward_cross(layer.norm_cross.forward(y, &c.norm_cross), pass->memory,
                                          pass->target, pass->source, &c.cross_attention, &y);
    }
    if (config_.feed_forward) {
      layer.ffn.forward(layer.norm_ffn.forward(y, &c.norm_ffn), &c.ffn, &y);
    }
  }
  pass->decoder_out = decoder_norm_.forward(y, &pass->decoder_norm);
  pass->logits = output_.forward(pass->decoder_out);
}

ForwardPass Model::forward(const Batch& batch) const {
  ForwardPass pass;
  encode(batch.source, &pass);
  decode(batch.input, &pass);
  return pass;
}

double Model::loss(const ForwardPass& pass, const Batch& batch) {
  return softmax_cross_entropy(pass.logits, flat_targets(batch), nullptr);
}

std::vector<int> flat_targets(const Batch& batch) {
  std::vector<int> out;
  for (const auto& s : batch.target) out.insert(out.end(), s.begin(), s.end());
  return out;
}

}  // namespace attn::train
