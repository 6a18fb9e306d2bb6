#include "lm/eval.h"

#include <cmath>

#include "generator.h"
#include "lm/model.h"

namespace attn::lm {

namespace {

HeadScores zeros(const LmConfig& c) {
  return HeadScores(c.n_layers, std::vector<double>(c.n_heads, 0.0));
}

}  // namespace

HeldOut measure_held_out(const LmWeights& w, const std::vector<int>& stream, std::size_t bytes) {
  const LmConfig& c = w.config;
  HeldOut out;
  out.previous_token = zeros(c);
  double nats = 0.0, queries = 0.0;
  for (std::size_t s = 0; s + 1 < stream.size(); s += c.seq_len) {
    const std::size_t T = std::min<std::size_t>(c.seq_len, stream.size() - 1 - s);
    const std::vector<int> in(stream.begin() + s, stream.begin() + s + T);
    const std::vector<int> target(stream.begin() + s + 1, stream.begin() + s + T + 1);
    ForwardCache fc;
    nats += cross_entropy(forward(w, in, &fc), target, 1.0, nullptr) * T;
    for (int l = 0; l < c.n_layers; ++l) {
      for (int h = 0; h < c.n_heads; ++h) {
        const Matrix& a = fc.layers[l].att[h];
        for (std::size_t i = 1; i < T; ++i) out.previous_token[l][h] += a(i, i - 1);
      }
    }
    queries += static_cast<double>(T - 1);
  }
  for (auto& layer : out.previous_token) {
    for (double& s : layer) s /= queries;
  }
  out.bits_per_byte = nats / std::log(2.0) / static_cast<double>(bytes);
  return out;
}

Induction measure_induction(const LmWeights& w, int sequences, std::uint64_t seed) {
  const LmConfig& c = w.config;
  Induction out;
  out.score = zeros(c);
  out.length = (c.seq_len - 1) / 2;
  out.sequences = sequences;
  const int n = out.length, lo = c.vocab_size > 259 ? 259 : 3;
  SplitMix64 rng(seed);
  for (int r = 0; r < sequences; ++r) {
    std::vector<int> seq{1};  // BOS, then the random tokens twice
    for (int i = 0; i < n; ++i) {
      seq.push_back(lo + static_cast<int>(rng.next_unit() * (c.vocab_size - lo)));
    }
    for (int i = 0; i < n; ++i) seq.push_back(seq[1 + i]);
    ForwardCache fc;
    const std::vector<int> in(seq.begin(), seq.end() - 1), target(seq.begin() + 1, seq.end());
    const Matrix logits = forward(w, in, &fc);
    // Position p predicts seq[p + 1]: the first copy's tokens 2..n from positions 1..n-1, the
    // second copy's tokens 2..n (seq[n+2..2n]) from positions n+1..2n-1.
    for (int p = 1; p < n; ++p) {
      out.loss_first += cross_entropy(logits.middleRows(p, 1), {target[p]}, 1.0, nullptr);
      out.loss_second += cross_entropy(logits.middleRows(n + p, 1), {target[n + p]}, 1.0, nullptr);
    }
    // Query at position n + j (token seq[n+j] = seq[j], j = 1..n) looks at key j + 1, the token
    // after the earlier occurrence.
    for (int l = 0; l < c.n_layers; ++l) {
      for (int h = 0; h < c.n_heads; ++h) {
        for (int j = 1; j <= n - 1; ++j) out.score[l][h] += fc.layers[l].att[h](n + j, j + 1);
      }
    }
  }
  for (auto& layer : out.score) {
    for (double& s : layer) s /= static_cast<double>(sequences) * (n - 1);
  }
  out.loss_first /= static_cast<double>(sequences) * (n - 1);
  out.loss_second /= static_cast<double>(sequences) * (n - 1);
  return out;
}

}  // namespace attn::lm
