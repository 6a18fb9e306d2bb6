// Native training of the decoder on a token stream: AdamW, deterministic from a seed (SplitMix64
// for the weights and the windows; one thread), the gradient of the mean cross-entropy over a
// batch of random windows of seq_len + 1 tokens.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "lm/weights.h"

namespace attn::lm {

struct TrainOptions {
  LmConfig config;
  std::uint64_t seed = 1;
  int steps = 3000;
  int batch = 16;
  double learning_rate = 3e-3;  ///< peak, after a linear warm-up, then cosine down to 10 %
  int warmup = 100;
  double weight_decay = 0.1;  ///< on the matrices, not on the norm gains
  double beta1 = 0.9, beta2 = 0.95, eps = 1e-8;
  double clip = 1.0;  ///< global gradient norm clip
  /// Share of each batch made of a repeated random sequence (BOS, then 8..(seq_len - 1) / 2
  /// random ids from [259, vocab) repeated to fill the window), to grow induction heads.
  double repeat_fraction = 0.0;
  const LmWeights* init = nullptr;  ///< start from these weights (config must match) if set
};

/// The step's learning rate: linear warm-up over `warmup` steps, then cosine to 10 % at `steps`.
double learning_rate_at(const TrainOptions& o, int step);

/// Progress after each step: (step, loss of its batch in nats per token).
using Progress = std::function<void(int, double)>;

/// Trains from init_weights(config, seed) on windows of `tokens`; returns the weights.
LmWeights train(const TrainOptions& o, const std::vector<int>& tokens, const Progress& progress);

/// One AdamW update of every parameter (state m, v shaped as the weights; t counts from 1).
struct AdamW {
  LmWeights m, v;
  int t = 0;
  void step(const TrainOptions& o, double lr, LmWeights* w, const LmWeights& g);
};

}  // namespace attn::lm
