// Adam update (see adam.h).
#include "train/adam.h"

#include <cmath>

namespace attn::train {

void Adam::step(const std::vector<NamedParam>& params) {
  if (m_.empty()) {
    for (const NamedParam& p : params) {
      m_.push_back(Matrix::Zero(p.param->value.rows(), p.param->value.cols()));
      v_.push_back(Matrix::Zero(p.param->value.rows(), p.param->value.cols()));
    }
  }
  ++t_;
  const double c1 = 1.0 - std::pow(kBeta1, t_);
  const double c2 = 1.0 - std::pow(kBeta2, t_);
  for (std::size_t i = 0; i < params.size(); ++i) {
    const Matrix& g = params[i].param->grad;
    m_[i] = kBeta1 * m_[i] + (1.0 - kBeta1) * g;
    v_[i] = kBeta2 * v_[i] + (1.0 - kBeta2) * g.cwiseProduct(g);
    params[i].param->value.array() -=
        learning_rate_ * (m_[i].array() / c1) / ((v_[i].array() / c2).sqrt() + kEps);
  }
}

}  // namespace attn::train
