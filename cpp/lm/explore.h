// What the page's Model view asks of a model, beside the CLI's (decode.h, eval.h):
//   * TokenStream: generate() one token at a time, so the page can show each as it comes; for a
//     prompt, temperature and seed it gives generate()'s very tokens;
//   * top_tokens: the k most likely next tokens of a logits row, with their probabilities;
//   * induction_demo: one random sequence repeated, each position's loss and every head's
//     induction score on it (eval.h's definitions, for one sequence).
#pragma once

#include <cstdint>
#include <vector>

#include "generator.h"
#include "lm/decode.h"
#include "lm/eval.h"
#include "lm/tokenizer.h"
#include "lm/weights.h"
#include "matrix.h"

namespace attn::lm {

class TokenStream {
 public:
  /// Feeds `prompt` (1..seq_len ids, each in [0, vocab)) through the KV cache.
  TokenStream(const LmWeights& w, const std::vector<int>& prompt, std::uint64_t seed);
  /// The next token as generate() picks it; fed to the cache unless it is BOS (the stream then
  /// ends). -1 once the context is full.
  int next(double temperature);
  /// (1, vocab) the logits the next token is picked from.
  const Matrix& logits() const { return logits_; }
  bool ended() const { return ended_ || cache_.pos >= w_.config.seq_len; }

 private:
  const LmWeights& w_;
  KvCache cache_;
  SplitMix64 rng_;
  Matrix logits_;
  bool ended_ = false;
};

struct TopTokens {
  std::vector<int> ids;       ///< most likely first (ties: the smaller id)
  std::vector<double> probs;  ///< softmax(logits) of each
};
/// The k most likely tokens of `logits` (1, vocab) at temperature 1.
TopTokens top_tokens(const Matrix& logits, int k);

struct InductionDemo {
  std::vector<int> ids;      ///< (2 n + 1) BOS, n random ids, the same n again
  int length = 0;            ///< n = (seq_len - 1) / 2
  std::vector<double> loss;  ///< (2 n) loss in nats of predicting ids[p + 1] from position p
  HeadScores score;          ///< [layer][head] mean weight from copy 2 to the next token's key
  int layer = 0, head = 0;   ///< the head with the highest score
  Matrix weights;            ///< (2 n, 2 n) that head's weights over the input ids[0..2n-1]
  double loss_first = 0, loss_second = 0;  ///< mean loss on copy 1 and copy 2 (as eval.h)
};
/// The demo on the sequence drawn from `seed` (measure_induction's first sequence for that seed);
/// seq_len must be at least 5 (two tokens a copy).
InductionDemo induction_demo(const LmWeights& w, std::uint64_t seed);

}  // namespace attn::lm
