// The modern scenario fields on the traced path (run_attention): each field against its direct
// implementation written in modern_reference.h (GQA's repeat_kv, RoPE as complex numbers and as
// rotate_half, ALiBi's get_slopes, the contract's sink rule), and the defaults bit for bit equal
// to attention as it was.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <string>

#include "attention/attention.h"
#include "modern_reference.h"

using attn::MaskKind;
using attn::Matrix;
using attn::Scenario;
using variants_fixtures::max_abs_diff;

namespace {

Scenario sentence(int count, int d_model, int heads) {
  Scenario s;
  for (int i = 0; i < count; ++i) s.query_tokens.push_back("t" + std::to_string(i));
  s.d_model = d_model;
  s.heads = heads;
  s.seed = 17;
  return s;
}

// Every head of the trace equals the direct computation: rotated q and k, bias, weights, lse and
// output; the whole output equals concat W_O of the direct heads.
void check_against_reference(const Scenario& s) {
  REQUIRE_FALSE(attn::validate(s));
  const attn::Trace t = attn::run_attention(s);
  REQUIRE(t.kv_heads == s.kv_head_count());
  std::vector<Matrix> outputs;
  for (int h = 0; h < s.heads; ++h) {
    const attn::HeadTrace& ht = t.heads[static_cast<std::size_t>(h)];
    const modern_reference::Head ref = modern_reference::head(s, t.inputs, h);
    CHECK(ht.kv_head == h / (s.heads / s.kv_head_count()));
    CHECK(ht.q_rotated.has_value() == s.rope.has_value());
    CHECK(max_abs_diff(ht.q_rotated.value_or(ht.q), ref.q) < 1e-12);
    CHECK(max_abs_diff(ht.k_rotated.value_or(ht.k), ref.k) < 1e-12);
    CHECK(ht.bias.has_value() == s.alibi);
    if (ht.bias) CHECK(max_abs_diff(*ht.bias, ref.bias) == 0.0);
    CHECK(max_abs_diff(ht.weights, ref.standard.weights) < 1e-12);
    CHECK(max_abs_diff(ht.output, ref.standard.output) < 1e-12);
    REQUIRE(ht.lse.rows() == static_cast<Eigen::Index>(ref.standard.lse.size()));
    for (std::size_t i = 0; i < ref.standard.lse.size(); ++i) {
      const double lse = ht.lse(static_cast<Eigen::Index>(i), 0);
      // -inf, the log of an empty sum, exactly where the reference has no visible key.
      REQUIRE(std::isinf(lse) == !ref.standard.lse[i].has_value());
      if (ref.standard.lse[i]) CHECK(std::abs(lse - *ref.standard.lse[i]) < 1e-12);
    }
    outputs.push_back(ref.standard.output);
  }
  const Matrix concat = attn::concat_heads(outputs);
  CHECK(max_abs_diff(t.output, t.inputs.w_o ? Matrix(concat * *t.inputs.w_o) : concat) < 1e-12);
}

}  // namespace

TEST_CASE("modern fields: kv_heads (MHA, GQA, MQA) equal repeat_kv", "[modern][gqa]") {
  for (int kv : {4, 2, 1}) {
    Scenario s = sentence(6, 16, 4);
    s.kv_heads = kv;
    s.b_k = Matrix::Constant(1, kv * 4, 0.25);  // K's bias has kv_heads·d_k numbers
    s.b_v = Matrix::Constant(1, kv * 4, -0.5);
    INFO("kv_heads " << kv);
    check_against_reference(s);
    const attn::Trace t = attn::run_attention(s);
    CHECK(t.inputs.w_k.cols() == kv * 4);
    CHECK(t.inputs.w_v.cols() == kv * 4);
    CHECK(t.k_all.cols() == kv * 4);
  }
}

TEST_CASE("modern fields: RoPE in both styles, dims and offsets", "[modern][rope]") {
  for (attn::RopeStyle style : {attn::RopeStyle::Interleaved, attn::RopeStyle::Half}) {
    for (int dims : {0, 2, 4}) {
      for (int offset : {0, 3, 1000}) {
        Scenario s = sentence(5, 16, 2);  // d_k 8: dims 2 and 4 leave components unrotated
        s.rope = attn::Rope{10000.0, style, dims};
        s.position_offset = offset;
        INFO("style " << static_cast<int>(style) << " dims " << dims << " offset " << offset);
        check_against_reference(s);
      }
    }
  }
  // Cross-attention: queries and keys each count their positions from 0 (+ the offset).
  Scenario cross = sentence(4, 8, 2);
  cross.key_tokens = {"a", "b", "c", "d", "e", "f"};
  cross.rope = attn::Rope{500000.0, attn::RopeStyle::Half, 4};
  check_against_reference(cross);
}

TEST_CASE("modern fields: windows and causal masks with sinks", "[modern][sinks]") {
  for (int sinks : {0, 1, 2}) {
    Scenario s = sentence(9, 8, 2);
    s.mask = MaskKind::Window;
    s.window = 3;
    s.sink_tokens = sinks;
    s.padded_keys = {1, 5};
    INFO("window 3, sinks " << sinks);
    check_against_reference(s);
    s.mask = MaskKind::Causal;
    s.window.reset();
    check_against_reference(s);
  }
  // A padded sink stays masked: the query that sees only it is fully masked (no lse).
  Scenario s = sentence(4, 8, 2);
  s.mask = MaskKind::Window;
  s.window = 1;
  s.sink_tokens = 1;
  s.padded_keys = {0};
  const attn::Trace t = attn::run_attention(s);
  CHECK(t.fully_masked_queries == std::vector<int>{0});
  CHECK(t.heads[0].lse(0, 0) == -std::numeric_limits<double>::infinity());
  CHECK(t.heads[0].weights.row(0).isZero(0.0));
  check_against_reference(s);
}

TEST_CASE("modern fields: ALiBi's slopes and bias, 8 and 6 heads", "[modern][alibi]") {
  for (int heads : {8, 6, 1}) {
    Scenario s = sentence(5, 24, heads);
    s.alibi = true;
    s.mask = MaskKind::Causal;
    INFO("heads " << heads);
    check_against_reference(s);
  }
}

TEST_CASE("modern fields: everything at once, a Llama/Mistral-like head", "[modern]") {
  Scenario s = sentence(10, 16, 4);
  s.kv_heads = 2;
  s.rope = attn::Rope{10000.0, attn::RopeStyle::Half, 0};
  s.position_offset = 7;
  s.mask = MaskKind::Window;
  s.window = 4;
  s.sink_tokens = 2;
  s.alibi = true;
  s.padded_keys = {3};
  s.b_q = Matrix::Constant(1, 16, -0.5);
  s.b_v = Matrix::Constant(1, 8, 0.5);
  check_against_reference(s);
  // Rows sum to 1 (0 when fully masked); masked weights are exactly 0.
  const attn::Trace t = attn::run_attention(s);
  for (const attn::HeadTrace& h : t.heads) {
    for (Eigen::Index i = 0; i < h.weights.rows(); ++i) {
      CHECK(std::abs(h.weights.row(i).sum() - 1.0) < 1e-12);
      for (Eigen::Index j = 0; j < h.weights.cols(); ++j) {
        if (t.mask(i, j) == 0.0) CHECK(h.weights(i, j) == 0.0);
      }
    }
  }
}
