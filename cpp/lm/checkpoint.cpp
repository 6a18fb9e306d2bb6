#include "lm/checkpoint.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "lm/binary.h"

namespace attn::lm {

namespace {

// The legacy RoPE tables' values (seq_len, head_size / 2), as llama2.c's export writes them.
void write_rope_tables(const LmConfig& c, Writer* w) {
  const int half = c.head_size() / 2;
  for (int part = 0; part < 2; ++part) {
    for (int pos = 0; pos < c.seq_len; ++pos) {
      for (int i = 0; i < half; ++i) {
        const double angle = pos * std::pow(10000.0, -2.0 * i / c.head_size());
        w->f32(static_cast<float>(part == 0 ? std::cos(angle) : std::sin(angle)));
      }
    }
  }
}

// Bytes a checkpoint of config c must have.
std::uint64_t expected_bytes(const LmConfig& c) {
  using U = std::uint64_t;
  const U d = c.dim, kv = c.kv_dim(), hid = c.hidden_dim, vocab = c.vocab_size;
  const U per_layer = 2 * d + 2 * d * d + 2 * kv * d + 3 * hid * d;
  U floats = vocab * d + c.n_layers * per_layer + d + U(c.seq_len) * c.head_size();
  if (!c.shared_classifier) floats += vocab * d;
  return 28 + 4 * floats;
}

}  // namespace

std::string write_checkpoint(const LmWeights& w) {
  const LmConfig& c = w.config;
  Writer out;
  for (int v : {c.dim, c.hidden_dim, c.n_layers, c.n_heads, c.n_kv_heads,
                c.shared_classifier ? c.vocab_size : -c.vocab_size, c.seq_len}) {
    out.i32(v);
  }
  const std::vector<const Matrix*> params = w.params();
  const std::size_t before_cls = params.size() - (c.shared_classifier ? 0 : 1);
  for (std::size_t p = 0; p < params.size(); ++p) {
    if (p == before_cls) write_rope_tables(c, &out);
    for (Eigen::Index i = 0; i < params[p]->size(); ++i) {
      out.f32(static_cast<float>(params[p]->data()[i]));
    }
  }
  if (c.shared_classifier) write_rope_tables(c, &out);
  return out.out;
}

std::string read_checkpoint(const std::string& bytes, LmWeights* out) {
  Reader r(bytes);
  std::int32_t h[7];
  for (std::int32_t& v : h) {
    if (!r.i32(&v)) {
      return "checkpoint: the file has " + std::to_string(bytes.size()) +
             " bytes, fewer than the 28-byte header of seven int32";
    }
  }
  LmConfig c;
  c.dim = h[0], c.hidden_dim = h[1], c.n_layers = h[2], c.n_heads = h[3], c.n_kv_heads = h[4];
  c.shared_classifier = h[5] > 0;
  const std::int64_t vocab = h[5];  // 64-bit: -INT32_MIN does not fit an int32
  c.vocab_size = static_cast<int>(std::min<std::int64_t>(vocab < 0 ? -vocab : vocab, 1 << 30));
  c.seq_len = h[6];
  const std::string bad = c.check();
  if (!bad.empty()) return "checkpoint: header: " + bad + " (not a llama2.c version-0 checkpoint?)";
  const std::uint64_t want = expected_bytes(c);
  if (bytes.size() < want) {
    return "checkpoint: the file is truncated: it has " + std::to_string(bytes.size()) +
           " bytes; its header needs " + std::to_string(want);
  }
  if (bytes.size() > want) {
    return "checkpoint: the file has " + std::to_string(bytes.size()) + " bytes; its header " +
           "describes " + std::to_string(want) + " (the wrong size: another format or version?)";
  }
  LmWeights w = zero_weights(c);
  std::vector<Matrix*> params = w.params();
  const std::size_t before_cls = params.size() - (c.shared_classifier ? 0 : 1);
  for (std::size_t p = 0; p < params.size(); ++p) {
    if (p == before_cls) r.take(static_cast<std::size_t>(c.seq_len) * c.head_size() * 4);
    for (Eigen::Index i = 0; i < params[p]->size(); ++i) {
      float v = 0;
      r.f32(&v);
      params[p]->data()[i] = v;
    }
  }
  *out = std::move(w);
  return "";
}

LmWeights round_to_f32(const LmWeights& w) {
  LmWeights r = w;
  for (Matrix* m : r.params()) *m = m->cast<float>().cast<double>();
  return r;
}

}  // namespace attn::lm
