/**
 * Types of everything that crosses from the wasm module (cpp/bindings/bindings.cpp).
 * Matrices are copies, never views of the wasm heap: keep them as long as you like.
 */
import type { DrillKind, Granularity, MatrixId, ScoreKind, Stage } from "./enums";

/** A dense matrix, row-major: element (r, c) is data[r * cols + c]. Masked entries are -Infinity. */
export interface MatrixValue {
  rows: number;
  cols: number;
  data: Float64Array;
}

/** Every intermediate matrix of one head (shapes for m queries, n keys). */
export interface HeadTraceValue {
  q: MatrixValue; // (m, d_k)
  k: MatrixValue; // (n, d_k)
  v: MatrixValue; // (n, d_v)
  scores: MatrixValue; // (m, n) raw scores (Q Kᵀ for dot and scaled dot)
  scaled: MatrixValue; // (m, n) scores / √d_k for scaled dot; equal to scores for other kinds
  masked: MatrixValue; // (m, n) masked entries -Infinity
  weights: MatrixValue; // (m, n) row softmax
  output: MatrixValue; // (m, d_v)
}

export interface TraceValue {
  queryTokens: string[]; // m
  keyTokens: string[]; // n (the query tokens again in self-attention)
  // What the page shows for each token: tokenizer notation undone ("Ġthe" → "the", "##ing" →
  // "-ing"; cpp/core/scenario/token_label.h). Files, links and exports keep the raw tokens.
  queryLabels: string[]; // m
  keyLabels: string[]; // n
  selfAttention: boolean;
  dModel: number;
  numHeads: number;
  dK: number;
  dV: number;
  embeddingsQ: MatrixValue; // (m, d_model) before positional encoding
  embeddingsKv: MatrixValue; // (n, d_model)
  positionalQ: MatrixValue; // (m, d_model), zeros when off
  positionalKv: MatrixValue; // (n, d_model)
  xQ: MatrixValue; // (m, d_model)
  xKv: MatrixValue; // (n, d_model)
  wQ: MatrixValue; // (d_model, h·d_k)
  wK: MatrixValue; // (d_model, h·d_k)
  wV: MatrixValue; // (d_model, h·d_v)
  wO: MatrixValue | null; // (h·d_v, d_model), null = no output projection
  score: ScoreKind; // the scoring function; only ScaledDot divides by √d_k
  wBilinear: MatrixValue | null; // W_a (d_k, h·d_k), general scoring only
  wAdditiveQ: MatrixValue | null; // W_1 (d_k, h·d_a), additive scoring only
  wAdditiveK: MatrixValue | null; // W_2 (d_k, h·d_a), additive scoring only
  vAdditive: MatrixValue | null; // v_a (h, d_a), one row per head, additive scoring only
  bQ: MatrixValue | null; // b_q (1, h·d_k), null = no bias (zero, not added)
  bK: MatrixValue | null; // b_k (1, h·d_k)
  bV: MatrixValue | null; // b_v (1, h·d_v)
  bO: MatrixValue | null; // b_o (1, d_model), only with W_O
  qAll: MatrixValue; // (m, h·d_k) X_q W_Q (+ b_q)
  kAll: MatrixValue; // (n, h·d_k)
  vAll: MatrixValue; // (n, h·d_v)
  mask: MatrixValue; // (m, n) 1 = attend, 0 = masked
  hasMask: boolean;
  headTraces: HeadTraceValue[]; // h
  concat: MatrixValue; // (m, h·d_v)
  output: MatrixValue; // (m, d_model), or concat when there is no W_O
  fullyMaskedQueries: number[]; // queries with every key masked: zero weights, zero output
  title?: string; // where the scenario came from, plain text; absent when the file has none
  source?: string;
}

/** Rows [row0, row0+rows), cols [col0, col0+cols), in stored (untransposed) coordinates. */
export interface CellRange {
  row0: number;
  rows: number;
  col0: number;
  cols: number;
}

export interface OperandValue {
  matrix: MatrixId;
  head: number; // -1 for matrices that are not per head
  label: string; // LaTeX of the whole matrix, e.g. "K_{2}^{\\top}", "W_Q"
  part: string; // LaTeX of `cells` when less than the whole ("W_Q^{(2)}", "q_{4}"), else ""
  rows: number; // stored shape, before any transposition
  cols: number;
  transposed: boolean;
  cells: CellRange; // read (operand) or written (result)
}

