// Attention sinks (Xiao et al. 2024, "Efficient Streaming Language Models with Attention Sinks",
// StreamingLLM): under a causal or sliding-window mask the first sink_tokens keys stay visible to
// every query, yet never from the future: key j is visible to query i when j ≤ i and (j <
// sink_tokens or j is inside the window). Padded keys stay masked, sinks or not.
//
// The sliding window itself (query i sees key j when i − window < j ≤ i, as Mistral counts it) is
// the "window" mask kind of attention/'s build_mask.
#pragma once

#include <Eigen/Dense>
#include <string>
#include <vector>

#include "matrix.h"

namespace attn {
namespace variants {

/// Makes keys 0 .. sink_tokens−1 visible in `visible` (m, n) to every query i with j ≤ i, except
/// the padded keys. Apply to a causal or window mask (it already holds the padding or not: a
/// padded key is left as it is).
void add_sinks(Eigen::Ref<Matrix> visible, int sink_tokens, const std::vector<int>& padded_keys);

/// "" when sink_tokens is between 0 and n (the number of keys), else the message naming it.
std::string sink_tokens_problem(long long sink_tokens, int n);

}  // namespace variants
}  // namespace attn
