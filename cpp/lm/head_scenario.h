// A scenario file (docs/scenario.md) of one attention layer of the model over a text, whose
// trace reproduces the model's own attention: head h's weights there are the model's, and the
// output Y is the layer's attention output concat(o) Wo^T.
//
// The whole layer, not one head's slice: the stepper then shows the grouped K/V heads as the
// model has them (query head h reads K/V head h / (n_heads / n_kv_heads)). Over T tokens:
//   x_q = the layer's RMS-normalised input xn (T, dim)
//   w_q = wq^T (dim, n_heads·hs), w_k = wk^T and w_v = wv^T (dim, n_kv_heads·hs), w_o = wo^T
//   heads = n_heads, kv_heads = n_kv_heads, d_k = d_v = hs,
//   rope = {theta 10000, "interleaved", dims hs} (llama2.c's), mask "causal", no sinusoid.
// Head h's slice is columns [h·hs, (h+1)·hs) of W_Q and its K/V head g's of W_K, W_V.
#pragma once

#include <string>
#include <vector>

#include "lm/model.h"

namespace attn::lm {

/// The scenario of `layer` over the tokens of `fc` (forward's cache), titled after `head`, the
/// query head the learner picked; `tokens` label the rows (cut to 40 bytes).
std::string head_scenario(const LmWeights& w, const ForwardCache& fc, int layer, int head,
                          const std::vector<std::string>& tokens);

}  // namespace attn::lm
