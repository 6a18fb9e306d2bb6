// What leaves a trained model: its file (exact round trip), the scenario of each attention
// sublayer (replayed by the stepper's attn::run_attention to 1e-12) and the errors of a typed
// sentence.
#include <catch2/catch.hpp>
#include <map>

#include "attention/attention.h"
#include "scenario/scenario_json.h"
#include "train/train.h"

using namespace attn::train;

namespace {

// Quickly trained small models of each task, every attention site present.
const TrainedModel& small_model(TaskKind task = TaskKind::Translate) {
  static std::map<TaskKind, TrainedModel> models;
  auto it = models.find(task);
  if (it == models.end()) {
    TrainConfig c = default_config(task);
    c.d_model = 16;
    c.heads = 2;
    c.d_ff = 32;
    c.steps = 30;
    c.encoder_self_attention = true;
    Trainer t(c);
    t.train_steps(c.steps);
    t.evaluate();
    it = models.emplace(task, t.trained()).first;
  }
  return it->second;
}

// The scenario of `site`, through its JSON file as the stepper receives it.
attn::Scenario scenario_of(const TrainedModel& model, const std::string& text, AttentionSite site,
                           int layer, int head) {
  auto made = attention_scenario(model, text, site, layer, head);
  REQUIRE(std::holds_alternative<attn::Scenario>(made));
  auto parsed = attn::parse_scenario_json(scenario_to_json(std::get<attn::Scenario>(made)));
  REQUIRE(std::holds_alternative<attn::Scenario>(parsed));
  const attn::Scenario& s = std::get<attn::Scenario>(parsed);
  REQUIRE_FALSE(attn::validate(s));
  return s;
}

// Largest difference between the stepper's replayed weights and the model's own (per head).
double replay_error(const attn::Scenario& s, const std::vector<attn::Matrix>& own, int head) {
  const attn::Trace trace = attn::run_attention(s);
  double worst = 0.0;
  for (int h = 0; h < s.heads; ++h) {
    const attn::Matrix& mine = own[static_cast<std::size_t>(head < 0 ? h : head)];
    const attn::Matrix& theirs = trace.heads[static_cast<std::size_t>(h)].weights;
    REQUIRE(theirs.rows() == mine.rows());
    worst = std::max(worst, (theirs - mine).cwiseAbs().maxCoeff());
  }
  return worst;
}

}  // namespace

TEST_CASE("a model file round-trips exactly, its named head included", "[train]") {
  TrainedModel model = small_model();
  for (int head : {1, kMeanOfHeads}) {
    model.head = head;
    const std::string text = model_to_json(model);
    auto loaded = model_from_json(text);
    REQUIRE(std::holds_alternative<TrainedModel>(loaded));
    const TrainedModel& back = std::get<TrainedModel>(loaded);
    CHECK(model_to_json(back) == text);
    CHECK(back.head == head);
    const auto a = back.model.parameters(), b = small_model().model.parameters();
    for (std::size_t i = 0; i < a.size(); ++i) CHECK(a[i]->value == b[i]->value);
    const std::string sentence = "a green dog follows the big car";
    CHECK(std::get<Translation>(translate(back, sentence)).target ==
          std::get<Translation>(translate(model, sentence)).target);
  }
  const std::string text = model_to_json(model);
  CHECK(text.find("\"head\":\"mean\"") != std::string::npos);
  auto broken = model_from_json(text.substr(0, text.size() / 2));
  REQUIRE(std::holds_alternative<InputError>(broken));
  CHECK(std::get<InputError>(broken).message.rfind("invalid JSON at line 1", 0) == 0);
  std::string other = text;
  other.replace(other.find("\"d_model\":16"), 12, "\"d_model\":99");
  CHECK(std::get<InputError>(model_from_json(other)).field == "config.d_model");
  other = text;
  other.replace(other.find("\"head\":\"mean\""), 13, "\"head\":2");
  CHECK(std::get<InputError>(model_from_json(other)).message ==
        "head must be \"mean\" or a whole number between 0 and 1");
}

TEST_CASE("scenario of the cross-attention replays the model's weights to 1e-12", "[train]") {
  const TrainedModel& model = small_model();
  const std::string sentence = "the small black cat sees a red car";
  const Translation t = std::get<Translation>(translate(model, sentence));
  for (int head : {-1, 0, 1}) {
    INFO("head " << head);
    const attn::Scenario s = scenario_of(model, sentence, AttentionSite::Cross, 0, head);
    CHECK(s.query_tokens == t.target);
    CHECK(s.key_tokens == t.source);
    CHECK(replay_error(s, t.attention, head) < 1e-12);
  }
  // The named "mean": the mean of the all-heads scenario's replayed weights.
  const attn::Trace all =
      attn::run_attention(scenario_of(model, sentence, AttentionSite::Cross, 0, kMeanOfHeads));
  std::vector<attn::Matrix> replayed;
  for (const attn::HeadTrace& h : all.heads) replayed.push_back(h.weights);
  CHECK((mean_of_heads(replayed) - mean_of_heads(t.attention)).cwiseAbs().maxCoeff() < 1e-12);
}

TEST_CASE("scenarios of every self-attention replay the model's weights to 1e-12", "[train]") {
  struct Site {
    TaskKind task;
    AttentionSite site;
    int layer;
    const char* text;
  };
  for (const Site& c : {Site{TaskKind::Translate, AttentionSite::EncoderSelf, 0, "the dog sleeps"},
                        Site{TaskKind::Translate, AttentionSite::DecoderSelf, 0, "the dog sleeps"},
                        Site{TaskKind::Copy, AttentionSite::DecoderSelf, 0, "c a t s"},
                        Site{TaskKind::Copy, AttentionSite::DecoderSelf, 1, "c a t s"}}) {
    const TrainedModel& model = small_model(c.task);
    INFO(task_name(c.task) << " site " << static_cast<int>(c.site) << " layer " << c.layer);
    const attn::Scenario s = scenario_of(model, c.text, c.site, c.layer, -1);
    CHECK(s.is_self_attention());
    const bool decoder = c.site == AttentionSite::DecoderSelf;
    CHECK(s.mask == (decoder ? attn::MaskKind::Causal : attn::MaskKind::None));
    // The model's own weights for the same rows: its forward pass over its own output.
    Example decoded;
    decoded.source = std::get<Translation>(translate(model, c.text)).source;
    decoded.target = std::get<Translation>(translate(model, c.text)).target;
    const ForwardPass pass = model.model.forward(model.task->to_batch({decoded}));
    const AttentionCache& own = decoder
                                    ? pass.decoder[static_cast<std::size_t>(c.layer)].self_attention
                                    : pass.encoder.front().self_attention;
    std::vector<attn::Matrix> rows;
    for (const attn::Matrix& w : own.weights[0]) rows.push_back(w.topLeftCorner(s.m(), s.m()));
    CHECK(replay_error(s, rows, -1) < 1e-12);
  }
  const auto bad_head =
      attention_scenario(small_model(), "the dog sleeps", AttentionSite::Cross, 0, 2);
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
