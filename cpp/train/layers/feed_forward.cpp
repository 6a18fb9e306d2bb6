// Feed-forward forward and backward (shapes in feed_forward.h).
#include "train/layers/feed_forward.h"

namespace attn::train {

void FeedForward::init(int d_model, int d_ff) {
  w1.resize(d_model, d_ff);
  b1.resize(1, d_ff);
  w2.resize(d_ff, d_model);
  b2.resize(1, d_model);
}

// x (rows, d_model) -> hidden (rows, d_ff) -> *out += (rows, d_model).
void FeedForward::forward(Matrix x, FeedForwardCache* cache, Matrix* out) const {
  cache->x = std::move(x);
  cache->hidden.noalias() = cache->x * w1.value;
  cache->hidden.rowwise() += b1.value.row(0);
  cache->hidden = cache->hidden.cwiseMax(0.0);
  out->noalias() += cache->hidden * w2.value;
  out->rowwise() += b2.value.row(0);
}

// dy (rows, d_model) -> dx (rows, d_model). The ReLU passes the gradient where hidden > 0
// (hidden > 0 exactly where the pre-activation was > 0).
const Matrix& FeedForward::backward(const Matrix& dy, const FeedForwardCache& cache) {
  w2.grad.noalias() += cache.hidden.transpose() * dy;
  b2.grad += dy.colwise().sum();
  d_hidden_.noalias() = dy * w2.value.transpose();                           // (rows, d_ff)
  d_hidden_ = (cache.hidden.array() > 0.0).select(d_hidden_, 0.0).matrix();  // through the ReLU
  w1.grad.noalias() += cache.x.transpose() * d_hidden_;
  b1.grad += d_hidden_.colwise().sum();
  dx_.noalias() = d_hidden_ * w1.value.transpose();
  return dx_;
}

void FeedForward::collect(const std::string& prefix, std::vector<NamedParam>* out) {
  out->push_back({prefix + ".w1", &w1});
  out->push_back({prefix + ".b1", &b1});
  out->push_back({prefix + ".w2", &w2});
  out->push_back({prefix + ".b2", &b2});
}

}  // namespace attn::train
