// The model's backward pass: the forward of model.cpp in reverse, adding to each Param's grad.
#include "train/model.h"

namespace attn::train {

double Model::loss_and_gradients(const Batch& batch) {
  zero_grad();
  encode(batch.source, &work_);
  decode(batch.input, &work_);
  const double loss = softmax_cross_entropy(work_.logits, flat_targets(batch), &d_logits_);
  backward(work_, d_logits_, batch);
  return loss;
}

// d_logits (Tt, target_vocab). Each residual block y = x + f(norm(x)) passes dy on to dx and adds
// norm.backward(f.backward(dy)); the cross-attention's key side collects d_memory (Ts, d_model).
void Model::backward(const ForwardPass& pass, const Matrix& d_logits, const Batch& batch) {
  Matrix dy =
      decoder_norm_.backward(output_.backward(d_logits, pass.decoder_out), pass.decoder_norm);
  Matrix d_memory;
  if (config_.encoder) d_memory = Matrix::Zero(pass.memory.rows(), pass.memory.cols());
  for (std::size_t l = decoder_.size(); l-- > 0;) {
    DecoderLayer& layer = decoder_[l];
    const DecoderLayerCache& c = pass.decoder[l];
    if (config_.feed_forward) {
      dy += layer.norm_ffn.backward(layer.ffn.backward(dy, c.ffn), c.norm_ffn);
    }
    if (layer.has_cross_attention) {
      const AttentionInputGrads& g = layer.cross_attention.backward(dy, c.cross_attention);
      dy += layer.norm_cross.backward(g.x_q, c.norm_cross);
      d_memory += g.x_kv;
    }
    const AttentionInputGrads& g = layer.self_attention.backward(dy, c.self_attention);
    dy += layer.norm_self.backward(g.x_q, c.norm_self);
  }
  target_embedding_.backward(dy, batch.input);
  if (!config_.encoder) return;

  Matrix dx = encoder_norm_.backward(d_memory, pass.encoder_norm);
  for (std::size_t l = encoder_.size(); l-- > 0;) {
    EncoderLayer& layer = encoder_[l];
    const EncoderLayerCache& c = pass.encoder[l];
    if (config_.feed_forward) {
      dx += layer.norm_ffn.backward(layer.ffn.backward(dx, c.ffn), c.norm_ffn);
    }
    if (layer.has_self_attention) {
      const AttentionInputGrads& g = layer.self_attention.backward(dx, c.self_attention);
      dx += layer.norm_attention.backward(g.x_q, c.norm_attention);
    }
  }
  source_embedding_.backward(dx, batch.source);
}

}  // namespace attn::train
