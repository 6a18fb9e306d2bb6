// The runs the page steps through, kept inside the module: `open` computes a scenario and answers
// with a small summary; the page then asks for one step (`step`) or one matrix (`matrix`) when it
// shows it, instead of copying the whole trace and every step into JavaScript on each run.
#pragma once

#include <emscripten/val.h>

#include <memory>
#include <string>
#include <vector>

#include "attention/attention.h"
#include "scenario/json.h"
#include "scenario/scenario.h"

namespace bindings {

using emscripten::val;

/// A scenario text with its checked scenario and computed trace (shared by runs and drills).
struct Computed {
  std::string json;
  attn::Scenario scenario;
  attn::Trace trace;
};

/// Parses, validates and computes `json`, or returns null with the error as a JS value in *error.
/// The last scenario text is cached: drilling or reopening it does not recompute.
std::shared_ptr<const Computed> compute(const std::string& json, val* error);

/// check(scenarioJson) -> {ok: true} | {ok: false, error}: the scenario read and checked like
/// open's, without computing its trace (a loaded file is judged before it is run). With `spans`,
/// also where each top-level field's value lies in `json`.
val check_scenario(const std::string& json, std::vector<attn::JsonSpan>* spans = nullptr);
/// The scenario the last check accepted, until an open takes it; else null.
const attn::Scenario* checked_scenario();
/// open(scenarioJson, granularity) -> {ok: true, id, summary} | {ok: false, error}; the summary
/// holds the sizes, tokens, flags and the step keys as an Int32Array (stage, head, query) × count.
val open_run(const std::string& json, int granularity);
/// step(id, k) -> {ok: true, step} | {ok: false, error}: step k of run `id`, with its text.
val run_step(int id, int k);
/// matrix(id, matrixId, head) -> {ok: true, matrix} | {ok: false, error}: the matrix of the
/// registry's row `matrixId` (attention/registry.h; null when the run has none), of head `head`
/// for a per-head matrix (the head is ignored otherwise).
val run_matrix(int id, int matrix, int head);
/// Forgets run `id` (its trace is freed once no run or cache holds it); unknown ids are ignored.
void close_run(int id);
/// How many runs are open (tests prove the page's runs are closed).
int open_runs();

}  // namespace bindings
