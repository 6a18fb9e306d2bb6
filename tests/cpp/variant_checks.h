// The checks every attention variant must pass, shared by the tests of each score and mask kind:
// hand check_variant() a validated scenario that uses the variant, and it checks
//   1. traced equals direct: run_attention's output equals attention_direct's, whose scores are
//      the kind's plain-loop reference and whose mask is the mask kind's reference rule;
//   2. every row of weights sums to 1 (0 for a fully masked query), every masked weight is exactly
//   0;
//   3. training forward equals the core: the training layer (cpp/train/) on the same inputs gives
//      the trace's weights and output (scaled dot, self-attention, no biases or padding);
//   4. the training layer's gradients under this mask match finite differences.
#pragma once

#include <catch2/catch.hpp>

#include "attention/attention.h"
#include "train/layers/attention_layer.h"
#include "train_fixtures.h"

namespace variant_checks {

using attn::Matrix;

/// (m, n) visibility from the mask kind's reference rule, with the padded keys removed.
inline attn::KeyMask reference_mask(const attn::Scenario& s) {
  const attn::MaskVariant& rule = attn::mask_variant(s.mask);
  const attn::MaskParams params{s.window.value_or(0)};
  attn::KeyMask mask(s.m(), s.n());
  for (int i = 0; i < s.m(); ++i) {
    for (int j = 0; j < s.n(); ++j) mask(i, j) = rule.reference(i, j, params) ? 1.0 : 0.0;
  }
  for (int key : s.padded_keys) mask.col(key).setZero();
  return mask;
}

/// Checks 1 and 2 on the trace of `s`.
inline void check_traced(const attn::Scenario& s) {
  const attn::Trace t = attn::run_attention(s);
  const attn::KeyMask mask = reference_mask(s);
  CHECK(t.mask == mask);  // the kernel's rule is the reference's
  const Matrix direct = attn::attention_direct(t.inputs, s.score, s.heads, t.d_k, t.d_v, mask);
  CHECK((t.output - direct).cwiseAbs().maxCoeff() < 1e-12);
  for (const attn::HeadTrace& h : t.heads) {
    for (int i = 0; i < s.m(); ++i) {
      const double expected = (mask.row(i).array() == 0.0).all() ? 0.0 : 1.0;
      CHECK(std::abs(h.weights.row(i).sum() - expected) < 1e-12);
      for (int j = 0; j < s.n(); ++j) {
        if (mask(i, j) == 0.0) CHECK(h.weights(i, j) == 0.0);
      }
    }
  }
}

/// The training layer with the trace's weights (which must be square blocks of d_model / heads).
inline attn::train::MultiHeadAttention training_layer(const attn::Trace& t, int heads) {
  attn::train::MultiHeadAttention att;
  att.init(static_cast<int>(t.inputs.w_q.rows()), heads);
  att.w_q.value = t.inputs.w_q;
  att.w_k.value = t.inputs.w_k;
  att.w_v.value = t.inputs.w_v;
  att.w_o.value = *t.inputs.w_o;
  return att;
}

/// Checks 3 and 4, for a scaled-dot self-attention scenario with W_O and no biases or padding.
inline void check_training(const attn::Scenario& s) {
  REQUIRE(s.score == attn::ScoreKind::ScaledDot);
  REQUIRE(s.is_self_attention());
  REQUIRE(s.padded_keys.empty());
  const attn::Trace t = attn::run_attention(s);
  REQUIRE(t.inputs.w_o);
  auto att = training_layer(t, s.heads);
  const attn::MaskParams params{s.window.value_or(0)};
  const auto rows = attn::train::Segments::of_lengths({s.m()});
  attn::train::AttentionCache cache;
  Matrix out = Matrix::Zero(s.m(), s.d_model);
  att.forward_self(t.inputs.x_q, rows, s.mask, &cache, &out, params);
  CHECK((out - t.output).cwiseAbs().maxCoeff() < 1e-12);
  for (int h = 0; h < s.heads; ++h) {
    CHECK((cache.weights[0][static_cast<std::size_t>(h)] -
           t.heads[static_cast<std::size_t>(h)].weights)
              .cwiseAbs()
              .maxCoeff() < 1e-12);
  }
  // Gradients: L = sum(R * layer(x)) for a fixed R, so dL/d(output) = R.
  Matrix x = t.inputs.x_q;
  const Matrix r = train_fixtures::random_matrix(s.m(), s.d_model, 77);
  auto loss = [&] {
    Matrix y = Matrix::Zero(s.m(), s.d_model);
    att.forward_self(x, rows, s.mask, &cache, &y, params);
    return r.cwiseProduct(y).sum();
  };
  loss();
  const auto& g = att.backward(r, cache);
  CHECK(train_fixtures::gradient_error(loss, &x, g.x_q) < 1e-6);
  for (attn::train::Param* p : {&att.w_q, &att.w_k, &att.w_v, &att.w_o}) {
    CHECK(train_fixtures::gradient_error(loss, &p->value, p->grad) < 1e-6);
  }
}

}  // namespace variant_checks
