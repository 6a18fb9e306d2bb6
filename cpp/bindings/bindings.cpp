// The only file that knows about Emscripten: one EMSCRIPTEN_BINDINGS block and the conversions
// from core structs to plain JavaScript values.
//
// Layout crossing to JS: every matrix is {rows, cols, data: Float64Array}, row-major, a *copy*
// (slice) of the wasm heap, so later calls that grow memory cannot detach it. Errors are values
// ({ok: false, error: {field, message}}), never thrown C++ exceptions, so nothing leaks and the
// message survives. Nothing returned needs .delete().
#include <emscripten/bind.h>
#include <emscripten/val.h>
#include <malloc.h>

#include <string>
#include <variant>
#include <vector>

#include "attention.h"
#include "scenario_json.h"
#include "steps.h"

namespace {

using attn::Matrix;
using emscripten::val;

// {rows, cols, data}: data copied out of the heap (typed_memory_view + slice).
val to_js(const Matrix& m) {
  val out = val::object();
  out.set("rows", static_cast<int>(m.rows()));
  out.set("cols", static_cast<int>(m.cols()));
  val view = val(emscripten::typed_memory_view(static_cast<size_t>(m.size()), m.data()));
  out.set("data", view.call<val>("slice"));
  return out;
}

val to_js(const std::vector<std::string>& items) {
  val out = val::array();
  for (const auto& s : items) out.call<void>("push", s);
  return out;
}

val to_js(const std::vector<int>& items) {
  val out = val::array();
  for (int i : items) out.call<void>("push", i);
  return out;
}

val to_js(const attn::HeadTrace& h) {
  val out = val::object();
  out.set("q", to_js(h.q));
  out.set("k", to_js(h.k));
  out.set("v", to_js(h.v));
  out.set("scores", to_js(h.scores));
  out.set("scaled", to_js(h.scaled));
  out.set("masked", to_js(h.masked));
  out.set("weights", to_js(h.weights));
  out.set("output", to_js(h.output));
  return out;
}

val to_js(const attn::Scenario& s, const attn::Trace& t) {
  const attn::Inputs& in = t.inputs;
  val out = val::object();
  out.set("queryTokens", to_js(s.query_tokens));
  out.set("keyTokens", to_js(s.kv_tokens()));
  out.set("selfAttention", s.is_self_attention());
  out.set("dModel", s.d_model);
  out.set("numHeads", s.heads);
  out.set("dK", t.d_k);
  out.set("dV", t.d_v);
  out.set("embeddingsQ", to_js(in.embeddings_q));
  out.set("embeddingsKv", to_js(in.embeddings_kv));
  out.set("positionalQ", to_js(in.positional_q));
  out.set("positionalKv", to_js(in.positional_kv));
  out.set("xQ", to_js(in.x_q));
  out.set("xKv", to_js(in.x_kv));
  out.set("wQ", to_js(in.w_q));
  out.set("wK", to_js(in.w_k));
  out.set("wV", to_js(in.w_v));
  out.set("wO", in.w_o ? to_js(*in.w_o) : val::null());
  out.set("qAll", to_js(t.q_all));
  out.set("kAll", to_js(t.k_all));
  out.set("vAll", to_js(t.v_all));
  out.set("mask", to_js(t.mask));
  out.set("hasMask", t.has_mask);
  val heads = val::array();
  for (const auto& h : t.heads) heads.call<void>("push", to_js(h));
  out.set("headTraces", heads);
  out.set("concat", to_js(t.concat));
  out.set("output", to_js(t.output));
  out.set("fullyMaskedQueries", to_js(t.fully_masked_queries));
  return out;
}

val to_js(const attn::Operand& o) {
  val cells = val::object();
  cells.set("row0", o.cells.row0);
  cells.set("rows", o.cells.rows);
  cells.set("col0", o.cells.col0);
  cells.set("cols", o.cells.cols);
  val out = val::object();
  out.set("matrix", static_cast<int>(o.matrix));
  out.set("head", o.head);
  out.set("label", o.label);
  out.set("rows", o.rows);
  out.set("cols", o.cols);
  out.set("transposed", o.transposed);
  out.set("cells", cells);
  return out;
}

val to_js(const attn::Step& s) {
  val operands = val::array();
  for (const auto& o : s.operands) operands.call<void>("push", to_js(o));
  val out = val::object();
  out.set("stage", static_cast<int>(s.stage));
  out.set("head", s.head);
  out.set("query", s.query);
  out.set("operands", operands);
  out.set("result", to_js(s.result));
  out.set("shapes", s.shapes);
  out.set("formula", s.formula);
  out.set("formulaNumbers", s.formula_numbers);
  out.set("sentence", s.sentence);
  out.set("flagged", s.flagged);
  return out;
}

val failure(const attn::ValidationError& e) {
  val error = val::object();
  error.set("field", e.field);
  error.set("message", e.message);
  val out = val::object();
  out.set("ok", false);
  out.set("error", error);
  return out;
}

// run(scenarioJson, granularity) -> {ok: true, trace, steps} | {ok: false, error: {field, message}}
val run(const std::string& scenario_json, int granularity) {
  auto parsed = attn::parse_scenario_json(scenario_json);
  if (auto* e = std::get_if<attn::ValidationError>(&parsed)) return failure(*e);
  const attn::Scenario& scenario = std::get<attn::Scenario>(parsed);
  if (auto e = attn::validate(scenario)) return failure(*e);
  if (granularity != 0 && granularity != 1) {
    return failure({"granularity", "granularity is " + std::to_string(granularity) +
                                       "; it must be 0 (per query) or 1 (per matrix)"});
  }

  const attn::Trace trace = attn::run_attention(scenario);
  const auto steps =
      attn::build_steps(scenario, trace, static_cast<attn::Granularity>(granularity));
  val js_steps = val::array();
  for (const auto& s : steps) js_steps.call<void>("push", to_js(s));

  val out = val::object();
  out.set("ok", true);
  out.set("trace", to_js(scenario, trace));
  out.set("steps", js_steps);
  return out;
}

// Bytes of the wasm heap currently allocated by malloc: lets tests prove calls leak nothing.
int heap_bytes_in_use() { return static_cast<int>(mallinfo().uordblks); }

}  // namespace

EMSCRIPTEN_BINDINGS(attention_stepper) {
  emscripten::function("run", &run);
  emscripten::function("heapBytesInUse", &heap_bytes_in_use);

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
      .value("OutputProjection", attn::Stage::OutputProjection);

  emscripten::enum_<attn::Granularity>("Granularity")
      .value("PerQuery", attn::Granularity::PerQuery)
      .value("PerMatrix", attn::Granularity::PerMatrix);

  emscripten::enum_<attn::MatrixId>("MatrixId")
      .value("Xq", attn::MatrixId::Xq)
      .value("Xkv", attn::MatrixId::Xkv)
      .value("Wq", attn::MatrixId::Wq)
      .value("Wk", attn::MatrixId::Wk)
      .value("Wv", attn::MatrixId::Wv)
      .value("Q", attn::MatrixId::Q)
      .value("K", attn::MatrixId::K)
      .value("V", attn::MatrixId::V)
      .value("Scores", attn::MatrixId::Scores)
      .value("Scaled", attn::MatrixId::Scaled)
      .value("Masked", attn::MatrixId::Masked)
      .value("Weights", attn::MatrixId::Weights)
      .value("HeadOutput", attn::MatrixId::HeadOutput)
      .value("Concat", attn::MatrixId::Concat)
      .value("Wo", attn::MatrixId::Wo)
      .value("Output", attn::MatrixId::Output);
}