export interface StepValue {
  stage: Stage;
  head: number; // -1 for Concat / OutputProjection
  query: number; // -1 for whole-matrix steps
  operands: OperandValue[];
  result: OperandValue;
  shapes: string; // e.g. "Q_2 (9×64) · K_2ᵀ (64×9) → S_2 (9×9)"
  sizeRule: string; // matrix products: "(9×64) @ (64×9) → (9×9): the inner sizes agree …"; else ""
  formula: string; // LaTeX, symbols
  formulaNumbers: string; // LaTeX, numbers substituted
  sentence: string;
  flagged: boolean; // touches a fully masked query
}

/** A scenario file (docs/scenario.md); snake_case as in the file. Rows of numbers for matrices. */
export interface ScenarioFile {
  query_tokens: string[];
  key_tokens?: string[];
  d_model?: number;
  heads?: number;
  d_k?: number;
  d_v?: number;
  seed?: number;
  mask?: "none" | "causal";
  padded_keys?: number[];
  positional_encoding?: boolean;
  x_q?: number[][];
  x_kv?: number[][];
  w_q?: number[][];
  w_k?: number[][];
  w_v?: number[][];
  w_o?: number[][] | null;
  /** Scoring function; default "scaled_dot". */
  score?: "dot" | "scaled_dot" | "general" | "additive";
  /** Additive scoring's hidden size; default d_k. */
  d_a?: number;
  w_bilinear?: number[][]; // (d_k, h·d_k), general
  w_additive_q?: number[][]; // W_1 (d_k, h·d_a), additive
  w_additive_k?: number[][]; // W_2 (d_k, h·d_a), additive
  v_additive?: number[][]; // v_a (h, d_a), additive
  /** Biases, flat arrays added to every row of their product; absent = zero. */
  b_q?: number[]; // (h·d_k)
  b_k?: number[]; // (h·d_k)
  b_v?: number[]; // (h·d_v)
  b_o?: number[]; // (d_model), only with W_O
  /** Where the scenario came from, shown as text only (views/scenario/origin.ts): 1..120 and
   * 1..300 UTF-8 bytes. */
  title?: string;
  source?: string;
  /** Edited cells applied after generation, in order (0-based row and col). */
  edits?: CellEdit[];
}

/** The matrices a learner can edit, by scenario-file field name. */
export type EditableMatrix =
  | "x_q"
  | "x_kv"
  | "w_q"
  | "w_k"
  | "w_v"
  | "w_o"
  | "w_bilinear"
  | "w_additive_q"
  | "w_additive_k"
  | "v_additive"
  | "b_q"
  | "b_k"
  | "b_v"
  | "b_o";

export interface CellEdit {
  matrix: EditableMatrix;
  row: number;
  col: number;
  value: number;
}

/** Every number behind one score cell (i, j) of one head (cpp/core/explain/drill.h). */
export interface ScoreDrillValue {
  kind: ScoreKind;
  q: Float64Array; // (d_k)
  k: Float64Array; // (d_k)
  qMapped: Float64Array; // (d_k) q, or q W_a for general; empty for additive
  products: Float64Array; // (d_k) q_mapped ⊙ k, or (d_a) v_a ⊙ tanh(…) for additive
  hiddenQ: Float64Array; // (d_a) q W_1, additive only (else empty)
  hiddenK: Float64Array; // (d_a) k W_2
  hidden: Float64Array; // (d_a) tanh(q W_1 + k W_2)
  vA: Float64Array; // (d_a)
  sum: number; // the raw score
  divisor: number; // √d_k for scaled dot, else 1
  scaled: number; // sum / divisor
  masked: boolean;
}

/** Every number behind weight (i, j): the softmax of row i written out. */
export interface WeightDrillValue {
  row: Float64Array; // (n) masked scaled scores, -Infinity where masked
  max: number;
  shifted: Float64Array; // (n) row − max
  exps: Float64Array; // (n) exp(shifted), 0 where masked
  sum: number;
  weights: Float64Array; // (n) sums to 1
  weight: number;
  fullyMasked: boolean;
}

/** Every number behind head output (i, c): Σ_j a_ij v_jc. */
export interface OutputDrillValue {
  weights: Float64Array; // (n) row i of A
  values: Float64Array; // (n) column c of V
  terms: Float64Array; // (n) weights ⊙ values
  sum: number;
}

/**
 * A cell that is a row times a column (cpp/core/explain/drill.h ProductDrill): q, k or v
 * component c of head h for token i is row i of X_q (X_kv) times column h·d_k + c of W_Q (W_K;
 * W_V with d_v); Y (i, c) is row i of Concat times column c of W_O.
 */
