// Layer norm forward and backward (shapes in layer_norm.h).
#include "train/layers/layer_norm.h"

#include <cmath>

namespace attn::train {

void LayerNorm::init(int d) {
  gamma.resize(1, d);
  gamma.value.setOnes();
  beta.resize(1, d);
}

// x (rows, d) -> (rows, d). Mean and variance are taken over each row's d columns.
Matrix LayerNorm::forward(const Matrix& x, LayerNormCache* cache) const {
  const Eigen::Index d = x.cols();
  const Eigen::VectorXd mean = x.rowwise().sum() / static_cast<double>(d);
  Matrix centred = x.colwise() - mean;
  const Eigen::VectorXd var = centred.array().square().rowwise().sum() / static_cast<double>(d);
  cache->inv_std = (var.array() + kEps).sqrt().inverse().matrix();
  cache->normalised = centred.array().colwise() * cache->inv_std.array();
  Matrix y = cache->normalised.array().rowwise() * gamma.value.row(0).array();
  y.rowwise() += beta.value.row(0);
  return y;
}

// dy (rows, d) -> dx (rows, d). With g = dy * gamma (the gradient on x_hat), per row:
// dx = (g - mean(g) - x_hat * mean(g * x_hat)) / sigma.
Matrix LayerNorm::backward(const Matrix& dy, const LayerNormCache& cache) {
  const Matrix& xhat = cache.normalised;
  gamma.grad += dy.cwiseProduct(xhat).colwise().sum();
  beta.grad += dy.colwise().sum();
  const double d = static_cast<double>(dy.cols());
  const Matrix g = dy.array().rowwise() * gamma.value.row(0).array();
  const Eigen::VectorXd mean_g = g.rowwise().sum() / d;
  const Eigen::VectorXd mean_gx = g.cwiseProduct(xhat).rowwise().sum() / d;
  Matrix dx = g.colwise() - mean_g;
  dx -= (xhat.array().colwise() * mean_gx.array()).matrix();
  return dx.array().colwise() * cache.inv_std.array();
}

void LayerNorm::collect(const std::string& prefix, std::vector<NamedParam>* out) {
  out->push_back({prefix + ".gamma", &gamma});
  out->push_back({prefix + ".beta", &beta});
}

}  // namespace attn::train
