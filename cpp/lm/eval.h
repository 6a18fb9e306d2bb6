// What the model measurably does (docs/tasks.md, "Task 3"):
//   * held-out cross-entropy in bits per byte: the stream BOS + held-out tokens cut into windows
//     of seq_len predictions (each window's first input is the previous window's last target),
//     every token predicted once; total bits / held-out bytes;
//   * previous-token score of each head: mean weight of query i on key i - 1 (i >= 1) over the
//     held-out windows;
//   * induction score of each head: on BOS + a random sequence of n tokens + the same sequence
//     again, the mean weight from each token of the second copy to the token after its earlier
//     occurrence; loss_first / loss_second: the model's mean loss (nats) on the first and second
//     copies (the first token of each copy excluded: it cannot be predicted from the copy).
#pragma once

#include <cstdint>
#include <vector>

#include "lm/weights.h"

namespace attn::lm {

/// One score per layer x head: scores[l][h].
using HeadScores = std::vector<std::vector<double>>;

struct HeldOut {
  double bits_per_byte = 0;
  HeadScores previous_token;
};

/// `stream` = BOS + held-out tokens; `bytes` = the held-out text's bytes.
HeldOut measure_held_out(const LmWeights& w, const std::vector<int>& stream, std::size_t bytes);

struct Induction {
  HeadScores score;
  double loss_first = 0, loss_second = 0;
  int length = 0, sequences = 0;
};

/// Over `sequences` random sequences of (seq_len - 1) / 2 tokens drawn uniformly from the
/// non-special, non-byte ids [259, vocab) (all ids above 2 for a vocabulary without merges).
Induction measure_induction(const LmWeights& w, int sequences, std::uint64_t seed);

}  // namespace attn::lm
