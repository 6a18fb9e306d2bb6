// The training module (train.mjs): its entry points and its one EMSCRIPTEN_BINDINGS block, thin
// over cpp/train/train.h. As in bindings.cpp, every call that can fail returns {ok: true, ...} or
// {ok: false, error: {field, message}}; nothing throws across the boundary. A Session is one
// model: trained live (start) or read from a model file (open); it is the one value here that
// needs .delete() (a worker simply ends with it).
#include <emscripten/bind.h>
#include <emscripten/val.h>
#include <malloc.h>

#include <memory>
#include <optional>
#include <string>
#include <variant>

#include "to_js.h"
#include "train/run_file.h"
#include "train/train.h"
#include "train_to_js.h"

namespace {

using namespace attn::train;
using bindings::config_from_js;
using bindings::failure;
using bindings::success;
using bindings::to_js;
using emscripten::val;

class Session {
 public:
  explicit Session(const TrainConfig& config) : trainer_(std::make_unique<Trainer>(config)) {}
  explicit Session(TrainedModel model)
      : loaded_(std::make_unique<TrainedModel>(std::move(model))) {}

  /// Runs up to n more steps (a loaded model has none); returns the steps run.
  int train_steps(int n) { return trainer_ ? trainer_->train_steps(n) : 0; }

  val progress() const {
    if (trainer_) return to_js(trainer_->progress());
    Progress done;
    done.step = done.steps = model().config.steps;
    done.done = true;
    return to_js(done);
  }

  /// Snapshots from index `from` on (a loaded model's come with its run file, not from here).
  val snapshots(int from) const {
    val out = val::array();
    if (!trainer_) return out;
    const auto& all = trainer_->snapshots();
    for (std::size_t i = static_cast<std::size_t>(std::max(from, 0)); i < all.size(); ++i) {
      out.call<void>("push", to_js(all[i]));
    }
    return out;
  }

  /// Training losses from step from + 1 on, as a Float64Array.
  val losses(int from) const {
    if (!trainer_) return to_js(std::vector<double>{});
    const auto& all = trainer_->losses();
    const auto start = all.begin() + std::min<std::ptrdiff_t>(std::max(from, 0), all.size());
    return to_js(std::vector<double>(start, all.end()));
  }

  val watched() const {
    val out = val::array();
    if (!trainer_) return out;
    for (const WatchedAttention& w : trainer_->watched()) out.call<void>("push", to_js(w));
    return out;
  }

  /// The full held-out evaluation. Live: Trainer::evaluate() (names the head). Loaded: the same
  /// splits, the file's head kept.
  val evaluate() {
    if (trainer_) {
      metrics_ = trainer_->evaluate();
    } else {
      const Task& task = *loaded_->task;
      metrics_ = attn::train::evaluate(
          loaded_->model, task, task.held_out(Split::Validation, Trainer::kEvaluationExamples),
          task.held_out(Split::Test, Trainer::kEvaluationExamples));
    }
    return to_js(*metrics_);
  }

  val translate(const std::string& text) const {
    auto result = attn::train::translate(model(), text);
    if (auto* e = std::get_if<InputError>(&result)) return failure(*e);
    return success("translation", to_js(std::get<Translation>(result)));
  }

  /// {ok: true, scenario: scenario-file JSON text} for one attention sublayer (head -1: all).
  val scenario(const std::string& text, int site, int layer, int head) const {
    if (site < 0 || site > 2) {
      return failure(
          InputError{"site", "site is " + std::to_string(site) +
                                 "; it must be 0 (cross), 1 (encoder self) or 2 (decoder self)"});
    }
    auto result = attention_scenario(model(), text, static_cast<AttentionSite>(site), layer, head);
    if (auto* e = std::get_if<InputError>(&result)) return failure(*e);
    return success("scenario", val(scenario_to_json(std::get<attn::Scenario>(result))));
  }

  std::string model_file() const { return model_to_json(model()); }

  /// {ok: true, run: run-file JSON text} of a live run, evaluated first if it was not.
  val run_file() {
    if (!trainer_)
      return failure(InputError{"run", "a model read from a file has no run to record"});
    if (!metrics_) evaluate();
    return success("run", val(run_to_json(*trainer_, *metrics_)));
  }

  val settings() const { return to_js(model().config); }
  int parameter_count() const { return model().model.parameter_count(); }

 private:
  const TrainedModel& model() const { return trainer_ ? trainer_->trained() : *loaded_; }

  std::unique_ptr<Trainer> trainer_;
  std::unique_ptr<TrainedModel> loaded_;
  std::optional<Metrics> metrics_;
};

// defaultSettings(task) -> {ok, settings}
val default_settings(const std::string& task) {
  const auto kind = task_from_name(task);
  if (!kind) return failure(InputError{"task", "task must be \"translate\" or \"copy\""});
  return success("settings", to_js(default_config(*kind)));
}

// start(settings) -> {ok, session}: a fresh model (snapshot of step 0 taken).
val start(const val& settings) {
  auto config = config_from_js(settings);
  if (auto* e = std::get_if<InputError>(&config)) return failure(*e);
  return success("session", val(Session(std::get<TrainConfig>(config))));
}

// open(modelFileText) -> {ok, session}: a model read from a model file (serialise.h).
val open(const std::string& text) {
  auto model = model_from_json(text);
  if (auto* e = std::get_if<InputError>(&model)) return failure(*e);
  return success("session", val(Session(std::move(std::get<TrainedModel>(model)))));
}

int heap_bytes_in_use() { return static_cast<int>(mallinfo().uordblks); }

}  // namespace

EMSCRIPTEN_BINDINGS(attention_train) {
  emscripten::class_<Session>("Session")
      .function("trainSteps", &Session::train_steps)
      .function("progress", &Session::progress)
      .function("snapshots", &Session::snapshots)
      .function("losses", &Session::losses)
      .function("watched", &Session::watched)
      .function("evaluate", &Session::evaluate)
      .function("translate", &Session::translate)
      .function("scenario", &Session::scenario)
      .function("modelFile", &Session::model_file)
      .function("runFile", &Session::run_file)
      .function("settings", &Session::settings)
      .function("parameterCount", &Session::parameter_count);
  emscripten::function("defaultSettings", &default_settings);
  emscripten::function("start", &start);
  emscripten::function("open", &open);
  emscripten::function("heapBytesInUse", &heap_bytes_in_use);

  emscripten::enum_<AttentionSite>("AttentionSite")
      .value("Cross", AttentionSite::Cross)
      .value("EncoderSelf", AttentionSite::EncoderSelf)
      .value("DecoderSelf", AttentionSite::DecoderSelf);
}
