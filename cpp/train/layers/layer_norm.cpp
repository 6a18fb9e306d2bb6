// Layer norm forward and backward (shapes in layer_norm.h), one pass over each row.
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
  const double d = static_cast<double>(x.cols());
  cache->normalised.resize(x.rows(), x.cols());
  cache->inv_std.resize(x.rows());
  Matrix y(x.rows(), x.cols());
  for (Eigen::Index r = 0; r < x.rows(); ++r) {
    const double mean = x.row(r).sum() / d;
    auto xhat = cache->normalised.row(r);
    xhat = x.row(r).array() - mean;
    const double inv_std = 1.0 / std::sqrt(xhat.squaredNorm() / d + kEps);
    cache->inv_std(r) = inv_std;
    xhat *= inv_std;
    y.row(r) = xhat.cwiseProduct(gamma.value.row(0)) + beta.value.row(0);
  }
  return y;
}

// dy (rows, d) -> dx (rows, d). With g = dy * gamma (the gradient on x_hat), per row:
// dx = (g - mean(g) - x_hat * mean(g * x_hat)) / sigma.
const Matrix& LayerNorm::backward(const Matrix& dy, const LayerNormCache& cache) {
  const Matrix& xhat = cache.normalised;
  gamma.grad += dy.cwiseProduct(xhat).colwise().sum();
  beta.grad += dy.colwise().sum();
  const double d = static_cast<double>(dy.cols());
  dx_.resize(dy.rows(), dy.cols());
  for (Eigen::Index r = 0; r < dy.rows(); ++r) {
    auto g = dx_.row(r);
    g = dy.row(r).cwiseProduct(gamma.value.row(0));
    const double mean_g = g.sum() / d;
    const double mean_gx = g.dot(xhat.row(r)) / d;
    g = ((g.array() - mean_g) - xhat.row(r).array() * mean_gx) * cache.inv_std(r);
  }
  return dx_;
}

void LayerNorm::collect(const std::string& prefix, std::vector<NamedParam>* out) {
  out->push_back({prefix + ".gamma", &gamma});
  out->push_back({prefix + ".beta", &beta});
}

}  // namespace attn::train
