// Each layer of the training engine against a finite difference. The scalar checked is
// L = sum(R * layer(x)) for a fixed random R, so dL/d(output) = R.
#include <catch2/catch.hpp>

#include "attention/attention.h"
#include "train/layers/attention_layer.h"
#include "train/layers/embedding.h"
#include "train/layers/feed_forward.h"
#include "train/layers/layer_norm.h"
#include "train_fixtures.h"

using attn::MaskKind;
using attn::Matrix;
using attn::train::AttentionCache;
using attn::train::Segments;
using train_fixtures::gradient_error;
using train_fixtures::random_matrix;

namespace {
constexpr double kTolerance = 1e-6;
double dot(const Matrix& a, const Matrix& b) { return a.cwiseProduct(b).sum(); }
}  // namespace

TEST_CASE("layer norm: input, gamma and beta gradients match finite differences", "[train]") {
  attn::train::LayerNorm norm;
  norm.init(6);
  norm.gamma.value = random_matrix(1, 6, 1);
  norm.beta.value = random_matrix(1, 6, 2);
  Matrix x = random_matrix(5, 6, 3, 2.0);
  const Matrix r = random_matrix(5, 6, 4);
  attn::train::LayerNormCache cache;
  auto loss = [&] { return dot(r, norm.forward(x, &cache)); };
  loss();
  const Matrix dx = norm.backward(r, cache);
  CHECK(gradient_error(loss, &x, dx) < kTolerance);
  CHECK(gradient_error(loss, &norm.gamma.value, norm.gamma.grad) < kTolerance);
  CHECK(gradient_error(loss, &norm.beta.value, norm.beta.grad) < kTolerance);
}

TEST_CASE("feed-forward: input and weight gradients match finite differences", "[train]") {
  attn::train::FeedForward ffn;
  ffn.init(6, 7);
  ffn.w1.value = random_matrix(6, 7, 5);
  ffn.b1.value = random_matrix(1, 7, 6);
  ffn.w2.value = random_matrix(7, 6, 7);
  ffn.b2.value = random_matrix(1, 6, 8);
  Matrix x = random_matrix(5, 6, 9);
  const Matrix r = random_matrix(5, 6, 10);
  attn::train::FeedForwardCache cache;
  auto loss = [&] {
    Matrix out = Matrix::Zero(5, 6);  // the layer adds its output to the residual stream
    ffn.forward(x, &cache, &out);
    return dot(r, out);
  };
  loss();
  const Matrix dx = ffn.backward(r, cache);
  REQUIRE((cache.hidden.array() == 0.0).any());  // some units are cut by the ReLU
  CHECK(gradient_error(loss, &x, dx) < kTolerance);
  for (attn::train::Param* p : {&ffn.w1, &ffn.b1, &ffn.w2, &ffn.b2}) {
    CHECK(gradient_error(loss, &p->value, p->grad) < kTolerance);
  }
}

namespace {

attn::train::MultiHeadAttention random_attention(int d_model, int heads) {
  attn::train::MultiHeadAttention att;
  att.init(d_model, heads);
  att.w_q.value = random_matrix(d_model, d_model, 11);
  att.w_k.value = random_matrix(d_model, d_model, 12);
  att.w_v.value = random_matrix(d_model, d_model, 13);
  att.w_o.value = random_matrix(d_model, d_model, 14);
  return att;
}

}  // namespace

TEST_CASE("causal self-attention over two sentences matches finite differences", "[train]") {
  auto att = random_attention(6, 2);
  const Segments seg = Segments::of_lengths({3, 4});
  Matrix x = random_matrix(7, 6, 15);
  const Matrix r = random_matrix(7, 6, 16);
  AttentionCache cache;
  auto loss = [&] {
    Matrix out = Matrix::Zero(7, 6);
    att.forward_self(x, seg, MaskKind::Causal, &cache, &out);
    return dot(r, out);
  };
  loss();
  REQUIRE(cache.weights[1][0](0, 1) == 0.0);  // the mask reaches the second sentence's rows
  const auto& g = att.backward(r, cache);
  CHECK(gradient_error(loss, &x, g.x_q) < kTolerance);
  for (attn::train::Param* p : {&att.w_q, &att.w_k, &att.w_v, &att.w_o}) {
    CHECK(gradient_error(loss, &p->value, p->grad) < kTolerance);
  }
}

TEST_CASE("cross-attention with m != n matches finite differences on both sides", "[train]") {
  auto att = random_attention(6, 3);
  const Segments queries = Segments::of_lengths({3, 2});
  const Segments keys = Segments::of_lengths({4, 1});
  Matrix x_q = random_matrix(5, 6, 17);
  Matrix x_kv = random_matrix(5, 6, 18);
  const Matrix r = random_matrix(5, 6, 19);
  AttentionCache cache;
  auto loss = [&] {
    Matrix out = Matrix::Zero(5, 6);
    att.forward_cross(x_q, x_kv, queries, keys, &cache, &out);
    return dot(r, out);
  };
  loss();
  REQUIRE(cache.weights[0][2].rows() == 3);
  REQUIRE(cache.weights[0][2].cols() == 4);
  const auto& g = att.backward(r, cache);
  CHECK(gradient_error(loss, &x_q, g.x_q) < kTolerance);
  CHECK(gradient_error(loss, &x_kv, g.x_kv) < kTolerance);
  for (attn::train::Param* p : {&att.w_q, &att.w_k, &att.w_v, &att.w_o}) {
    CHECK(gradient_error(loss, &p->value, p->grad) < kTolerance);
  }
}

