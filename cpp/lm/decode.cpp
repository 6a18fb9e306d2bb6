#include "lm/decode.h"

#include <cmath>

#include "generator.h"
#include "lm/model.h"

namespace attn::lm {

Matrix decode_step(const LmWeights& w, int token, KvCache* cache) {
  const LmConfig& c = w.config;
  const int hs = c.head_size(), pos = cache->pos;
  if (cache->k.empty())
    cache->k.assign(c.n_layers, Matrix()), cache->v.assign(c.n_layers, Matrix());
  Matrix x = w.embedding.row(token);  // (1, dim)
  Eigen::VectorXd r;
  for (int l = 0; l < c.n_layers; ++l) {
    const LayerWeights& L = w.layers[l];
    const Matrix xn = rmsnorm(x, L.rms_att, &r);
    Matrix q = xn * L.wq.transpose(), k = xn * L.wk.transpose();
    apply_rope(&q, hs, pos);
    apply_rope(&k, hs, pos);
    Matrix& K = cache->k[l];
    Matrix& V = cache->v[l];
    K.conservativeResize(pos + 1, c.kv_dim());
    V.conservativeResize(pos + 1, c.kv_dim());
    K.row(pos) = k;
    V.row(pos) = xn * L.wv.transpose();
    Matrix concat(1, c.dim), weights;
    for (int h = 0; h < c.n_heads; ++h) {
      const int g = h / c.group();
      concat.middleCols(h * hs, hs) = head_attention(
          q.middleCols(h * hs, hs), K.middleCols(g * hs, hs), V.middleCols(g * hs, hs), &weights);
    }
    x += concat * L.wo.transpose();
    const Matrix hn = rmsnorm(x, L.rms_ffn, &r);
    const Matrix a1 = hn * L.w1.transpose(), a3 = hn * L.w3.transpose();
    x += (a1.array() / (1.0 + (-a1.array()).exp()) * a3.array()).matrix() * L.w2.transpose();
  }
  cache->pos = pos + 1;
  return rmsnorm(x, w.rms_final, &r) * w.classifier().transpose();
}

int pick_token(const Matrix& logits, double temperature, SplitMix64* rng) {
  Eigen::Index best = 0;
  if (temperature <= 0.0) {
    logits.row(0).maxCoeff(&best);  // Eigen keeps the first maximum
    return static_cast<int>(best);
  }
  const Eigen::RowVectorXd p =
      ((logits.row(0).array() - logits.maxCoeff()) / temperature).exp().matrix();
  double u = rng->next_unit() * p.sum();
  for (Eigen::Index i = 0; i < p.size(); ++i) {
    u -= p(i);
    if (u < 0) return static_cast<int>(i);
  }
  return static_cast<int>(p.size() - 1);  // rounding left u just above 0
}

Generation generate(const LmWeights& w, const std::vector<int>& prompt, int steps,
                    double temperature, std::uint64_t seed) {
  Generation g;
  g.ids = prompt;
  KvCache cache;
  SplitMix64 rng(seed);
  Matrix logits;
  for (int id : prompt) logits = decode_step(w, id, &cache);
  for (int s = 0; s < steps && cache.pos < w.config.seq_len; ++s) {
    const int next = pick_token(logits, temperature, &rng);
    if (next == 1) {
      g.stopped_at_bos = true;
      break;
    }
    g.ids.push_back(next);
    if (s + 1 < steps && cache.pos < w.config.seq_len) logits = decode_step(w, next, &cache);
  }
  return g;
}

}  // namespace attn::lm
