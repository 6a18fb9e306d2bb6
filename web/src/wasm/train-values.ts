/**
 * What the training module (cpp/bindings/train_bindings.cpp) returns, and its conversion to the
 * plain values of train-client.ts: matrices as rows of numbers (they cross to the page by
 * postMessage). Shared by the worker, the command line and the node tests (these import its
 * build for node, build/node/, made by tools/make/build-node.mjs).
 */
import type { MatrixValue } from "./types";
import type {
  AttentionSite,
  TrainMetrics,
  TrainProgress,
  TrainSettings,
  TrainSnapshot,
  TranslationValue,
  WatchedMap,
} from "./train-types";

export type RawResult<K extends string, T> =
  ({ ok: true } & { [key in K]: T }) | { ok: false; error: { field: string; message: string } };

export interface RawSnapshot extends Omit<TrainSnapshot, "attention"> {
  attention: MatrixValue[][]; // [watched map][head]
}

export interface RawTranslation extends Omit<TranslationValue, "attention"> {
  attention: MatrixValue[];
}

/** One model in the module (Embind class): trained live or read from a model file. */
export interface RawSession {
  /** Runs up to n more steps; returns the steps run (0 for a model read from a file). */
  trainSteps(n: number): number;
  progress(): Omit<TrainProgress, "slice_ms">;
  /** Snapshots from index `from` on. */
  snapshots(from: number): RawSnapshot[];
  /** Training losses from step from + 1 on. */
  losses(from: number): Float64Array;
  watched(): WatchedMap[];
  evaluate(): TrainMetrics;
  translate(text: Uint8Array | string): RawResult<"translation", RawTranslation>;
  /** site: AttentionSite (0 cross, 1 encoder self, 2 decoder self); head -1: all heads. */
  scenario(
    text: Uint8Array | string,
    site: number,
    layer: number,
    head: number,
  ): RawResult<"scenario", string>;
  modelFile(): string;
  runFile(): RawResult<"run", string>;
  settings(): TrainSettings;
  parameterCount(): number;
  delete(): void;
}

export interface TrainModule {
  defaultSettings(task: string): RawResult<"settings", TrainSettings>;
  start(settings: TrainSettings): RawResult<"session", RawSession>;
  open(modelFile: Uint8Array | string): RawResult<"session", RawSession>;
  heapBytesInUse(): number;
  AttentionSite: {
    Cross: { value: number };
    EncoderSelf: { value: number };
    DecoderSelf: { value: number };
  };
}

/** A run file (cpp/train/run_file.h) as JSON.parse reads it: NaN figures are null. */
export interface RunFile {
  format: "attention-stepper-run";
  version: 1;
  task: string;
  seed: number;
  steps: number;
  seconds: number;
  parameters: number;
  config: Omit<TrainSettings, "task">;
  watched: WatchedMap[];
  losses: number[];
  snapshots: TrainSnapshot[];
  metrics: { [K in keyof TrainMetrics]: TrainMetrics[K] | null };
}

/** The module's AttentionSite values by the client's names (checked by tests/wasm/train.test.mjs). */
export const ATTENTION_SITES: Readonly<Record<AttentionSite, number>> = Object.freeze({
  cross: 0,
  "encoder-self": 1,
  "decoder-self": 2,
});

/** A {rows, cols, data} matrix as rows of plain numbers. */
export function rowsOf(m: MatrixValue): number[][] {
  const rows: number[][] = [];
  for (let r = 0; r < m.rows; r++)
    rows.push(Array.from(m.data.subarray(r * m.cols, (r + 1) * m.cols)));
  return rows;
}

export function snapshotValue(raw: RawSnapshot): TrainSnapshot {
  return { ...raw, attention: raw.attention.map((heads) => heads.map(rowsOf)) };
}

export function translationValue(raw: RawTranslation): TranslationValue {
  return { ...raw, attention: raw.attention.map(rowsOf) };
}

/** Metrics read from JSON: null (NaN written out) back to NaN. */
export function metricsFromJson(json: RunFile["metrics"]): TrainMetrics {
  return Object.fromEntries(
    Object.entries(json).map(([k, v]) => [k, v === null ? NaN : v]),
  ) as unknown as TrainMetrics;
}

/** The checks of a run file's fields that the Learn view relies on; a message, or "". */
export function runFileProblem(run: unknown, task: string): string {
  const file = run as Record<string, unknown> | null;
  if (typeof file !== "object" || file === null || file.format !== "attention-stepper-run") {
    return 'the run file\'s format must be "attention-stepper-run"';
  }
  if (file.task !== task) return `the run file is of task "${String(file.task)}", not "${task}"`;
  const lists = ["watched", "losses", "snapshots"].filter((k) => !Array.isArray(file[k]));
  if (lists.length > 0) return `the run file has no list of ${lists.join(", ")}`;
  const objects = ["config", "metrics"].filter((k) => typeof file[k] !== "object" || !file[k]);
  if (objects.length > 0) return `the run file has no ${objects.join(", ")}`;
  return "";
}
