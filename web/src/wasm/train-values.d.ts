/**
 * Types of train-values.js: what the training module (cpp/bindings/train_bindings.cpp) returns,
 * and its conversion to the plain values of train-client.ts.
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

/** The module's AttentionSite values by the client's names. */
export const ATTENTION_SITES: Readonly<Record<AttentionSite, number>>;
/** A matrix as rows of plain numbers. */
export function rowsOf(m: MatrixValue): number[][];
export function snapshotValue(raw: RawSnapshot): TrainSnapshot;
export function translationValue(raw: RawTranslation): TranslationValue;
/** Metrics read from JSON: null (NaN written out) back to NaN. */
export function metricsFromJson(json: RunFile["metrics"]): TrainMetrics;
/** The checks of a run file's fields that the Learn view relies on; a message, or "". */
export function runFileProblem(run: unknown, task: string): string;
