/**
 * Types of everything that crosses from the wasm module (cpp/bindings/bindings.cpp).
 * Matrices are copies, never views of the wasm heap: keep them as long as you like.
 */
import type { DrillKind, Granularity, MatrixId, ScoreKind, Stage } from "./enums";
import type {
  EditableMatrix,
  HeadMatrixField,
  MaskName,
  MatrixInfo,
  ScoreName,
  TraceMatrixField,
} from "./registry";
import type { MatrixRef } from "./matrix-ref";

/** A dense matrix, row-major: element (r, c) is data[r * cols + c]. Masked entries are -Infinity. */
export interface MatrixValue {
  rows: number;
  cols: number;
  data: Float64Array;
}

/** A head's matrix only some scenarios have (qRotated, kRotated with RoPE; bias with ALiBi). */
type OptionalHeadField = Extract<MatrixInfo, { perHead: true; optional: true }>["traceField"];

/** Every intermediate matrix of one head, under the registry's fields (shapes for m queries, n
 * keys: q (m, d_k), k (n, d_k), v (n, d_v), qRotated (m, d_k), kRotated (n, d_k), scores,
 * scaled, bias, masked, weights (m, n), output (m, d_v), lse (m, 1): the log-sum-exp of each
 * query's visible scores, -Infinity when it sees none; cpp/core/attention/registry.cpp). Head h
 * reads K/V head ⌊h / (numHeads / kvHeads)⌋. */
export type HeadTraceValue = {
  [F in Exclude<HeadMatrixField, OptionalHeadField>]: MatrixValue;
} & { [F in OptionalHeadField]: MatrixValue | null };

/** RoPE's settings as the trace states them (dims resolved: d_k when the file leaves it out). */
export interface RopeValue {
  theta: number;
  style: "interleaved" | "half";
  dims: number;
}

/** A trace matrix only some scenarios have (W_O, scoring parameters, biases): null otherwise. */
type OptionalField = Extract<MatrixInfo, { perHead: false; optional: true }>["traceField"];

/** The trace's matrices under the registry's fields (xQ (m, d_model), wQ (d_model, h·d_k), …). */
export type TraceMatrices = {
  [F in TraceMatrixField]: F extends OptionalField ? MatrixValue | null : MatrixValue;
};

export interface TraceValue extends TraceMatrices {
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
  score: ScoreKind; // the scoring function; only ScaledDot divides by √d_k
  scoreName: ScoreName; // its word in the scenario file ("scaled_dot")
  hasMask: boolean;
  headTraces: HeadTraceValue[]; // h
  fullyMaskedQueries: number[]; // queries with every key masked: zero weights, zero output
  algorithm: AlgorithmName; // the other algorithm the page steps through, or "standard"
  blockQ: number; // flash's B_r and B_c (2 and 3 unless the scenario gives them)
  blockK: number;
  kvHeads: number; // K/V heads (numHeads without grouped-query attention)
  rope?: RopeValue; // absent without RoPE
  positionOffset: number; // RoPE: token index r sits at position r + positionOffset
  sinkTokens: number; // keys 0..sinkTokens-1 always visible under causal / window
  alibi: boolean;
  window: number; // mask "window": keys a query sees; 0 for other masks
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

/** A bias: a flat array in the file (b_q, b_k, b_v, b_o); every other matrix is rows. */
type BiasField = Extract<MatrixInfo, { rows: "1" }>["fileField"];

/**
 * The matrices a scenario file may give (registry rows with a file field), by that field; in a
 * big loaded file, markers of matrices the core's worker holds (wasm/matrix-ref.ts).
 */
export type ScenarioMatrices = {
  [F in EditableMatrix]?:
    (F extends BiasField ? number[] : F extends "w_o" ? number[][] | null : number[][]) | MatrixRef;
};

/** A scenario file (docs/scenario.md); snake_case as in the file, its matrices as ScenarioMatrices. */
export interface ScenarioFile extends ScenarioMatrices {
  query_tokens: string[];
  key_tokens?: string[];
  d_model?: number;
  heads?: number;
  d_k?: number;
  d_v?: number;
  seed?: number;
  mask?: MaskName;
  /** With mask "window": how many keys a query sees, itself included (1..512). */
  window?: number;
  padded_keys?: number[];
  positional_encoding?: boolean;
  /** Scoring function; default "scaled_dot". */
  score?: ScoreName;
  /** Additive scoring's hidden size; default d_k. */
  d_a?: number;
  /** Key/value heads (grouped-query attention); divides heads; default heads. */
  kv_heads?: number;
  /** Rotary position embedding of q and k; null or absent: none. */
  rope?: { theta?: number; style?: "interleaved" | "half"; dims?: number } | null;
  /** RoPE: position of the first token; default 0. */
  position_offset?: number;
  /** Keys always visible under "causal" or "window" (attention sinks); default 0. */
  sink_tokens?: number;
  /** ALiBi's distance bias on the scaled scores; default false. */
  alibi?: boolean;
  /** Where the scenario came from, shown as text only (views/scenario/origin.ts): 1..120 and
   * 1..300 UTF-8 bytes. */
  title?: string;
  source?: string;
  /** Edited cells applied after generation, in order (0-based row and col). */
  edits?: CellEdit[];
  /** The algorithm the page steps through besides the standard one; B_r and B_c for "flash". */
  algorithm?: AlgorithmName;
  block_q?: number;
  block_k?: number;
}

export type { EditableMatrix };

/** The scenario file's `algorithm` (cpp/core/scenario/algorithm.h); their values: algorithm-types.ts. */
export type AlgorithmName = "standard" | "kv-cache" | "flash";

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
  /** The scenario's algorithm, and flash's block sizes (2 and 3 unless given). */
  algorithm: AlgorithmName;
  blockQ: number;
  blockK: number;
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

/**
 * A checked file's matrix fields, in file order (cpp/bindings/file_outline.h), six items each in
 * one flat array: the field's name; begin, end (its value's bytes [begin, end) in the file); rows,
 * cols (a bias 1 × length); and the fewest characters JSON.stringify writes it in.
 */
export interface FileOutline {
  matrices: (string | number)[];
}

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
  /** check's verdict and where the file's matrices are in it (stored-files.ts reads them). */
  checkFile(scenarioJson: ScenarioBytes): ({ ok: true } & FileOutline) | RawError;
  /** Computes a scenario and keeps it as run `id` until `close(id)`; answers a summary. */
  open(scenarioJson: ScenarioBytes, granularity: Granularity): RawOpenResult;
  /** Step k of an open run, with its operands and text. */
  step(id: number, k: number): { ok: true; step: StepValue } | RawError;
  /** The matrix of registry id `matrix` (of head `head` when per head; null when absent). */
  matrix(
    id: number,
    matrix: MatrixId,
    head: number,
  ): { ok: true; matrix: MatrixValue | null } | RawError;
  /** The core's tables (tools/make/gen-registry.mjs writes them into registry.ts). */
  registry(): { matrices: unknown[]; scores: unknown[]; masks: unknown[] };
  close(id: number): void;
  /** How many runs are open. */
  openRuns(): number;
  /** Enum objects as registered by Embind: `Stage.Scores.value === 3`. */
  Stage: Record<string, { value: number }>;
  Granularity: Record<string, { value: number }>;
  DrillKind: Record<string, { value: number }>;
  heapBytesInUse(): number;
  /** Emscripten's heap: malloc/free of bytes, and the whole memory as bytes (core-worker.ts). */
  _malloc(bytes: number): number;
  _free(at: number): void;
  HEAPU8: Uint8Array;
}
