#include "lm/head_scenario.h"

#include <algorithm>

#include "lm/json.h"

namespace attn::lm {

namespace {

/// The first 40 bytes of a token (the scenario's limit), not splitting a UTF-8 character.
std::string short_token(const std::string& t) {
  std::size_t end = std::min<std::size_t>(t.size(), 40);
  while (end > 0 && end < t.size() && (static_cast<unsigned char>(t[end]) & 0xC0) == 0x80) --end;
  return t.substr(0, end);
}

}  // namespace

std::string head_scenario(const LmWeights& w, const ForwardCache& fc, int layer, int head,
                          const std::vector<std::string>& tokens) {
  const LmConfig& c = w.config;
  const int hs = c.head_size(), g = head / c.group();
  const LayerWeights& L = w.layers[layer];
  std::vector<std::string> short_tokens;
  for (const std::string& t : tokens) short_tokens.push_back(short_token(t));
  const std::string hs_text = std::to_string(hs);
  // The checkpoint stores each projection (out, in); the scenario multiplies X (T, in) by W (in,
  // out), so every W is the checkpoint's tensor transposed.
  return "{\"title\":" +
         // The whole layer: the title names the head picked, all numbered from 0 as in the CLI.
         json::string("lm layer " + std::to_string(layer) +
                      " (numbered from 0): " + std::to_string(c.n_heads) + " query heads over " +
                      std::to_string(c.n_kv_heads) + " K/V heads; head " + std::to_string(head) +
                      " picked, which reads K/V head " + std::to_string(g)) +
         ",\"source\":" +
         json::string("X: the layer's RMS-normalised input; W_Q, W_K, W_V, W_O: its wq, wk, " +
                      std::string("wv, wo transposed; RoPE as llama2.c")) +
         ",\"query_tokens\":" + json::strings(short_tokens) +
         ",\"d_model\":" + std::to_string(c.dim) + ",\"heads\":" + std::to_string(c.n_heads) +
         ",\"kv_heads\":" + std::to_string(c.n_kv_heads) + ",\"d_k\":" + hs_text +
         ",\"d_v\":" + hs_text +
         ",\"rope\":{\"theta\":10000,\"style\":\"interleaved\",\"dims\":" + hs_text +
         "},\"positional_encoding\":false,\"mask\":\"causal\",\"x_q\":" +
         json::matrix(fc.layers[layer].xn) + ",\"w_q\":" + json::matrix(L.wq.transpose()) +
         ",\"w_k\":" + json::matrix(L.wk.transpose()) +
         ",\"w_v\":" + json::matrix(L.wv.transpose()) +
         ",\"w_o\":" + json::matrix(L.wo.transpose()) + "}";
}

}  // namespace attn::lm
