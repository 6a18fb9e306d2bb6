// Whole training runs: the default configs reach their criteria, runs are deterministic, a
// model survives its file, and the scenario of a trained model's attention replays it exactly.
#include <catch2/catch.hpp>

#include "attention/attention.h"
#include "scenario/scenario_json.h"
#include "train/train.h"

using namespace attn::train;

namespace {

// A quickly trained small translate model (also used where any trained model will do).
const TrainedModel& small_model() {
  static const TrainedModel model = [] {
    TrainConfig c = default_config(TaskKind::Translate);
    c.d_model = 16;
    c.heads = 2;
    c.d_ff = 32;
    c.steps = 30;
    Trainer t(c);
    t.train_steps(c.steps);
    return t.trained();
  }();
  return model;
}

}  // namespace

TEST_CASE("the default translate run reaches every criterion on held-out sentences (seed 1)",
          "[train][slow]") {
  Trainer trainer(default_config(TaskKind::Translate));
  CHECK(trainer.train_steps(10000) == trainer.progress().steps);
  const Metrics m = trainer.evaluate();
  INFO("sequence " << m.sequence_accuracy << " alignment " << m.alignment << " crossed "
                   << m.alignment_crossed);
  CHECK(m.sequence_accuracy >= 0.95);
  CHECK(m.alignment >= 0.9);
  CHECK(m.alignment_crossed >= 0.9);
  CHECK(m.criteria_met);
  const auto t =
      std::get<Translation>(translate(trainer.trained(), "the small black cat sees a red car"));
  CHECK(join_words(t.target) == "le petit chat noir voit une voiture rouge");
  CHECK(t.reference == t.target);
  // Snapshots: step 0, every 10 steps, the last; the probe's maps, one per head.
  const auto& snaps = trainer.snapshots();
  CHECK(snaps.front().step == 0);
  CHECK(snaps.back().step == trainer.progress().steps);
  CHECK(snaps.back().attention[0].size() == 4);
  CHECK(snaps.back().attention[0][0].rows() == 8);
  CHECK(snaps.back().alignment > snaps.front().alignment);
}

TEST_CASE("the default copy run forms an induction head (seed 1)", "[train][slow]") {
  Trainer trainer(default_config(TaskKind::Copy));
  trainer.train_steps(10000);
  const Metrics m = trainer.evaluate();
  INFO("induction " << m.alignment << " previous token " << m.previous_token << " sequence "
                    << m.sequence_accuracy);
  CHECK(m.alignment >= 0.9);
  CHECK(m.criteria_met);
  CHECK(trainer.watched().size() == 2);
}

TEST_CASE("training is deterministic: same seed, same losses bit for bit", "[train]") {
  TrainConfig c = default_config(TaskKind::Translate);
  c.d_model = 16;
  c.heads = 2;
  c.steps = 15;
  auto losses = [&c](std::uint64_t seed) {
    c.seed = seed;
    Trainer t(c);
    t.train_steps(7);  // in two slices: slicing changes nothing
    t.train_steps(100);
    return t.losses();
  };
  const std::vector<double> a = losses(5), b = losses(5), other = losses(6);
  REQUIRE(a.size() == 15);
  CHECK(a == b);
  CHECK(a != other);
  CHECK(a.back() < a.front());
}

TEST_CASE("a model file round-trips exactly", "[train]") {
  const TrainedModel& model = small_model();
  const std::string text = model_to_json(model);
  auto loaded = model_from_json(text);
  REQUIRE(std::holds_alternative<TrainedModel>(loaded));
  const TrainedModel& back = std::get<TrainedModel>(loaded);
  CHECK(model_to_json(back) == text);
  const auto a = back.model.parameters(), b = model.model.parameters();
  for (std::size_t i = 0; i < a.size(); ++i) CHECK(a[i]->value == b[i]->value);
  const std::string sentence = "a green dog follows the big car";
  CHECK(std::get<Translation>(translate(back, sentence)).target ==
        std::get<Translation>(translate(model, sentence)).target);

  auto broken = model_from_json(text.substr(0, text.size() / 2));
  REQUIRE(std::holds_alternative<InputError>(broken));
  CHECK(std::get<InputError>(broken).message.rfind("invalid JSON at line 1", 0) == 0);
  std::string other = text;
  other.replace(other.find("\"d_model\":16"), 12, "\"d_model\":99");
  CHECK(std::get<InputError>(model_from_json(other)).field == "config.d_model");
}

TEST_CASE("scenario of the cross-attention replays the model's weights to 1e-12", "[train]") {
  const TrainedModel& model = small_model();
  const std::string sentence = "the small black cat sees a red car";
  const Translation t = std::get<Translation>(translate(model, sentence));
  for (int head : {-1, 0, 1}) {
    INFO("head " << head);
    auto made = attention_scenario(model, sentence, AttentionSite::Cross, 0, head);
    REQUIRE(std::holds_alternative<attn::Scenario>(made));
    // Through the scenario file, as the stepper receives it.
    auto parsed = attn::parse_scenario_json(scenario_to_json(std::get<attn::Scenario>(made)));
    REQUIRE(std::holds_alternative<attn::Scenario>(parsed));
    const attn::Scenario& s = std::get<attn::Scenario>(parsed);
    REQUIRE_FALSE(attn::validate(s));
    CHECK(s.query_tokens == t.target);
    CHECK(s.key_tokens == t.source);
    const attn::Trace trace = attn::run_attention(s);
    for (int h = 0; h < s.heads; ++h) {
      const attn::Matrix& own = t.attention[static_cast<std::size_t>(head < 0 ? h : head)];
      CHECK((trace.heads[static_cast<std::size_t>(h)].weights - own).cwiseAbs().maxCoeff() < 1e-12);
    }
  }
}

TEST_CASE("scenarios of the encoder and decoder self-attention validate and replay", "[train]") {
  const TrainedModel& model = small_model();
  for (AttentionSite site : {AttentionSite::EncoderSelf, AttentionSite::DecoderSelf}) {
    auto made = attention_scenario(model, "the dog sleeps", site, 0, -1);
    REQUIRE(std::holds_alternative<attn::Scenario>(made));
    const attn::Scenario& s = std::get<attn::Scenario>(made);
    CHECK(s.is_self_attention());
    CHECK(s.mask ==
          (site == AttentionSite::DecoderSelf ? attn::MaskKind::Causal : attn::MaskKind::None));
    const attn::Trace trace = attn::run_attention(s);
    CHECK(trace.heads[0].weights.rows() == s.m());
    CHECK(std::abs(trace.heads[1].weights.row(0).sum() - 1.0) < 1e-12);
  }
  const auto bad_head = attention_scenario(model, "the dog sleeps", AttentionSite::Cross, 0, 2);
  CHECK(std::get<InputError>(bad_head).message ==
        "head is 2; it must be between 0 and 1, or -1 for all heads");
}

TEST_CASE("an unknown word is an error value naming it and listing the lexicon", "[train]") {
  const auto result = translate(small_model(), "the cat sees a unicorn");
  REQUIRE(std::holds_alternative<InputError>(result));
  const InputError& e = std::get<InputError>(result);
  CHECK(e.field == "sentence");
  CHECK(e.message.find("unknown word \"unicorn\"") == 0);
  CHECK(e.message.find("a, big, bird, black, blue, boat, book, boy, car, cat, city, dog") !=
        std::string::npos);
  CHECK(std::holds_alternative<InputError>(
      attention_scenario(small_model(), "the unicorn runs", AttentionSite::Cross, 0, 0)));
}
