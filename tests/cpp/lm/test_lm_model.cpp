// The model: KV-cache decoding equals the full causal pass (1e-12), RoPE is llama2.c's, and the
// hand-written backward matches central finite differences for every parameter group (1e-6).
#include <catch2/catch.hpp>
#include <cmath>

#include "lm/decode.h"
#include "lm/model.h"
#include "lm_fixtures.h"

using namespace attn::lm;
using attn::Matrix;

namespace {

const std::vector<int> kTokens{1, 5, 3, 9, 5, 3, 10, 0};

double loss_of(const LmWeights& w) {
  const std::vector<int> in(kTokens.begin(), kTokens.end() - 1);
  const std::vector<int> target(kTokens.begin() + 1, kTokens.end());
  return cross_entropy(forward(w, in), target, 1.0, nullptr);
}

const char* kGroups[] = {"embedding", "rms_att", "wq", "wk", "wv",        "wo",
                         "rms_ffn",   "w1",      "w2", "w3", "rms_final", "wcls"};

}  // namespace

TEST_CASE("KV-cache decoding equals the full causal pass to 1e-12") {
  for (bool shared : {true, false}) {
    const LmWeights w = tiny_weights(shared);
    const Matrix full = forward(w, kTokens);
    KvCache cache;
    for (std::size_t t = 0; t < kTokens.size(); ++t) {
      const Matrix step = decode_step(w, kTokens[t], &cache);
      CHECK((step.row(0) - full.row(t)).cwiseAbs().maxCoeff() < 1e-12);
    }
  }
}

TEST_CASE("RoPE rotates llama2.c's interleaved pairs and undoes itself") {
  Matrix m = Matrix::Ones(3, 8);
  apply_rope(&m, 4, 5);
  // Pair (2, 3) of head 0 (head_dim 2 of 4) at position 5 + 1: angle 6 * 10000^(-2/4) = 0.06.
  const double a = 6 * std::pow(10000.0, -0.5);
  CHECK(m(1, 2) == Approx(std::cos(a) - std::sin(a)).epsilon(1e-14));
  CHECK(m(1, 3) == Approx(std::sin(a) + std::cos(a)).epsilon(1e-14));
  CHECK(m(1, 6) == m(1, 2));  // head 1 uses the same angles
  apply_rope(&m, 4, 5, -1.0);
  CHECK((m - Matrix::Ones(3, 8)).cwiseAbs().maxCoeff() < 1e-14);
}

TEST_CASE("attention weights are causal rows that sum to 1") {
  const LmWeights w = tiny_weights(true);
  ForwardCache fc;
  forward(w, kTokens, &fc);
  for (const LayerCache& lc : fc.layers) {
    for (const Matrix& a : lc.att) {
      for (int i = 0; i < a.rows(); ++i) {
        CHECK(a.row(i).sum() == Approx(1.0).epsilon(1e-12));
        for (int j = i + 1; j < a.cols(); ++j) CHECK(a(i, j) == 0.0);
      }
    }
  }
}

TEST_CASE("the backward matches finite differences for every parameter group") {
  for (bool shared : {true, false}) {
    LmWeights w = tiny_weights(shared);
    const std::vector<int> in(kTokens.begin(), kTokens.end() - 1);
    const std::vector<int> target(kTokens.begin() + 1, kTokens.end());
    ForwardCache fc;
    Matrix dlogits;
    cross_entropy(forward(w, in, &fc), target, 1.0 / in.size(), &dlogits);
    LmWeights grads = zero_weights(w.config);
    backward(w, fc, dlogits, &grads);
    // Group g of the flat list: params() is per kind, layers within each kind.
    std::vector<Matrix*> p = w.params(), gp = grads.params();
    const int L = w.config.n_layers;
    for (std::size_t i = 0; i < p.size(); ++i) {
      const std::size_t kind = i == 0 ? 0 : i <= 9 * L ? 1 + (i - 1) / L : i == 9 * L + 1 ? 10 : 11;
      double worst = 0.0, largest = 0.0;
      for (Eigen::Index e = 0; e < p[i]->size(); e += 1 + p[i]->size() / 40) {
        double& x = p[i]->data()[e];
        const double keep = x;
        // Central difference at step h, then Richardson's (4 D(h/2) - D(h)) / 3: error O(h^4).
        auto central = [&](double h) {
          x = keep + h;
          const double up = loss_of(w);
          x = keep - h;
          const double down = loss_of(w);
          x = keep;
          return (up - down) / (2 * h);
        };
        const double numeric = (4 * central(1e-4) - central(2e-4)) / 3;
        const double analytic = gp[i]->data()[e];
        // Relative error, floored at 1e-4 so a vanishing gradient cannot pass by being small.
        worst = std::max(worst, std::abs(numeric - analytic) / std::max(1e-4, std::abs(numeric)));
        largest = std::max(largest, std::abs(numeric));
      }
      INFO((shared ? "shared " : "separate ") << kGroups[kind] << " (matrix " << i << ")");
      CHECK(worst <= 1e-6);
      CHECK(largest > 1e-3);  // the group really moves the loss
    }
  }
}

TEST_CASE("greedy generation picks the full pass's argmax at every step") {
  const LmWeights w = tiny_weights(false);
  std::size_t longest = 0;
  for (int first = 0; first < 11; ++first) {
    const Generation g = generate(w, {1, first}, 6, 0.0, 1);
    longest = std::max(longest, g.ids.size() - 2);
    // Each token (and BOS where it stopped) is the argmax after the ids before it.
    const std::size_t end = g.ids.size() + (g.stopped_at_bos ? 1 : 0);
    for (std::size_t n = 2; n < end; ++n) {
      const std::vector<int> prefix(g.ids.begin(), g.ids.begin() + n);
      Eigen::Index best = 0;
      forward(w, prefix).row(n - 1).maxCoeff(&best);
      CHECK((n < g.ids.size() ? g.ids[n] : 1) == best);
    }
    CHECK((g.stopped_at_bos || g.ids.size() == 8));  // 6 steps, within the context of 9
  }
  CHECK(longest >= 2);
}

TEST_CASE("sampling is reproducible from its seed and follows the temperature") {
  const LmWeights w = tiny_weights(true);
  CHECK(generate(w, {2}, 7, 1.0, 42).ids == generate(w, {2}, 7, 1.0, 42).ids);
  CHECK(generate(w, {2}, 7, 1e-9, 42).ids == generate(w, {2}, 7, 0.0, 42).ids);
}