namespace {

// Sentence s of a training attention cache, replayed by the stepper's own attn::run_attention
// from a scenario with the same inputs and weights: the largest difference of the weights and
// of the output.
double stepper_difference(const attn::train::MultiHeadAttention& att, const AttentionCache& c,
                          const Matrix& out, int s) {
  const int qs = c.queries.start[s], m = c.queries.length[s];
  const int ks = c.keys.start[s], n = c.keys.length[s];
  attn::Scenario scenario;
  for (int i = 0; i < m; ++i) scenario.query_tokens.push_back("q" + std::to_string(i));
  if (!c.self) {
    for (int j = 0; j < n; ++j) scenario.key_tokens.push_back("k" + std::to_string(j));
    scenario.x_kv = c.x_kv.middleRows(ks, n);
  }
  scenario.x_q = c.x_q.middleRows(qs, m);
  scenario.d_model = static_cast<int>(c.x_q.cols());
  scenario.heads = att.heads;
  scenario.mask = c.mask;
  scenario.w_q = att.w_q.value;
  scenario.w_k = att.w_k.value;
  scenario.w_v = att.w_v.value;
  scenario.w_o = att.w_o.value;
  scenario.w_o_mode = attn::OutputProjection::Given;
  REQUIRE_FALSE(attn::validate(scenario));
  const attn::Trace trace = attn::run_attention(scenario);
  double worst = (trace.output - out.middleRows(qs, m)).cwiseAbs().maxCoeff();
  for (int h = 0; h < att.heads; ++h) {
    const Matrix& own = c.weights[static_cast<std::size_t>(s)][static_cast<std::size_t>(h)];
    worst = std::max(
        worst, (trace.heads[static_cast<std::size_t>(h)].weights - own).cwiseAbs().maxCoeff());
  }
  return worst;
}

}  // namespace

TEST_CASE("training attention computes what the stepper's run_attention traces", "[train]") {
  auto att = random_attention(6, 2);
  AttentionCache cache;
  const Segments rows = Segments::of_lengths({4, 3});
  Matrix out = Matrix::Zero(7, 6);
  att.forward_self(random_matrix(7, 6, 23), rows, MaskKind::Causal, &cache, &out);
  for (int s : {0, 1}) CHECK(stepper_difference(att, cache, out, s) < 1e-12);
  REQUIRE(cache.weights[1][1](0, 1) == 0.0);  // causal

  const Segments keys = Segments::of_lengths({2, 5});
  out.setZero();
  att.forward_cross(random_matrix(7, 6, 24), random_matrix(7, 6, 25), rows, keys, &cache, &out);
  for (int s : {0, 1}) CHECK(stepper_difference(att, cache, out, s) < 1e-12);
  REQUIRE(cache.weights[0][0].cols() == 2);
}

TEST_CASE("embedding, output projection and cross-entropy match finite differences", "[train]") {
  attn::train::Embedding emb;
  emb.init(5, 4);
  emb.table.value = random_matrix(5, 4, 20);
  attn::train::OutputLayer out;
  out.init(4, 6);
  out.w.value = random_matrix(4, 6, 21);
  out.b.value = random_matrix(1, 6, 22);
  const attn::train::TokenIds ids = {{0, 3, 3}, {4, 1}};  // token 3 twice, token 2 never
  const std::vector<int> targets = {1, -1, 5, 0, 2};      // row 1 is not scored
  auto loss = [&] {
    return attn::train::softmax_cross_entropy(out.forward(emb.forward(ids)), targets, nullptr);
  };
  const Matrix x = emb.forward(ids);
  Matrix d_logits;
  attn::train::softmax_cross_entropy(out.forward(x), targets, &d_logits);
  REQUIRE(d_logits.row(1).isZero());
  emb.backward(out.backward(d_logits, x), ids);
  REQUIRE(emb.table.grad.row(2).isZero());
  CHECK(gradient_error(loss, &emb.table.value, emb.table.grad) < kTolerance);
  CHECK(gradient_error(loss, &out.w.value, out.w.grad) < kTolerance);
  CHECK(gradient_error(loss, &out.b.value, out.b.grad) < kTolerance);
}

TEST_CASE("the positional encoding is the core's, added to row p of each sentence", "[train]") {
  attn::train::Embedding emb;
  emb.init(3, 5);
  const Matrix x = emb.forward({{2, 2}, {2}});
  const Matrix pe = attn::positional_encoding(2, 5);
  CHECK(x.row(1) == emb.table.value.row(2) + pe.row(1));
  CHECK(x.row(2) == emb.table.value.row(2) + pe.row(0));  // the second sentence restarts at 0
}
