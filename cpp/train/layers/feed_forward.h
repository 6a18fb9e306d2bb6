// The position-wise feed-forward network: relu(x W1 + b1) W2 + b2.
#pragma once

#include <string>
#include <vector>

#include "train/layers/param.h"

namespace attn::train {

struct FeedForwardCache {
  Matrix x;       ///< (rows, d_model) the input
  Matrix hidden;  ///< (rows, d_ff) after the ReLU (zero where the pre-activation was <= 0)
};

struct FeedForward {
  Param w1;  ///< (d_model, d_ff)
  Param b1;  ///< (1, d_ff)
  Param w2;  ///< (d_ff, d_model)
  Param b2;  ///< (1, d_model)

  void init(int d_model, int d_ff);
  /// x (rows, d_model), moved into the cache; adds the output (rows, d_model) to *out.
  void forward(Matrix x, FeedForwardCache* cache, Matrix* out) const;
  /// dy (rows, d_model) -> dx (rows, d_model), kept until the next call; adds to the four
  /// gradients.
  const Matrix& backward(const Matrix& dy, const FeedForwardCache& cache);
  void collect(const std::string& prefix, std::vector<NamedParam>* out);

 private:
  Matrix d_hidden_, dx_;  ///< backward's scratch and result, reused between steps
};

}  // namespace attn::train
