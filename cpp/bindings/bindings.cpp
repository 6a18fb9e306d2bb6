// The module's entry points and its one EMSCRIPTEN_BINDINGS block. Together with to_js.* these
// are the only files that know about Emscripten; the core below cpp/core never does.
// Every entry point returns {ok: true, ...} or {ok: false, error: {field, message}}.
#include <emscripten/bind.h>
#include <emscripten/val.h>
#include <malloc.h>

#include <string>
#include <vector>

#include "attention/attention.h"
#include "explain/drill.h"
#include "explain/sweep.h"
#include "file_outline.h"
#include "runs.h"
#include "scenario/json.h"
#include "steps/steps.h"
#include "text_in.h"
#include "to_js.h"

namespace {

using bindings::failure;
using bindings::success;
using bindings::to_js;
using emscripten::val;

using bindings::compute;
using bindings::text_in;

// run(scenarioJson, granularity) -> {ok: true, trace, steps} | {ok: false, error: {field, message}}
// Everything at once (the trace command and the tests); the page uses open/step/matrix (runs.h).
val run(const val& scenario_json, int granularity) {
  if (granularity != 0 && granularity != 1) {
    return failure({"granularity", "granularity is " + std::to_string(granularity) +
                                       "; it must be 0 (per query) or 1 (per matrix)"});
  }
  val error = val::undefined();
  const auto c = compute(text_in(scenario_json), &error);
  if (!c) return error;
  const auto steps =
      attn::build_steps(c->scenario, c->trace, static_cast<attn::Granularity>(granularity));
  val js_steps = val::array();
  for (const auto& s : steps) js_steps.call<void>("push", to_js(s));

  val out = success("trace", to_js(c->scenario, c->trace));
  out.set("steps", js_steps);
  return out;
}

// trace(scenarioJson) -> {ok: true, trace} | {ok: false, error}: run's trace without its steps
// (npm run trace without --steps: the 3,878 steps of a 768-wide layer cost more than its trace).
val trace_only(const val& scenario_json) {
  val error = val::undefined();
  const auto c = compute(text_in(scenario_json), &error);
  if (!c) return error;
  return success("trace", to_js(c->scenario, c->trace));
}

enum class DrillKind {
  Score = 0,
  Weight = 1,
  Output = 2,
  Query = 3,
  Key = 4,
  Value = 5,
  Final = 6
};

// drill(scenarioJson, kind, head, row, col) -> {ok: true, drill} | {ok: false, error}. Rows are
// queries (keys for Key and Value); columns are keys (Score, Weight), d_v (Output, Value), d_k
// (Query, Key) or the output's width (Final, which ignores `head`).
val drill(const val& scenario_json, int kind, int head, int row, int col) {
  val error = val::undefined();
  const auto c = compute(text_in(scenario_json), &error);
  if (!c) return error;
  const attn::Trace& t = c->trace;
  auto out_of_range = [](const std::string& field, int value, int size) {
    return failure({field, field + " is " + std::to_string(value) + "; it must be between 0 and " +
                               std::to_string(size - 1)});
  };
  if (kind < 0 || kind > 6) return out_of_range("kind", kind, 7);
  const auto k = static_cast<DrillKind>(kind);
  const int m = c->scenario.m(), n = c->scenario.n();
  const int rows = k == DrillKind::Key || k == DrillKind::Value ? n : m;
  const int cols = k == DrillKind::Output || k == DrillKind::Value ? t.d_v
                   : k == DrillKind::Query || k == DrillKind::Key  ? t.d_k
                   : k == DrillKind::Final ? static_cast<int>(t.output.cols())
                                           : n;
  if (k != DrillKind::Final && (head < 0 || head >= c->scenario.heads)) {
    return out_of_range("head", head, c->scenario.heads);
  }
  if (row < 0 || row >= rows) return out_of_range("row", row, rows);
  if (col < 0 || col >= cols) return out_of_range("col", col, cols);
  switch (k) {
    case DrillKind::Score:
      return success("drill", to_js(attn::drill_score(c->scenario, t, head, row, col)));
    case DrillKind::Weight:
      return success("drill", to_js(attn::drill_weight(t, head, row, col)));
    case DrillKind::Output:
      return success("drill", to_js(attn::drill_output(t, head, row, col)));
    case DrillKind::Query:
    case DrillKind::Key:
    case DrillKind::Value: {
      const auto which = static_cast<attn::Projection>(kind - static_cast<int>(DrillKind::Query));
      return success("drill", to_js(attn::drill_projection(t, which, head, row, col)));
    }
    case DrillKind::Final:
      return success("drill", to_js(attn::drill_final_output(t, row, col)));
  }
  return out_of_range("kind", kind, 7);
}

// The four averaged measures of a sweep point, or the low or high ends of their bands.
val sweep_measures(double score_std, double max_weight, double entropy, double gradient_norm) {
  val out = val::object();
  out.set("scoreStd", score_std);
  out.set("meanMaxWeight", max_weight);
  out.set("meanEntropy", entropy);
  out.set("meanGradientNorm", gradient_norm);
  return out;
}

// sweep(scenarioJson) -> {ok: true, points: [{dK, scaled, draws, scoreStd, ..., low, high}]}
// | {ok: false, error}; the measures are means over the draws (as many as sweep_draws_for
// allows), low/high their bands.
val sweep(const val& scenario_json) {
  val error = val::undefined();
  const auto c = compute(text_in(scenario_json), &error);
  if (!c) return error;
  val points = val::array();
  const std::vector<int> dims = attn::default_sweep_dims();
  const int draws = attn::sweep_draws_for(c->scenario, dims);
  for (const auto& p : attn::scaling_sweep(c->scenario, dims, draws)) {
    val point =
        sweep_measures(p.score_std, p.mean_max_weight, p.mean_entropy, p.mean_gradient_norm);
    point.set("dK", p.d_k);
    point.set("scaled", p.scaled);
    point.set("draws", p.draws);
    point.set("meanMaxEntropy", p.mean_max_entropy);
    point.set("low", sweep_measures(p.score_std_band.low, p.max_weight_band.low, p.entropy_band.low,
                                    p.gradient_norm_band.low));
    point.set("high", sweep_measures(p.score_std_band.high, p.max_weight_band.high,
                                     p.entropy_band.high, p.gradient_norm_band.high));
    points.call<void>("push", point);
  }
  return success("points", points);
}

// Bytes of the wasm heap currently allocated by malloc: lets tests prove calls leak nothing.
int heap_bytes_in_use() { return static_cast<int>(mallinfo().uordblks); }

// jsonLimits() -> {maxBytes, maxValues}: a scenario file's limits (JsonLimits), so that the page
// and the commands refuse a file from its size before reading it.
val json_limits() {
  val out = val::object();
  out.set("maxBytes", static_cast<double>(attn::JsonLimits::kMaxBytes));
  out.set("maxValues", static_cast<double>(attn::JsonLimits::kMaxValues));
  return out;
}

}  // namespace

