// A trained model's attention on a typed sentence as a stepper scenario (docs/scenario.md): the
// layer's actual inputs (x_q, x_kv: the layer-normed rows the attention sublayer saw) and
// weights, so attn::run_attention replays the model's own weights to ~1e-12, and the stepper
// shows every number of it.
#pragma once

#include <string>
#include <variant>

#include "scenario/scenario.h"
#include "train/trained_model.h"

namespace attn::train {

/// Which attention sublayer. Values may cross to JavaScript: append only.
enum class AttentionSite {
  Cross = 0,        ///< translate: the decoder's cross-attention over the encoder output
  EncoderSelf = 1,  ///< translate with encoder self-attention: the encoder's self-attention
  DecoderSelf = 2,  ///< the decoder's causal self-attention of layer `layer` (copy: 0 or 1)
};

/// The scenario of one attention sublayer for `text`, decoded greedily first (the decoder rows
/// are those of the model's own output). head: 0-based, or -1 for all heads (one scenario with
/// every head, W_O whole: for a model whose named head is kMeanOfHeads, the mean of its trace's
/// weights is the named map); a single head gets its columns of W_Q, W_K, W_V and its rows of W_O.
/// Tokens: cross-attention rows are the target words they produce, columns the source words;
/// decoder self-attention rows and columns are the decoder inputs ("<s>", y1, ... for translate;
/// "x1..xn | y1..y(n-1)" for copy); encoder self-attention, the source words. Errors (fields
/// "sentence", "site", "layer", "head") say what this model has.
std::variant<Scenario, InputError> attention_scenario(const TrainedModel& model,
                                                      const std::string& text, AttentionSite site,
                                                      int layer, int head);

/// The scenario as a scenario file (JSON text; numbers %.17g so they read back exactly):
/// query_tokens, key_tokens (cross-attention only), d_model, heads, d_k, d_v, mask, x_q, x_kv
/// (cross-attention only), w_q, w_k, w_v, w_o (a matrix, or null when there is none).
std::string scenario_to_json(const Scenario& scenario);

}  // namespace attn::train
