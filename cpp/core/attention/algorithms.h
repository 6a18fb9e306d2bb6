// The same heads by other algorithms (scenario/algorithm.h): the KV cache's decoding steps and
// FlashAttention's tiles, computed from a trace's own q, k, v and mask (variants/), so that what
// they give can be set beside the trace's weights and outputs.
#pragma once

#include <optional>
#include <vector>

#include "attention/attention.h"
#include "variants/flash/flash.h"
#include "variants/head.h"
#include "variants/kv_cache/kv_cache.h"

namespace attn {

/// Head `head`'s inputs as the variants take them: views on the trace's q (m, d_k) and k (n, d_k)
/// (after RoPE when the scenario rotates them), its K/V head's v (n, d_v), the mask (m, n, with
/// sinks) and ALiBi's bias (m, n) when on; scale 1/sqrt(d_k) for ScaledDot, 1 for Dot. The trace
/// must outlive the result. Only for the dot-product kinds (algorithm_problem checks it).
variants::HeadInputs algorithm_inputs(const Trace& t, int head);

/// Head `head` decoded one position at a time: n steps, step t over the cache K[0..t], V[0..t].
std::vector<variants::DecodeStep> kv_cache_head(const Trace& t, int head);

/// Head `head` by tiles of block_q × block_k, with its output (m, d_v) and log-sum-exp per query.
variants::FlashResult flash_head(const Trace& t, int head, int block_q, int block_k);

/// The weights (m, n) recovered from a flash result's L: a_ij = e^(s_ij − L_i).
Matrix flash_weights(const Trace& t, int head, const variants::FlashResult& f);

/// The largest |difference| between an algorithm's numbers and the trace's over every head:
/// outputs (each head's (m, d_v)) and weights ((m, n): a decoding step's row t, flash's recovered
/// weights). Shown on screen as "the same numbers up to rounding".
struct AlgorithmDifference {
  double output = 0.0;
  double weights = 0.0;
};
AlgorithmDifference kv_cache_difference(const Trace& t);
AlgorithmDifference flash_difference(const Trace& t, int block_q, int block_k);

}  // namespace attn
