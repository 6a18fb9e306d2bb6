// Attention sinks on top of a causal or sliding-window visibility mask.
#include "variants/sinks/sinks.h"

#include <algorithm>

namespace attn {
namespace variants {

// visible is (m, n), 1 = may attend. Only entries (i, j) with j < sink_tokens and j ≤ i change.
void add_sinks(Eigen::Ref<Matrix> visible, int sink_tokens, const std::vector<int>& padded_keys) {
  const Eigen::Index n = visible.cols();
  const Eigen::Index sinks = std::min<Eigen::Index>(sink_tokens, n);
  for (Eigen::Index j = 0; j < sinks; ++j) {
    // A padded key is ignored by every query; a sink does not bring it back.
    if (std::find(padded_keys.begin(), padded_keys.end(), j) != padded_keys.end()) continue;
    // Never in the future: query i sees sink j only from position j on.
    for (Eigen::Index i = j; i < visible.rows(); ++i) visible(i, j) = 1.0;
  }
}

std::string sink_tokens_problem(long long sink_tokens, int n) {
  if (sink_tokens < 0 || sink_tokens > n) {
    return "sink_tokens is " + std::to_string(sink_tokens) + "; it must be between 0 and " +
           std::to_string(n) + " (the number of keys)";
  }
  return "";
}

}  // namespace variants
}  // namespace attn
