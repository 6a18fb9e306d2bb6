// The finite-difference gradient check of every parameter group of a tiny model: the
// encoder-decoder (encoder self-attention on) and the two-layer, attention-only decoder of the
// copy task. Max error relative to each group's largest gradient <= 1e-6.
#include <catch2/catch.hpp>

#include "train/model.h"
#include "train_fixtures.h"

using attn::train::Batch;
using attn::train::Model;
using attn::train::ModelConfig;

namespace {

// Checks every group of `model` on `batch`; returns how many groups were checked.
int check_every_group(Model& model, const Batch& batch) {
  model.loss_and_gradients(batch);
  auto loss = [&] { return Model::loss(model.forward(batch), batch); };
  int checked = 0;
  for (const attn::train::NamedParam& p : model.parameters()) {
    INFO(p.name);
    const attn::Matrix analytic = p.param->grad;
    REQUIRE(analytic.cwiseAbs().maxCoeff() > 0.0);  // every group takes part in the loss
    CHECK(train_fixtures::gradient_error(loss, &p.param->value, analytic) < 1e-6);
    ++checked;
  }
  return checked;
}

// Layer-norm gammas start at 1 and betas, biases at 0; move them so their gradients are generic.
void perturb_constants(Model& model) {
  std::uint64_t seed = 100;
  for (const attn::train::NamedParam& p : model.parameters()) {
    if (p.param->value.rows() == 1) {
      p.param->value += train_fixtures::random_matrix(1, p.param->value.cols(), ++seed, 0.3);
    }
  }
}

}  // namespace

TEST_CASE("gradient check: every parameter group of the encoder-decoder", "[train]") {
  ModelConfig config;
  config.d_model = 8;
  config.heads = 2;
  config.d_ff = 12;
  config.source_vocab = 7;
  config.target_vocab = 9;
  Model model(config, 3);
  perturb_constants(model);
  Batch batch;
  batch.source = {{1, 4, 2}, {6, 0, 5, 3}, {2}};
  batch.input = {{0, 3, 7}, {0, 8}, {0, 2, 5, 6}};
  batch.target = {{3, 7, 1}, {8, 1}, {2, -1, 6, 1}};
  // source embedding 1, encoder layer 12, its norm 2, target embedding 1, decoder layer 18,
  // its norm 2, output 2
  CHECK(check_every_group(model, batch) == 38);
}

TEST_CASE("gradient check: every parameter group of the two-layer attention-only decoder",
          "[train]") {
  ModelConfig config;
  config.d_model = 6;
  config.heads = 2;
  config.encoder = false;
  config.decoder_layers = 2;
  config.feed_forward = false;
  config.embedding_init = 2.0;
  config.target_vocab = 8;
  Model model(config, 4);
  perturb_constants(model);
  Batch batch;
  batch.source = {{}, {}};
  batch.input = {{1, 2, 7, 1}, {3, 4, 5, 7, 3, 4}};
  batch.target = {{-1, -1, 1, 2}, {-1, -1, -1, 3, 4, 5}};
  // embedding 1, two layers of (norm 2 + attention 4), final norm 2, output 2
  CHECK(check_every_group(model, batch) == 17);
}
