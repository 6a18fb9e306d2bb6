// Converts a run result of the wasm module into the documented trace JSON (docs/scenario.md):
// matrices as arrays of rows, -Infinity (masked) as null, field names in snake_case.
// One implementation serves both the page's "Export → Trace as JSON" and the command line
// (tools/cli/trace-json.mjs re-exports its build for node, build/node/, made by
// tools/make/build-node.mjs).

import { MATRICES, MatrixId, type TraceMatrixField } from "../../wasm/registry";
import type { HeadTraceValue, MatrixValue, RunResult, TraceValue } from "../../wasm/types";

/** A matrix as arrays of rows; -Infinity (masked) written as null. */
export type JsonRows = (number | null)[][];
type Json = Record<string, unknown>;

/** {rows, cols, data} -> number[][] with -Infinity written as null (JSON has no infinities). */
export function rowsOf(m: MatrixValue): JsonRows {
  const rows: JsonRows = [];
  for (let r = 0; r < m.rows; r++) {
    const row = Array.from(m.data.subarray(r * m.cols, (r + 1) * m.cols));
    rows.push(row.map((x) => (Number.isFinite(x) ? x : null)));
  }
  return rows;
}

/** The scenario file's matrices, in the registry's order, by how the trace JSON writes them. */
const FILE_MATRICES = MATRICES.filter((m) => m.fileField !== "");
/** Inputs and weights (x_q … w_o): rows, or null when the trace has none (w_o). */
const INPUTS = FILE_MATRICES.filter((m) => m.score === "" && m.rows !== "1");
/** Biases (b_q … b_o, shape (1, width)): flat arrays, only those the trace has. */
const BIASES = FILE_MATRICES.filter((m) => m.rows === "1");
/** Score parameters (w_bilinear, w_additive_q, …): only those the score kind uses. */
const SCORE_PARAMETERS = FILE_MATRICES.filter((m) => m.score !== "");
/** A head's matrices (q … output), under their trace JSON names. */
const HEAD_MATRICES = MATRICES.filter((m) => m.perHead);
/** The computed matrices of the whole trace (q, k, v, mask, concat, output), under their trace
 * JSON names (docs/scenario.md); the heads are written before Concat, which they feed. */
const COMPUTED = MATRICES.filter((m) => m.jsonField !== "" && m.fileField === "" && !m.perHead);
const HEADS_BEFORE = COMPUTED.findIndex((m) => m.id === MatrixId.Concat);

/** The trace's matrix under a registry row's trace field (null: the scenario has none). */
export const fieldOf = (t: TraceValue, field: string): MatrixValue | null =>
  t[field as TraceMatrixField];

/** Head `head`: kv_head (the K/V head it reads, ⌊head / (heads / kv_heads)⌋), its matrices
 * (q_rotated, k_rotated, bias only when it has them), and lse as a flat array (null for a fully
 * masked query, as a masked score is). */
function headToJson(h: HeadTraceValue, head: number, t: TraceValue): Json {
  const out: Json = { kv_head: Math.floor(head / (t.numHeads / t.kvHeads)) };
  for (const m of HEAD_MATRICES) {
    const value = h[m.traceField];
    if (!value) continue;
    const rows = rowsOf(value);
    out[m.jsonField] = m.id === MatrixId.Lse ? rows.map((r) => r[0]) : rows;
  }
  return out;
}

/** x_q, x_kv, w_q, w_k, w_v, w_o (null without an output projection). */
function inputs(t: TraceValue): Json {
  const out: Json = {};
  for (const m of INPUTS) {
    const value = fieldOf(t, m.traceField);
    out[m.jsonField] = value ? rowsOf(value) : null;
  }
  return out;
}

/** The scoring parameters the trace's score kind uses (none for dot and scaled dot). */
function scoringParameters(t: TraceValue): Json {
  const out: Json = {};
  for (const m of SCORE_PARAMETERS) {
    const value = fieldOf(t, m.traceField);
    if (value) out[m.jsonField] = rowsOf(value);
  }
  return out;
}

/** The biases the trace has, each as the scenario file writes it: a flat array of numbers. */
function biases(t: TraceValue): Json {
  const out: Json = {};
  for (const m of BIASES) {
    const value = fieldOf(t, m.traceField);
    if (value) out[m.jsonField] = Array.from(value.data);
  }
  return out;
}

/** title and source, when the scenario has them. */
function provenance(t: TraceValue): Json {
  const out: Json = {};
  if (t.title !== undefined) out.title = t.title;
  if (t.source !== undefined) out.source = t.source;
  return out;
}

/** The computed matrices, the heads' among them (`heads`: one object per head). */
function computed(t: TraceValue): Json {
  const out: Json = {};
  COMPUTED.forEach((m, i) => {
    if (i === HEADS_BEFORE) out.heads = t.headTraces.map((h, head) => headToJson(h, head, t));
    out[m.jsonField] = rowsOf(fieldOf(t, m.traceField)!);
  });
  return out;
}

/** The whole trace of one run; with `withSteps`, the per-query step sequence too. */
export function traceToJson({ trace: t, steps }: RunResult, withSteps = false): Json {
  const out: Json = {
    ...provenance(t),
    query_tokens: t.queryTokens,
    key_tokens: t.keyTokens,
    self_attention: t.selfAttention,
    d_model: t.dModel,
    num_heads: t.numHeads,
    kv_heads: t.kvHeads,
    d_k: t.dK,
    d_v: t.dV,
    ...inputs(t),
    ...biases(t),
    score: t.scoreName, // the core's word for its score kind
    ...scoringParameters(t),
    ...computed(t),
    fully_masked_queries: t.fullyMaskedQueries,
  };
  if (withSteps) out.steps = steps;
  return out;
}
