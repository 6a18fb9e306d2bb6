// Token-by-token decoding with a key/value cache (run.c's forward()), and generation.
// Each step computes one new position: its q, k, v (k and v appended to the cache, k rotated),
// each query head's weights over keys 0..pos through the same head_attention as the full pass.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "generator.h"
#include "lm/weights.h"
#include "matrix.h"

namespace attn::lm {

struct KvCache {
  std::vector<Matrix> k, v;  ///< per layer (pos, kv_dim): the rotated keys and the values so far
  int pos = 0;               ///< positions already in the cache
};

/// Logits (1, vocab) of the next token after feeding `token` at position cache->pos (which must
/// be below seq_len); appends to the cache.
Matrix decode_step(const LmWeights& w, int token, KvCache* cache);

struct Generation {
  std::vector<int> ids;  ///< the prompt then the generated tokens
  bool stopped_at_bos = false;
};

/// The next token from `logits` (1, vocab): greedy (argmax, the first on ties) when temperature
/// is 0, else sampled from softmax(logits / temperature) with one draw of `rng`.
int pick_token(const Matrix& logits, double temperature, SplitMix64* rng);

/// Feeds `prompt` (at least one id) then generates up to `steps` tokens, stopping at BOS or at
/// seq_len: greedy (argmax, the first on ties) when temperature is 0, else sampled from
/// softmax(logits / temperature) with a SplitMix64 seeded by `seed`.
Generation generate(const LmWeights& w, const std::vector<int>& prompt, int steps,
                    double temperature, std::uint64_t seed);

}  // namespace attn::lm
