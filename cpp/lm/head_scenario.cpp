#include "lm/head_scenario.h"

#include "lm/json.h"

namespace attn::lm {

std::string head_scenario(const LmWeights& w, const ForwardCache& fc, int layer, int head,
                          const std::vector<std::string>& tokens) {
  const LmConfig& c = w.config;
  const int hs = c.head_size(), g = head / c.group();
  const LayerCache& lc = fc.layers[layer];
  const Eigen::Index T = lc.q.rows();
  Matrix x(T, 3 * hs);
  x << lc.q.middleCols(head * hs, hs), lc.k.middleCols(g * hs, hs), lc.v.middleCols(g * hs, hs);
  // W (3 hs, hs) picking block b of X's columns.
  auto pick = [&](int b) {
    Matrix m = Matrix::Zero(3 * hs, hs);
    m.middleRows(b * hs, hs).setIdentity();
    return m;
  };
  std::vector<std::string> short_tokens;
  for (const std::string& t : tokens) short_tokens.push_back(t.substr(0, 40));
  return "{\"title\":" +
         json::string("lm layer " + std::to_string(layer) + " head " + std::to_string(head) +
                      " (K/V head " + std::to_string(g) + ")") +
         ",\"source\":" +
         json::string("X rows: [RoPE(q) | RoPE(k) | v] of that head; W_Q, W_K, W_V pick them") +
         ",\"query_tokens\":" + json::strings(short_tokens) +
         ",\"d_model\":" + std::to_string(3 * hs) + ",\"heads\":1,\"d_k\":" + std::to_string(hs) +
         ",\"d_v\":" + std::to_string(hs) +
         ",\"mask\":\"causal\",\"w_o\":null,\"x_q\":" + json::matrix(x) +
         ",\"w_q\":" + json::matrix(pick(0)) + ",\"w_k\":" + json::matrix(pick(1)) +
         ",\"w_v\":" + json::matrix(pick(2)) + "}";
}

}  // namespace attn::lm
