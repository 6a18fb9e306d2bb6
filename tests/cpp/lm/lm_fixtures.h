// A tiny model for the tests: 2 layers, 4 query heads over 2 K/V heads, head size 4.
#pragma once

#include "lm/weights.h"

inline attn::lm::LmConfig tiny_config(bool shared = true) {
  attn::lm::LmConfig c;
  c.dim = 16, c.hidden_dim = 12, c.n_layers = 2, c.n_heads = 4, c.n_kv_heads = 2;
  c.vocab_size = 11, c.seq_len = 9, c.shared_classifier = shared;
  return c;
}

// Seeded weights with norm gains away from 1 (so their gradients are not special).
inline attn::lm::LmWeights tiny_weights(bool shared, std::uint64_t seed = 3) {
  attn::lm::LmWeights w = attn::lm::init_weights(tiny_config(shared), seed);
  attn::lm::LmWeights noise = attn::lm::init_weights(tiny_config(shared), seed + 1);
  std::vector<attn::Matrix*> p = w.params(), q = noise.params();
  // Weights 5x larger than training starts from (attention far from uniform, not saturated);
  // gains 1 + noise.
  for (std::size_t i = 0; i < p.size(); ++i) {
    const bool gain = p[i]->rows() == 1;
    *p[i] = gain ? (*p[i] + q[i]->cwiseAbs() * 10.0).eval() : (*p[i] * 5.0 + *q[i] * 3.0).eval();
  }
  return w;
}