export interface ProductDrillValue {
  row: Float64Array; // (d_model) row of X_q or X_kv; Y: (h·d_v) row of Concat
  column: Float64Array; // the same length: the column of W (empty for Y without W_O)
  terms: Float64Array; // row ⊙ column
  wColumn: number; // which column of W, from 0
  hasBias: boolean; // the projection has a bias (b_q, b_k, b_v; b_o for Y)
  bias: number; // its entry wColumn, 0 without one
  sum: number; // the terms summed in order, then + bias
  stored: number; // the trace's own value of the cell
  product: boolean; // false for Y without W_O: Y is Concat itself
}

/** The four measures of the √d_k experiment that vary from one draw of W_Q, W_K to another. */
export interface SweepMeasures {
  scoreStd: number;
  meanMaxWeight: number;
  meanEntropy: number;
  meanGradientNorm: number;
}

/**
 * One point of the √d_k experiment (cpp/core/explain/sweep.h): each measure is the mean over
 * `draws` seeded draws; `low` and `high` are the lowest and highest draw (the band).
 */
export interface SweepPointValue extends SweepMeasures {
  dK: number;
  scaled: boolean;
  draws: number;
  meanMaxEntropy: number;
  low: SweepMeasures;
  high: SweepMeasures;
}

export interface RunResult {
  trace: TraceValue;
  steps: StepValue[];
}

/** What the raw module's `run` returns: errors are values, never thrown numbers. */
export type RawRunResult =
  ({ ok: true } & RunResult) | { ok: false; error: { field: string; message: string } };

type RawError = { ok: false; error: { field: string; message: string } };

/**
 * What `open` answers (cpp/bindings/runs.h): the trace's plain fields, and each step's stage,
 * head and query as `keys` = [stage0, head0, query0, stage1, …]. Matrices and step texts stay in
 * the module until asked for by id (wasm/lazy-run.ts).
 */
export interface RunSummary {
  queryTokens: string[];
  keyTokens: string[];
  queryLabels: string[];
  keyLabels: string[];
  selfAttention: boolean;
  dModel: number;
  numHeads: number;
  dK: number;
  dV: number;
  score: ScoreKind;
  hasMask: boolean;
  fullyMaskedQueries: number[];
  title?: string;
  source?: string;
  keys: Int32Array;
}
export type RawOpenResult = { ok: true; id: number; summary: RunSummary } | RawError;
export type RawDrillResult =
  | { ok: true; drill: ScoreDrillValue | WeightDrillValue | OutputDrillValue | ProductDrillValue }
  | RawError;
export type RawSweepResult = { ok: true; points: SweepPointValue[] } | RawError;

/** The raw Embind module (only what we use). */
/**
 * A scenario file's text as the core reads it: UTF-8 bytes (wasm/core-bytes.ts makes them from a
 * string). A plain string would be encoded by Embind, which alters lone surrogates silently.
 */
export type ScenarioBytes = Uint8Array;

export interface AttentionModule {
  run(scenarioJson: ScenarioBytes, granularity: Granularity): RawRunResult;
  /** Drills into cell (row, col) of head `head` (of the kind's matrix; Final ignores the head). */
  drill(
    scenarioJson: ScenarioBytes,
    kind: DrillKind,
    head: number,
    row: number,
    col: number,
  ): RawDrillResult;
  /** The √d_k experiment, d_k = 4, 8, …, 512: (unscaled, scaled) points, means with bands. */
  sweep(scenarioJson: ScenarioBytes): RawSweepResult;
  /** Reads and checks a scenario without computing it (a loaded file's verdict). */
  check(scenarioJson: ScenarioBytes): { ok: true } | RawError;
  /** Computes a scenario and keeps it as run `id` until `close(id)`; answers a summary. */
  open(scenarioJson: ScenarioBytes, granularity: Granularity): RawOpenResult;
  /** Step k of an open run, with its operands and text. */
  step(id: number, k: number): { ok: true; step: StepValue } | RawError;
  /** A TraceValue matrix field by name (head -1), or a HeadTraceValue field of head `head`. */
  matrix(
    id: number,
    name: string,
    head: number,
  ): { ok: true; matrix: MatrixValue | null } | RawError;
  close(id: number): void;
  /** How many runs are open. */
  openRuns(): number;
  /** Enum objects as registered by Embind: `Stage.Scores.value === 3`. */
  Stage: Record<string, { value: number }>;
  MatrixId: Record<string, { value: number }>;
  Granularity: Record<string, { value: number }>;
  ScoreKind: Record<string, { value: number }>;
  DrillKind: Record<string, { value: number }>;
  heapBytesInUse(): number;
  /** Emscripten's heap: malloc/free of bytes, and the whole memory as bytes (core-worker.ts). */
  _malloc(bytes: number): number;
  _free(at: number): void;
  HEAPU8: Uint8Array;
}
