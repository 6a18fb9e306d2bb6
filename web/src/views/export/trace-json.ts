// Converts a run result of the wasm module into the documented trace JSON (docs/scenario.md):
// matrices as arrays of rows, -Infinity (masked) as null, field names in snake_case.
// One implementation serves both the page's "Export → Trace as JSON" and the command line
// (tools/cli/trace-json.mjs re-exports its build for node, build/node/, made by
// tools/make/build-node.mjs).

import { MATRICES, type TraceMatrixField } from "../../wasm/registry";
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
/** A head's matrices (q … output), keyed by their trace field. */
const HEAD_MATRICES = MATRICES.filter((m) => m.perHead);

/** The trace's matrix under a registry row's trace field (null: the scenario has none). */
export const fieldOf = (t: TraceValue, field: string): MatrixValue | null =>
  t[field as TraceMatrixField];

/** A trace field as the JSON writes it: "qRotated" -> "q_rotated" ("scores" stays). */
const snake = (field: string): string => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Head `head`: kv_head (the K/V head it reads, ⌊head / (heads / kv_heads)⌋), its matrices
 * (q_rotated, k_rotated, bias only when it has them), and lse as a flat array (null for a fully
 * masked query, as a masked score is). */
function headToJson(h: HeadTraceValue, head: number, t: TraceValue): Json {
  const out: Json = { kv_head: Math.floor(head / (t.numHeads / t.kvHeads)) };
  for (const m of HEAD_MATRICES) {
    const value = h[m.traceField];
    if (!value) continue;
    const rows = rowsOf(value);
    out[snake(m.traceField)] = m.traceField === "lse" ? rows.map((r) => r[0]) : rows;
  }
  return out;
}

/** x_q, x_kv, w_q, w_k, w_v, w_o (null without an output projection). */
function inputs(t: TraceValue): Json {
  const out: Json = {};
  for (const m of INPUTS) {
    const value = fieldOf(t, m.traceField);
    out[m.fileField] = value ? rowsOf(value) : null;
  }
  return out;
}

/** The scoring parameters the trace's score kind uses (none for dot and scaled dot). */
function scoringParameters(t: TraceValue): Json {
  const out: Json = {};
  for (const m of SCORE_PARAMETERS) {
    const value = fieldOf(t, m.traceField);
    if (value) out[m.fileField] = rowsOf(value);
  }
  return out;
}

/** The biases the trace has, each as the scenario file writes it: a flat array of numbers. */
function biases(t: TraceValue): Json {
  const out: Json = {};
  for (const m of BIASES) {
    const value = fieldOf(t, m.traceField);
    if (value) out[m.fileField] = Array.from(value.data);
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
    // The computed matrices under the trace JSON's own names (docs/scenario.md).
    q: rowsOf(t.qAll),
    k: rowsOf(t.kAll),
    v: rowsOf(t.vAll),
    mask: rowsOf(t.mask),
    heads: t.headTraces.map((h, i) => headToJson(h, i, t)),
    concat: rowsOf(t.concat),
    output: rowsOf(t.output),
    fully_masked_queries: t.fullyMaskedQueries,
  };
  if (withSteps) out.steps = steps;
  return out;
}
