// Feed-forward forward and backward (shapes in feed_forward.h).
#include "train/layers/feed_forward.h"

namespace attn::train {

void FeedForward::init(int d_model, int d_ff) {
  w1.resize(d_model, d_ff);
  b1.resize(1, d_ff);
  w2.resize(d_ff, d_model);
  b2.resize(1, d_model);
}

// x (rows, d_model) -> hidden (rows, d_ff) -> (rows, d_model).
Matrix FeedForward::forward(const Matrix& x, FeedForwardCache* cache) const {
  cache->x = x;
  Matrix pre = x * w1.value;
  pre.rowwise() += b1.value.row(0);
  cache->hidden = pre.cwiseMax(0.0);
  Matrix y = cache->hidden * w2.value;
  y.rowwise() += b2.value.row(0);
  return y;
}

// dy (rows, d_model) -> dx (rows, d_model). The ReLU passes the gradient where hidden > 0
// (hidden > 0 exactly where the pre-activation was > 0).
Matrix FeedForward::backward(const Matrix& dy, const FeedForwardCache& cache) {
  w2.grad += cache.hidden.transpose() * dy;
  b2.grad += dy.colwise().sum();
  Matrix d_hidden = dy * w2.value.transpose();                             // (rows, d_ff)
  d_hidden = (cache.hidden.array() > 0.0).select(d_hidden, 0.0).matrix();  // through the ReLU
  w1.grad += cache.x.transpose() * d_hidden;
  b1.grad += d_hidden.colwise().sum();
  return d_hidden * w1.value.transpose();
}

void FeedForward::collect(const std::string& prefix, std::vector<NamedParam>* out) {
  out->push_back({prefix + ".w1", &w1});
  out->push_back({prefix + ".b1", &b1});
  out->push_back({prefix + ".w2", &w2});
  out->push_back({prefix + ".b2", &b2});
}

}  // namespace attn::train
