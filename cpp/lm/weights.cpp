#include "lm/weights.h"

#include <cmath>

#include "generator.h"

namespace attn::lm {

namespace {

std::string limit(const char* name, int v, int lo, int hi) {
  if (v >= lo && v <= hi) return "";
  return std::string(name) + " is " + std::to_string(v) + "; it must be between " +
         std::to_string(lo) + " and " + std::to_string(hi);
}

}  // namespace

std::string LmConfig::check() const {
  for (std::string e :
       {limit("dim", dim, 2, 16384), limit("hidden_dim", hidden_dim, 1, 65536),
        limit("n_layers", n_layers, 1, 256), limit("n_heads", n_heads, 1, dim),
        limit("n_kv_heads", n_kv_heads, 1, n_heads), limit("vocab_size", vocab_size, 1, 1 << 20),
        limit("seq_len", seq_len, 1, 1 << 16)}) {
    if (!e.empty()) return e;
  }
  if (dim % n_heads != 0) {
    return "dim is " + std::to_string(dim) + "; it must be a multiple of n_heads (" +
           std::to_string(n_heads) + ")";
  }
  if (head_size() % 2 != 0) {
    return "head size (dim / n_heads) is " + std::to_string(head_size()) +
           "; it must be even (RoPE rotates pairs)";
  }
  if (n_heads % n_kv_heads != 0) {
    return "n_heads is " + std::to_string(n_heads) + "; it must be a multiple of n_kv_heads (" +
           std::to_string(n_kv_heads) + ")";
  }
  return "";
}

std::vector<Matrix*> LmWeights::params() {
  std::vector<Matrix*> p{&embedding};
  for (Matrix LayerWeights::*m : {&LayerWeights::rms_att, &LayerWeights::wq, &LayerWeights::wk,
                                  &LayerWeights::wv, &LayerWeights::wo, &LayerWeights::rms_ffn,
                                  &LayerWeights::w1, &LayerWeights::w2, &LayerWeights::w3}) {
    for (LayerWeights& l : layers) p.push_back(&(l.*m));
  }
  p.push_back(&rms_final);
  if (!config.shared_classifier) p.push_back(&wcls);
  return p;
}

std::vector<const Matrix*> LmWeights::params() const {
  std::vector<const Matrix*> out;
  for (Matrix* m : const_cast<LmWeights*>(this)->params()) out.push_back(m);
  return out;
}

long LmWeights::parameter_count() const {
  long n = 0;
  for (const Matrix* m : params()) n += m->size();
  return n;
}

LmWeights zero_weights(const LmConfig& c) {
  LmWeights w;
  w.config = c;
  w.embedding = Matrix::Zero(c.vocab_size, c.dim);
  for (int l = 0; l < c.n_layers; ++l) {
    LayerWeights L;
    L.rms_att = Matrix::Zero(1, c.dim);
    L.wq = Matrix::Zero(c.dim, c.dim);
    L.wk = Matrix::Zero(c.kv_dim(), c.dim);
    L.wv = Matrix::Zero(c.kv_dim(), c.dim);
    L.wo = Matrix::Zero(c.dim, c.dim);
    L.rms_ffn = Matrix::Zero(1, c.dim);
    L.w1 = Matrix::Zero(c.hidden_dim, c.dim);
    L.w2 = Matrix::Zero(c.dim, c.hidden_dim);
    L.w3 = Matrix::Zero(c.hidden_dim, c.dim);
    w.layers.push_back(std::move(L));
  }
  w.rms_final = Matrix::Zero(1, c.dim);
  if (!c.shared_classifier) w.wcls = Matrix::Zero(c.vocab_size, c.dim);
  return w;
}

LmWeights init_weights(const LmConfig& c, std::uint64_t seed) {
  LmWeights w = zero_weights(c);
  SplitMix64 rng(seed);
  // N(0, sd) by Box-Muller from two uniform draws (no std:: distribution: same bits everywhere).
  auto fill = [&](Matrix& m, double sd) {
    for (Eigen::Index i = 0; i < m.size(); ++i) {
      const double u1 = 1.0 - rng.next_unit(), u2 = rng.next_unit();
      m.data()[i] = sd * std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * M_PI * u2);
    }
  };
  const double sd = 0.02, sd_out = 0.02 / std::sqrt(2.0 * c.n_layers);
  fill(w.embedding, sd);
  for (LayerWeights& L : w.layers) {
    L.rms_att.setOnes();
    L.rms_ffn.setOnes();
    fill(L.wq, sd), fill(L.wk, sd), fill(L.wv, sd), fill(L.wo, sd_out);
    fill(L.w1, sd), fill(L.w2, sd_out), fill(L.w3, sd);
  }
  w.rms_final.setOnes();
  if (!c.shared_classifier) fill(w.wcls, sd);
  return w;
}

}  // namespace attn::lm
