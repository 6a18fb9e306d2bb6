// Converts a run result of the wasm module into the documented trace JSON (docs/scenario.md):
// matrices as arrays of rows, -Infinity (masked) as null, field names in snake_case.
// Plain JavaScript (types in trace-json.d.ts) so that one implementation serves both the page's
// "Export → Trace as JSON" and the command line (tools/cli/trace-json.mjs re-exports it).

/** ScoreKind numbers (web/src/wasm/enums.ts) -> the scenario file's names for them. */
const scoreNames = ["dot", "scaled_dot", "general", "additive"];

/** {rows, cols, data} -> number[][] with -Infinity written as null (JSON has no infinities). */
export function rowsOf(m) {
  const rows = [];
  for (let r = 0; r < m.rows; r++) {
    const row = Array.from(m.data.subarray(r * m.cols, (r + 1) * m.cols));
    rows.push(row.map((x) => (Number.isFinite(x) ? x : null)));
  }
  return rows;
}

function headToJson(h) {
  return {
    q: rowsOf(h.q),
    k: rowsOf(h.k),
    v: rowsOf(h.v),
    scores: rowsOf(h.scores),
    scaled: rowsOf(h.scaled),
    masked: rowsOf(h.masked),
    weights: rowsOf(h.weights),
    output: rowsOf(h.output),
  };
}

/** The scoring parameters the trace's score kind uses (none for dot and scaled dot). */
function scoringParameters(t) {
  const out = {};
  if (t.wBilinear) out.w_bilinear = rowsOf(t.wBilinear);
  if (t.wAdditiveQ) out.w_additive_q = rowsOf(t.wAdditiveQ);
  if (t.wAdditiveK) out.w_additive_k = rowsOf(t.wAdditiveK);
  if (t.vAdditive) out.v_additive = rowsOf(t.vAdditive);
  return out;
}

/** The biases the trace has, each as the scenario file writes it: a flat array of numbers. */
function biases(t) {
  const out = {};
  for (const [key, name] of [
    ["bQ", "b_q"],
    ["bK", "b_k"],
    ["bV", "b_v"],
    ["bO", "b_o"],
  ]) {
    if (t[key]) out[name] = Array.from(t[key].data);
  }
  return out;
}

/** title and source, when the scenario has them. */
function provenance(t) {
  const out = {};
  if (t.title !== undefined) out.title = t.title;
  if (t.source !== undefined) out.source = t.source;
  return out;
}

/** The whole trace of one run; with `withSteps`, the per-query step sequence too. */
export function traceToJson({ trace: t, steps }, withSteps = false) {
  const out = {
    ...provenance(t),
    query_tokens: t.queryTokens,
    key_tokens: t.keyTokens,
    self_attention: t.selfAttention,
    d_model: t.dModel,
    num_heads: t.numHeads,
    d_k: t.dK,
    d_v: t.dV,
    x_q: rowsOf(t.xQ),
    x_kv: rowsOf(t.xKv),
    w_q: rowsOf(t.wQ),
    w_k: rowsOf(t.wK),
    w_v: rowsOf(t.wV),
    w_o: t.wO ? rowsOf(t.wO) : null,
    ...biases(t),
    score: scoreNames[t.score],
    ...scoringParameters(t),
    q: rowsOf(t.qAll),
    k: rowsOf(t.kAll),
    v: rowsOf(t.vAll),
    mask: rowsOf(t.mask),
    heads: t.headTraces.map(headToJson),
    concat: rowsOf(t.concat),
    output: rowsOf(t.output),
    fully_masked_queries: t.fullyMaskedQueries,
  };
  if (withSteps) out.steps = steps;
  return out;
}
