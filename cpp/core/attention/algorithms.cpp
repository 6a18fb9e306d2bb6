// The KV cache and FlashAttention on a trace's heads (see algorithms.h).
#include "attention/algorithms.h"

#include <algorithm>
#include <cmath>

namespace attn {

namespace {

double max_abs(const Eigen::Ref<const Matrix>& a, const Eigen::Ref<const Matrix>& b) {
  return a.size() == 0 ? 0.0 : (a - b).cwiseAbs().maxCoeff();
}

}  // namespace

variants::HeadInputs algorithm_inputs(const Trace& t, int head) {
  const HeadTrace& h = t.heads[static_cast<std::size_t>(head)];
  // The trace divides by sqrt(d_k) only for ScaledDot (attention.h); Dot scores are q · k.
  const double scale =
      t.score == ScoreKind::ScaledDot ? 1.0 / std::sqrt(static_cast<double>(t.d_k)) : 1.0;
  // What the head's scores were made of: q and k as RoPE turned them, its K/V head's k and v
  // (grouped-query), ALiBi's bias, and the mask with its sinks.
  const Matrix& q = h.q_rotated ? *h.q_rotated : h.q;
  const Matrix& k = h.k_rotated ? *h.k_rotated : h.k;
  return {q, k, h.v, scale, t.mask, h.bias ? *h.bias : variants::no_bias()};
}

std::vector<variants::DecodeStep> kv_cache_head(const Trace& t, int head) {
  return variants::decode_with_kv_cache(algorithm_inputs(t, head));
}

variants::FlashResult flash_head(const Trace& t, int head, int block_q, int block_k) {
  return variants::flash_attention(algorithm_inputs(t, head), block_q, block_k);
}

Matrix flash_weights(const Trace& t, int head, const variants::FlashResult& f) {
  return variants::recover_weights(algorithm_inputs(t, head), f.lse);
}

AlgorithmDifference kv_cache_difference(const Trace& t) {
  AlgorithmDifference d;
  for (int h = 0; h < static_cast<int>(t.heads.size()); ++h) {
    const HeadTrace& ht = t.heads[static_cast<std::size_t>(h)];
    for (const variants::DecodeStep& s : kv_cache_head(t, h)) {
      // Step t's (1, t+1) weights against row t's first t+1 (the rest is the causal mask's 0).
      d.weights = std::max(d.weights, max_abs(s.weights, ht.weights.row(s.t).head(s.cache_len)));
      d.output = std::max(d.output, max_abs(s.output, ht.output.row(s.t)));
    }
  }
  return d;
}

AlgorithmDifference flash_difference(const Trace& t, int block_q, int block_k) {
  AlgorithmDifference d;
  for (int h = 0; h < static_cast<int>(t.heads.size()); ++h) {
    const HeadTrace& ht = t.heads[static_cast<std::size_t>(h)];
    const variants::FlashResult f = flash_head(t, h, block_q, block_k);
    d.output = std::max(d.output, max_abs(f.output, ht.output));
    d.weights = std::max(d.weights, max_abs(flash_weights(t, h, f), ht.weights));
  }
  return d;
}

}  // namespace attn
