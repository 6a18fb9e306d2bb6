// A scenario file (docs/scenario.md) whose trace reproduces one head's causal weights.
//
// Until the scenario format has RoPE and kv_heads, the rotation cannot be expressed
// as weights: X holds the head's rotated projections side by side, row t = [RoPE(q_t) | RoPE(k_t)
// | v_t] (T, 3 hs) of that query head and its K/V head, and W_Q, W_K, W_V select the three
// blocks (identity blocks), one head, causal mask, no W_O. Its trace gives the same scores,
// weights and head output as the model's own pass.
#pragma once

#include <string>
#include <vector>

#include "lm/model.h"

namespace attn::lm {

std::string head_scenario(const LmWeights& w, const ForwardCache& fc, int layer, int head,
                          const std::vector<std::string>& tokens);

}  // namespace attn::lm
