// Token embeddings plus the sinusoidal positional encoding (attn::positional_encoding), and the
// output projection with the softmax cross-entropy loss.
#pragma once

#include <string>
#include <vector>

#include "train/layers/param.h"

namespace attn::train {

/// Sequences of token ids, one vector per sentence (stacked in order by Segments::of_lengths).
using TokenIds = std::vector<std::vector<int>>;

struct Embedding {
  /// Positions the precomputed encoding covers; longer sentences are rejected before this.
  static constexpr int kMaxPositions = 64;
  Param table;        ///< (vocab, d_model), row t is token t's embedding
  Matrix positional;  ///< (kMaxPositions, d_model), not trained

  void init(int vocab, int d_model);
  /// ids (one vector per sentence) -> (total tokens, d_model): row = table[id] + PE[position in
  /// its own sentence].
  Matrix forward(const TokenIds& ids) const;
  /// dx (total tokens, d_model): adds row r of dx to table.grad's row of that token.
  void backward(const Matrix& dx, const TokenIds& ids);
  void collect(const std::string& prefix, std::vector<NamedParam>* out);
};

/// The output projection: logits = x W + b.
struct OutputLayer {
  Param w;  ///< (d_model, vocab)
  Param b;  ///< (1, vocab)

  void init(int d_model, int vocab);
  /// x (rows, d_model) -> logits (rows, vocab).
  Matrix forward(const Matrix& x) const;
  /// d_logits (rows, vocab), x the forward input -> dx (rows, d_model); adds to w.grad, b.grad.
  Matrix backward(const Matrix& d_logits, const Matrix& x);
  void collect(const std::string& prefix, std::vector<NamedParam>* out);
};

/// Mean softmax cross-entropy of logits (rows, vocab) against targets (one id per row, -1 = row
/// not scored). Writes d(loss)/d(logits) (rows, vocab) when `d_logits` is given. 0 if no row
/// is scored.
double softmax_cross_entropy(const Matrix& logits, const std::vector<int>& targets,
                             Matrix* d_logits);

}  // namespace attn::train
