// Adam (Kingma & Ba 2015) with bias correction, over a model's parameter groups.
#pragma once

#include <vector>

#include "train/layers/param.h"

namespace attn::train {

class Adam {
 public:
  static constexpr double kBeta1 = 0.9;
  static constexpr double kBeta2 = 0.999;
  static constexpr double kEps = 1e-8;

  explicit Adam(double learning_rate) : learning_rate_(learning_rate) {}
  /// One update of every group from its grad: m = b1 m + (1-b1) g, v = b2 v + (1-b2) g^2,
  /// value -= lr * m_hat / (sqrt(v_hat) + eps). The groups must come in the same order (and
  /// shapes) at every call; the moment estimates are created on the first.
  void step(const std::vector<NamedParam>& params);
  int steps() const { return t_; }

 private:
  double learning_rate_;
  int t_ = 0;
  std::vector<Matrix> m_, v_;  ///< one per group, shaped like it
};

}  // namespace attn::train
