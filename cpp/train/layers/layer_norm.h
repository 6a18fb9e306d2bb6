// Layer normalisation over the columns of each row (pre-layer-norm Transformer).
#pragma once

#include <string>
#include <vector>

#include "train/layers/param.h"

namespace attn::train {

/// What backward needs from forward: the normalised rows and each row's 1/sigma.
struct LayerNormCache {
  Matrix normalised;        ///< (rows, d) x_hat = (x - mean) / sigma
  Eigen::VectorXd inv_std;  ///< (rows) 1 / sqrt(var + eps), var the biased row variance
};

struct LayerNorm {
  static constexpr double kEps = 1e-5;
  Param gamma;  ///< (1, d), initialised to 1
  Param beta;   ///< (1, d), initialised to 0

  void init(int d);
  /// x (rows, d) -> (rows, d): gamma * (x - mean) / sigma + beta, row by row.
  Matrix forward(const Matrix& x, LayerNormCache* cache) const;
  /// dy (rows, d) -> dx (rows, d), kept until the next call; adds to gamma.grad and beta.grad.
  const Matrix& backward(const Matrix& dy, const LayerNormCache& cache);
  void collect(const std::string& prefix, std::vector<NamedParam>* out);

 private:
  Matrix dx_;  ///< backward's result, reused between steps
};

}  // namespace attn::train
