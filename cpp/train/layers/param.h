// A trainable matrix and its gradient, and the row ranges of the sentences stacked in a batch.
//
// Every layer keeps its parameters as Param members; Model::parameters() lists them in a fixed
// order with their names, and that order fixes initialisation, Adam's state and the model file.
#pragma once

#include <string>
#include <vector>

#include "matrix.h"

namespace attn::train {

/// One parameter group: value and gradient have the same shape (a bias is (1, width)).
struct Param {
  Matrix value;
  Matrix grad;

  void resize(int rows, int cols) {
    value = Matrix::Zero(rows, cols);
    grad = Matrix::Zero(rows, cols);
  }
  void zero_grad() { grad.setZero(); }
};

/// A parameter with its dotted name, e.g. "decoder.0.cross_attention.w_q".
struct NamedParam {
  std::string name;
  Param* param;
};

/// Where each sentence of a batch lives in a stacked matrix: sentence s owns rows
/// [start[s], start[s] + length[s]). Position-wise layers (projections, layer norm, feed-forward)
/// run once on the whole stack; attention runs per sentence on its own rows, so no padding.
struct Segments {
  std::vector<int> start;
  std::vector<int> length;
  int rows = 0;  ///< sum of the lengths

  /// Segments of sequences with these lengths, in order.
  static Segments of_lengths(const std::vector<int>& lengths) {
    Segments s;
    for (int len : lengths) {
      s.start.push_back(s.rows);
      s.length.push_back(len);
      s.rows += len;
    }
    return s;
  }
  int count() const { return static_cast<int>(start.size()); }
};

}  // namespace attn::train
