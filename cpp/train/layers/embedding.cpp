// Embedding, output projection and loss (shapes in embedding.h).
#include "train/layers/embedding.h"

#include <cmath>

#include "generator.h"

namespace attn::train {

void Embedding::init(int vocab, int d_model) {
  table.resize(vocab, d_model);
  positional = positional_encoding(kMaxPositions, d_model);
}

// ids: sentence s has ids[s].size() tokens -> (sum of sizes, d_model).
Matrix Embedding::forward(const TokenIds& ids) const {
  Eigen::Index rows = 0;
  for (const auto& sentence : ids) rows += static_cast<Eigen::Index>(sentence.size());
  Matrix x(rows, table.value.cols());
  Eigen::Index r = 0;
  for (const auto& sentence : ids) {
    for (std::size_t p = 0; p < sentence.size(); ++p, ++r) {
      x.row(r) = table.value.row(sentence[p]) + positional.row(static_cast<Eigen::Index>(p));
    }
  }
  return x;
}

// dx (total tokens, d_model), rows in the order of forward().
void Embedding::backward(const Matrix& dx, const TokenIds& ids) {
  Eigen::Index r = 0;
  for (const auto& sentence : ids) {
    for (int id : sentence) table.grad.row(id) += dx.row(r++);
  }
}

void Embedding::collect(const std::string& prefix, std::vector<NamedParam>* out) {
  out->push_back({prefix + ".table", &table});
}

void OutputLayer::init(int d_model, int vocab) {
  w.resize(d_model, vocab);
  b.resize(1, vocab);
}

// x (rows, d_model) -> (rows, vocab).
Matrix OutputLayer::forward(const Matrix& x) const {
  Matrix logits = x * w.value;
  logits.rowwise() += b.value.row(0);
  return logits;
}

// d_logits (rows, vocab), x (rows, d_model) -> (rows, d_model).
Matrix OutputLayer::backward(const Matrix& d_logits, const Matrix& x) {
  w.grad += x.transpose() * d_logits;
  b.grad += d_logits.colwise().sum();
  return d_logits * w.value.transpose();
}

void OutputLayer::collect(const std::string& prefix, std::vector<NamedParam>* out) {
  out->push_back({prefix + ".w", &w});
  out->push_back({prefix + ".b", &b});
}

// logits (rows, vocab). For a scored row with target t: loss_r = logsumexp(row) - row[t], and
// d loss_r / d row = softmax(row) - onehot(t). The loss is the mean over scored rows.
double softmax_cross_entropy(const Matrix& logits, const std::vector<int>& targets,
                             Matrix* d_logits) {
  int scored = 0;
  for (int t : targets) scored += t >= 0 ? 1 : 0;
  if (d_logits) *d_logits = Matrix::Zero(logits.rows(), logits.cols());
  if (scored == 0) return 0.0;
  double total = 0.0;
  for (Eigen::Index r = 0; r < logits.rows(); ++r) {
    const int t = targets[static_cast<std::size_t>(r)];
    if (t < 0) continue;
    const double row_max = logits.row(r).maxCoeff();
    const RowVector e = (logits.row(r).array() - row_max).exp().matrix();
    const double sum = e.sum();
    total += std::log(sum) + row_max - logits(r, t);
    if (d_logits) {
      d_logits->row(r) = e / (sum * scored);
      (*d_logits)(r, t) -= 1.0 / scored;
    }
  }
  return total / scored;
}

}  // namespace attn::train
