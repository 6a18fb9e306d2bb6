#include "lm/trainer.h"

#include <cmath>
#include <utility>

#include "generator.h"
#include "lm/model.h"

namespace attn::lm {

double learning_rate_at(const TrainOptions& o, int step) {
  if (step < o.warmup) return o.learning_rate * (step + 1) / o.warmup;
  const double done = static_cast<double>(step - o.warmup) / std::max(1, o.steps - o.warmup);
  return o.learning_rate * (0.1 + 0.9 * 0.5 * (1.0 + std::cos(M_PI * std::min(1.0, done))));
}

void AdamW::step(const TrainOptions& o, double lr, LmWeights* w, const LmWeights& g) {
  if (t == 0) m = zero_weights(w->config), v = zero_weights(w->config);
  ++t;
  const double c1 = 1.0 - std::pow(o.beta1, t), c2 = 1.0 - std::pow(o.beta2, t);
  std::vector<Matrix*> p = w->params(), pm = m.params(), pv = v.params();
  std::vector<const Matrix*> pg = g.params();
  for (std::size_t i = 0; i < p.size(); ++i) {
    Matrix& mi = *pm[i];
    Matrix& vi = *pv[i];
    const Matrix& gi = *pg[i];
    mi = o.beta1 * mi + (1 - o.beta1) * gi;
    vi = o.beta2 * vi + (1 - o.beta2) * gi.cwiseProduct(gi);
    // Decoupled weight decay on matrices only (a norm gain is one row).
    if (p[i]->rows() > 1) *p[i] *= 1.0 - lr * o.weight_decay;
    p[i]->array() -= lr * (mi.array() / c1) / ((vi.array() / c2).sqrt() + o.eps);
  }
}

namespace {

// T + 1 training tokens from a start drawn uniformly in [0, starts).
std::vector<int> window_at(const std::vector<int>& tokens, SplitMix64& rng, std::size_t starts,
                           int T) {
  const std::size_t s = static_cast<std::size_t>(rng.next_unit() * starts);
  return std::vector<int>(tokens.begin() + s, tokens.begin() + s + T + 1);
}

// seq_len + 1 tokens: BOS, then a random sequence of 8..(seq_len - 1) / 2 ids from [259, vocab)
// repeated until the window is full (what an induction head predicts).
std::vector<int> repeated_window(const LmConfig& c, SplitMix64* rng) {
  const int longest = (c.seq_len - 1) / 2, lo = c.vocab_size > 259 ? 259 : 3;
  const int n = 8 + static_cast<int>(rng->next_unit() * (longest - 7));
  std::vector<int> seq(n);
  for (int& id : seq) id = lo + static_cast<int>(rng->next_unit() * (c.vocab_size - lo));
  std::vector<int> window{1};
  while (static_cast<int>(window.size()) < c.seq_len + 1)
    window.push_back(seq[(window.size() - 1) % n]);
  return window;
}

}  // namespace

LmWeights train(const TrainOptions& o, const std::vector<int>& tokens, const Progress& progress) {
  LmWeights w = o.init ? *o.init : init_weights(o.config, o.seed);
  SplitMix64 repeats(SplitMix64(o.seed ^ 0x52455045415453ULL).next());  // "REPEATS"
  // The windows have their own stream ("WINDOWS" in ASCII mixed into the seed).
  SplitMix64 windows(SplitMix64(o.seed ^ 0x57494E444F5753ULL).next());
  AdamW adam;
  const int T = o.config.seq_len;
  const std::size_t starts = tokens.size() - static_cast<std::size_t>(T) - 1;
  for (int step = 0; step < o.steps; ++step) {
    LmWeights grads = zero_weights(o.config);
    double loss = 0.0;
    for (int b = 0; b < o.batch; ++b) {
      // The last repeat_fraction of the batch: a repeated random sequence (never drawn at 0).
      const bool repeated = b >= o.batch - static_cast<int>(o.repeat_fraction * o.batch + 0.5);
      const std::vector<int> window =
          repeated ? repeated_window(o.config, &repeats) : window_at(tokens, windows, starts, T);
      const std::vector<int> in(window.begin(), window.end() - 1);
      const std::vector<int> target(window.begin() + 1, window.end());
      ForwardCache fc;
      Matrix dlogits;
      loss += cross_entropy(forward(w, in, &fc), target, 1.0 / (o.batch * T), &dlogits);
      backward(w, fc, dlogits, &grads);
    }
    // Clip the global gradient norm: an early spike cannot throw the weights far.
    double norm2 = 0.0;
    for (const Matrix* g : std::as_const(grads).params()) norm2 += g->squaredNorm();
    const double norm = std::sqrt(norm2);
    if (norm > o.clip) {
      for (Matrix* g : grads.params()) *g *= o.clip / norm;
    }
    adam.step(o, learning_rate_at(o, step), &w, grads);
    if (progress) progress(step, loss / o.batch);
  }
  return w;
}

}  // namespace attn::lm
