// Properties of the modern fields on the traced path: the defaults change nothing (bit for bit),
// GQA with kv_heads = heads is multi-head attention, RoPE keeps every norm, the two RoPE styles
// differ only by a permutation of each head's components, shifting every position leaves RoPE's
// scores unchanged, and the log-sum-exp gives the weights back.
#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "attention/attention.h"
#include "variants_fixtures.h"

using attn::Matrix;
using attn::Scenario;
using variants_fixtures::max_abs_diff;

namespace {

Scenario sentence(int count) {
  Scenario s;
  for (int i = 0; i < count; ++i) s.query_tokens.push_back("w" + std::to_string(i));
  s.d_model = 16;
  s.heads = 4;
  s.seed = 23;
  s.mask = attn::MaskKind::Causal;
  return s;
}

// Every matrix of two traces is equal bit for bit.
void check_identical(const attn::Trace& a, const attn::Trace& b) {
  CHECK(max_abs_diff(a.k_all, b.k_all) == 0.0);
  CHECK(max_abs_diff(a.mask, b.mask) == 0.0);
  REQUIRE(a.heads.size() == b.heads.size());
  for (std::size_t h = 0; h < a.heads.size(); ++h) {
    CHECK(max_abs_diff(a.heads[h].masked.cwiseMax(-1e300), b.heads[h].masked.cwiseMax(-1e300)) ==
          0.0);
    CHECK(max_abs_diff(a.heads[h].weights, b.heads[h].weights) == 0.0);
  }
  CHECK(max_abs_diff(a.output, b.output) == 0.0);
}

}  // namespace

TEST_CASE("modern properties: explicit defaults are attention as it was", "[modern]") {
  const Scenario plain = sentence(6);
  Scenario explicit_defaults = plain;
  explicit_defaults.kv_heads = plain.heads;  // GQA with one query head per K/V head is MHA
  explicit_defaults.sink_tokens = 0;
  // position_offset's default written out (another offset moves the sinusoidal positions too).
  explicit_defaults.position_offset = 0;
  check_identical(attn::run_attention(plain), attn::run_attention(explicit_defaults));
  const attn::Trace t = attn::run_attention(plain);
  for (const attn::HeadTrace& h : t.heads) {
    CHECK_FALSE(h.q_rotated);
    CHECK_FALSE(h.bias);
  }
}

TEST_CASE("modern properties: RoPE keeps the norm of every row of q and k", "[modern][rope]") {
  Scenario s = sentence(7);
  s.rope = attn::Rope{10000.0, attn::RopeStyle::Interleaved, 4};
  s.position_offset = 11;
  for (const attn::HeadTrace& h : attn::run_attention(s).heads) {
    CHECK((h.q_rotated->rowwise().norm() - h.q.rowwise().norm()).cwiseAbs().maxCoeff() < 1e-12);
    CHECK((h.k_rotated->rowwise().norm() - h.k.rowwise().norm()).cwiseAbs().maxCoeff() < 1e-12);
  }
}

TEST_CASE("modern properties: RoPE styles differ by a permutation of components", "[modern]") {
  // Interleaved pairs (2i, 2i+1), half pairs (i, i + d/2): permuting each head's columns of W_Q
  // and W_K so that component 2i goes to i and 2i+1 to i + d/2 turns one into the other.
  Scenario inter = sentence(6);
  inter.rope = attn::Rope{10000.0, attn::RopeStyle::Interleaved, 0};
  const attn::Trace a = attn::run_attention(inter);
  const int d = a.d_k;
  Matrix w_q = a.inputs.w_q, w_k = a.inputs.w_k;
  for (int h = 0; h < inter.heads; ++h) {
    for (int i = 0; i < d / 2; ++i) {
      w_q.col(h * d + i) = a.inputs.w_q.col(h * d + 2 * i);
      w_q.col(h * d + i + d / 2) = a.inputs.w_q.col(h * d + 2 * i + 1);
      w_k.col(h * d + i) = a.inputs.w_k.col(h * d + 2 * i);
      w_k.col(h * d + i + d / 2) = a.inputs.w_k.col(h * d + 2 * i + 1);
    }
  }
  Scenario half = inter;
  half.rope->style = attn::RopeStyle::Half;
  half.w_q = w_q;
  half.w_k = w_k;
  const attn::Trace b = attn::run_attention(half);
  for (std::size_t h = 0; h < a.heads.size(); ++h) {
    for (int i = 0; i < d / 2; ++i) {
      CHECK(b.heads[h].q_rotated->col(i) == a.heads[h].q_rotated->col(2 * i));
      CHECK(b.heads[h].q_rotated->col(i + d / 2) == a.heads[h].q_rotated->col(2 * i + 1));
      CHECK(b.heads[h].k_rotated->col(i + d / 2) == a.heads[h].k_rotated->col(2 * i + 1));
    }
    CHECK(max_abs_diff(a.heads[h].weights, b.heads[h].weights) < 1e-12);
  }
}

TEST_CASE("modern properties: RoPE scores depend on relative positions only", "[modern]") {
  Scenario s = sentence(6);
  s.rope = attn::Rope{10000.0, attn::RopeStyle::Half, 0};
  s.positional_encoding = false;  // RoPE's default (a file with rope reads it so)
  const attn::Trace base = attn::run_attention(s);
  for (int shift : {1, 9, 1000}) {
    s.position_offset = shift;
    const attn::Trace moved = attn::run_attention(s);
    for (std::size_t h = 0; h < base.heads.size(); ++h) {
      CHECK(max_abs_diff(moved.heads[h].scores, base.heads[h].scores) < 1e-12);
      CHECK(max_abs_diff(moved.heads[h].q_rotated.value(), base.heads[h].q_rotated.value()) > 0);
    }
  }
}

TEST_CASE("modern properties: the log-sum-exp gives the weights back", "[modern]") {
  Scenario s = sentence(8);
  s.kv_heads = 1;
  s.alibi = true;
  s.padded_keys = {0};  // query 0 sees no key
  const attn::Trace t = attn::run_attention(s);
  for (const attn::HeadTrace& h : t.heads) {
    CHECK(std::isinf(h.lse(0, 0)));
    for (Eigen::Index i = 1; i < h.masked.rows(); ++i) {
      for (Eigen::Index j = 0; j < h.masked.cols(); ++j) {
        const double a = t.mask(i, j) == 0.0 ? 0.0 : std::exp(h.masked(i, j) - h.lse(i, 0));
        CHECK(std::abs(a - h.weights(i, j)) < 1e-12);
      }
    }
  }
}
