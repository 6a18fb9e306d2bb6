// Conversions from core structs to plain JavaScript values (see to_js.h for the layout).
#include "to_js.h"

#include <emscripten/val.h>

#include "variants/rope/rope.h"

namespace bindings {

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

// A row vector as a Float64Array copy.
val to_js(const attn::RowVector& v) {
  return val(emscripten::typed_memory_view(static_cast<size_t>(v.size()), v.data()))
      .call<val>("slice");
}

val to_js(const std::vector<std::string>& items) {
  val out = val::array();
  for (const auto& s : items) out.call<void>("push", s);
  return out;
}

val to_js(const std::vector<double>& items) {
  return val(emscripten::typed_memory_view(items.size(), items.data())).call<val>("slice");
}

val to_js(const std::vector<int>& items) {
  val out = val::array();
  for (int i : items) out.call<void>("push", i);
  return out;
}

// A head's matrices (the registry's per-head rows), under their trace fields; null for an
// optional one the head lacks (q_rotated, k_rotated without RoPE; bias without ALiBi).
val head_to_js(const attn::Trace& t, int head) {
  val out = val::object();
  for (const attn::MatrixInfo& row : attn::matrix_registry()) {
    if (!row.per_head) continue;
    const attn::Matrix* m = row.get(t, head);
    out.set(row.trace_field, m ? to_js(*m) : val::null());
  }
  return out;
}

// The modern-attention settings (docs/scenario.md): kvHeads, rope ({theta, style, dims}; only
// with RoPE), positionOffset, sinkTokens, alibi, window (0 without a window).
void modern_header(const attn::Scenario& s, const attn::Trace& t, val& out) {
  out.set("kvHeads", t.kv_heads);
  if (s.rope) {
    val rope = val::object();
    rope.set("theta", s.rope->theta);
    rope.set("style", std::string(attn::variants::rope_style_name(s.rope->style)));
    rope.set("dims", s.rope_dims());
    out.set("rope", rope);
  }
  out.set("positionOffset", s.position_offset);
  out.set("sinkTokens", s.sink_tokens);
  out.set("alibi", s.alibi);
  out.set("window", s.window.value_or(0));
}

val trace_header(const attn::Scenario& s, const attn::Trace& t) {
  val out = val::object();
  out.set("queryTokens", to_js(s.query_tokens));
  out.set("keyTokens", to_js(s.kv_tokens()));
  // What the page shows for each token (raw tokens stay for files, links and exports).
  out.set("queryLabels", to_js(attn::token_labels(s.query_tokens)));
  out.set("keyLabels", to_js(attn::token_labels(s.kv_tokens())));
  out.set("selfAttention", s.is_self_attention());
  out.set("dModel", s.d_model);
  out.set("numHeads", s.heads);
  out.set("dK", t.d_k);
  out.set("dV", t.d_v);
  out.set("score", static_cast<int>(t.score));
  out.set("scoreName", std::string(attn::score_variant(t.score).name));  // the file's word
  out.set("hasMask", t.has_mask);
  out.set("fullyMaskedQueries", to_js(t.fully_masked_queries));
  modern_header(s, t, out);
  // Where the scenario came from (plain text), only when the file says.
  if (s.title) out.set("title", *s.title);
  if (s.source) out.set("source", *s.source);
  return out;
}

// The header, then every trace matrix of the registry under its field (null when the trace has
// none: W_O, a scoring parameter or a bias the scenario lacks), and the heads.
val to_js(const attn::Scenario& s, const attn::Trace& t) {
  val out = trace_header(s, t);
  for (const attn::MatrixInfo& row : attn::matrix_registry()) {
    if (row.per_head) continue;
    const attn::Matrix* m = row.get(t, -1);
    out.set(row.trace_field, m ? to_js(*m) : val::null());
  }
  val heads = val::array();
  for (int h = 0; h < static_cast<int>(t.heads.size()); ++h) {
    heads.call<void>("push", head_to_js(t, h));
  }
  out.set("headTraces", heads);
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
  out.set("part", o.part);
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
  out.set("sizeRule", s.size_rule);
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

val success(const char* key, const val& value) {
  val out = val::object();
  out.set("ok", true);
  out.set(key, value);
  return out;
}

val to_js(const attn::ScoreDrill& d) {
  val out = val::object();
  out.set("kind", static_cast<int>(d.kind));
  out.set("q", to_js(d.q));
  out.set("k", to_js(d.k));
  out.set("qMapped", to_js(d.q_mapped));
  out.set("products", to_js(d.products));
  out.set("hiddenQ", to_js(d.hidden_q));
  out.set("hiddenK", to_js(d.hidden_k));
  out.set("hidden", to_js(d.hidden));
  out.set("vA", to_js(d.v_a));
  out.set("sum", d.sum);
  out.set("divisor", d.divisor);
  out.set("scaled", d.scaled);
  out.set("masked", d.masked);
  return out;
}

val to_js(const attn::WeightDrill& d) {
  val out = val::object();
  out.set("row", to_js(d.row));
  out.set("max", d.max);
  out.set("shifted", to_js(d.shifted));
  out.set("exps", to_js(d.exps));
  out.set("sum", d.sum);
  out.set("weights", to_js(d.weights));
  out.set("weight", d.weight);
  out.set("fullyMasked", d.fully_masked);
  return out;
}

val to_js(const attn::OutputDrill& d) {
  val out = val::object();
  out.set("weights", to_js(d.weights));
  out.set("values", to_js(d.values));
  out.set("terms", to_js(d.terms));
  out.set("sum", d.sum);
  return out;
}

val to_js(const attn::ProductDrill& d) {
  val out = val::object();
  out.set("row", to_js(d.row));
  out.set("column", to_js(d.column));
  out.set("terms", to_js(d.terms));
  out.set("wColumn", d.w_column);
  out.set("hasBias", d.has_bias);
  out.set("bias", d.bias);
  out.set("sum", d.sum);
  out.set("stored", d.stored);
  out.set("product", d.product);
  return out;
}

}  // namespace bindings
