#include "lm/explore.h"

#include <algorithm>
#include <numeric>

#include "lm/model.h"

namespace attn::lm {

TokenStream::TokenStream(const LmWeights& w, const std::vector<int>& prompt, std::uint64_t seed)
    : w_(w), rng_(seed) {
  for (int id : prompt) logits_ = decode_step(w, id, &cache_);
}

int TokenStream::next(double temperature) {
  if (ended()) return -1;
  const int id = pick_token(logits_, temperature, &rng_);
  // generate() stops at BOS without feeding it; any other token goes to the cache.
  if (id == kBos) {
    ended_ = true;
  } else {
    logits_ = decode_step(w_, id, &cache_);
  }
  return id;
}

TopTokens top_tokens(const Matrix& logits, int k) {
  const Eigen::Index n = logits.cols();
  // softmax with the maximum subtracted, for stability
  const Eigen::RowVectorXd e = (logits.row(0).array() - logits.maxCoeff()).exp().matrix();
  const double sum = e.sum();
  std::vector<int> order(static_cast<std::size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  const auto top = order.begin() + std::min<Eigen::Index>(k, n);
  std::partial_sort(order.begin(), top, order.end(),
                    [&](int a, int b) { return e(a) > e(b) || (e(a) == e(b) && a < b); });
  TopTokens out;
  for (auto it = order.begin(); it != top; ++it) {
    out.ids.push_back(*it);
    out.probs.push_back(e(*it) / sum);
  }
  return out;
}

InductionDemo induction_demo(const LmWeights& w, std::uint64_t seed) {
  const LmConfig& c = w.config;
  InductionDemo d;
  d.length = (c.seq_len - 1) / 2;
  const int n = d.length, lo = c.vocab_size > 259 ? 259 : 3;
  // The same draws as measure_induction's first sequence.
  SplitMix64 rng(seed);
  d.ids.push_back(kBos);
  for (int i = 0; i < n; ++i) {
    d.ids.push_back(lo + static_cast<int>(rng.next_unit() * (c.vocab_size - lo)));
  }
  for (int i = 0; i < n; ++i) d.ids.push_back(d.ids[1 + i]);
  const std::vector<int> in(d.ids.begin(), d.ids.end() - 1);
  ForwardCache fc;
  const Matrix logits = forward(w, in, &fc);
  for (int p = 0; p < 2 * n; ++p) {
    d.loss.push_back(cross_entropy(logits.middleRows(p, 1), {d.ids[p + 1]}, 1.0, nullptr));
  }
  // As eval.h: positions 1..n-1 of copy 1, n+1..2n-1 of copy 2.
  for (int p = 1; p < n; ++p) d.loss_first += d.loss[p] / (n - 1);
  for (int p = 1; p < n; ++p) d.loss_second += d.loss[n + p] / (n - 1);
  d.score.assign(c.n_layers, std::vector<double>(c.n_heads, 0.0));
  double best = -1;
  for (int l = 0; l < c.n_layers; ++l) {
    for (int h = 0; h < c.n_heads; ++h) {
      // query n + j (token ids[j]) on key j + 1, the token after its earlier occurrence
      for (int j = 1; j <= n - 1; ++j) d.score[l][h] += fc.layers[l].att[h](n + j, j + 1) / (n - 1);
      if (d.score[l][h] > best) best = d.score[l][h], d.layer = l, d.head = h;
    }
  }
  d.weights = fc.layers[d.layer].att[d.head];
  return d;
}

}  // namespace attn::lm