EMSCRIPTEN_BINDINGS(attention_stepper) {
  emscripten::function("run", &run);
  emscripten::function("trace", &trace_only);
  emscripten::function("drill", &drill);
  emscripten::function("sweep", &sweep);
  emscripten::function("heapBytesInUse", &heap_bytes_in_use);
  emscripten::function("jsonLimits", &json_limits);
  // The scenario's bytes copied in at once (text_in.h), then handed to runs.h.
  emscripten::function(
      "check", +[](const val& json) { return bindings::check_scenario(text_in(json)); });
  emscripten::function(
      "checkFile", +[](const val& json) { return bindings::check_file(text_in(json)); });
  emscripten::function(
      "open", +[](const val& json, int granularity) {
        return bindings::open_run(text_in(json), granularity);
      });
  emscripten::function("step", &bindings::run_step);
  emscripten::function("matrix", &bindings::run_matrix);
  emscripten::function("close", &bindings::close_run);
  emscripten::function("openRuns", &bindings::open_runs);
  // The matrices, score kinds and mask kinds, from the core's tables (registry_js.cpp).
  emscripten::function("registry", &bindings::registry_to_js);

  emscripten::enum_<DrillKind>("DrillKind")
      .value("Score", DrillKind::Score)
      .value("Weight", DrillKind::Weight)
      .value("Output", DrillKind::Output)
      .value("Query", DrillKind::Query)
      .value("Key", DrillKind::Key)
      .value("Value", DrillKind::Value)
      .value("Final", DrillKind::Final);

  emscripten::enum_<attn::Stage>("Stage")
      .value("ProjectQ", attn::Stage::ProjectQ)
      .value("ProjectK", attn::Stage::ProjectK)
      .value("ProjectV", attn::Stage::ProjectV)
      .value("Scores", attn::Stage::Scores)
      .value("Scale", attn::Stage::Scale)
      .value("Mask", attn::Stage::Mask)
      .value("Softmax", attn::Stage::Softmax)
      .value("WeightedSum", attn::Stage::WeightedSum)
      .value("Concat", attn::Stage::Concat)
      .value("OutputProjection", attn::Stage::OutputProjection)
      .value("RopeK", attn::Stage::RopeK)
      .value("RopeQ", attn::Stage::RopeQ)
      .value("Alibi", attn::Stage::Alibi);

  emscripten::enum_<attn::Granularity>("Granularity")
      .value("PerQuery", attn::Granularity::PerQuery)
      .value("PerMatrix", attn::Granularity::PerMatrix);
}
