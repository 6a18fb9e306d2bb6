/**
 * The shapes of train-client.ts (which re-exports them): what the Learn view and the training
 * worker exchange. Names as in cpp/train, snake_case like its fields. All numbers are plain JS
 * numbers; matrices are number[][] (row-major, rows first).
 */
import type { ScenarioFile } from "./types";

export type TaskName = "translate" | "copy";

/** What the learner may choose (cpp/train/config.h TrainConfig; names as there). */
export interface TrainSettings {
  task: TaskName;
  d_model: number;
  heads: number;
  d_ff: number;
  steps: number;
  learning_rate: number;
  batch: number;
  seed: number;
  encoder_self_attention: boolean; // translate only
  snapshot_every: number;
}

/** An attention map the snapshots record for the fixed held-out probe sentence. */
export interface WatchedMap {
  name: string; // "cross-attention", "layer 1 self-attention", ...
  query_tokens: string[]; // one per row
  key_tokens: string[]; // one per column
}

export interface TrainSnapshot {
  step: number;
  loss: number;
  held_out_loss: number;
  token_accuracy: number;
  alignment: number; // the pattern score of the best head now
  head: number; // that head
  /** attention[w][h]: watched map w, head h, (rows, cols) of the probe sentence. */
  attention: number[][][][];
}

export interface TrainProgress {
  step: number;
  steps: number;
  loss: number; // NaN before the first step
  seconds: number; // training wall time so far (in the worker)
  done: boolean;
  token_accuracy: number;
  alignment: number;
  /** Worker time of the slice just run, in ms (0 when no slice ran, e.g. a prebuilt model). */
  slice_ms?: number;
}

/** cpp/train/metrics.h Metrics: the full held-out evaluation at the end. */
export interface TrainMetrics {
  loss: number;
  token_accuracy: number;
  sequence_accuracy: number;
  alignment: number;
  alignment_crossed: number;
  determiner_own: number;
  determiner_noun: number;
  previous_token: number;
  head: number;
  previous_token_head: number;
  criteria_met: boolean;
}

/** A typed sentence run through the model (cpp/train/trained_model.h Translation). */
export interface TranslationValue {
  source: string[];
  target: string[];
  key_tokens: string[];
  attention: number[][][]; // per head: (target.length, key_tokens.length)
  head: number;
  reference: string[]; // the correct output when the sentence is one of the task's, else []
}

export type AttentionSite = "cross" | "encoder-self" | "decoder-self";

/** One model in a worker: trained live, or loaded from a prebuilt model file. */
export interface TrainSession {
  readonly settings: TrainSettings;
  readonly watched: WatchedMap[];
  /** Every snapshot so far (a loaded prebuilt model carries the snapshots of its run). */
  snapshots(): TrainSnapshot[];
  /** losses()[i]: training loss of step i + 1. */
  losses(): number[];
  /**
   * Trains to the end in slices of a few steps (each slice well under 50 ms of worker time is
   * not required; the main thread is never blocked). Calls onProgress after each slice with the
   * snapshots taken in it. Resolves with the full evaluation when done; a paused session's
   * promise stays pending until resumed. A prebuilt model resolves at once. (Slices take ~20 ms
   * of worker time; a session already done, prebuilt or trained, calls onProgress once with its
   * last progress and no fresh snapshots. Calling train again returns the same promise.)
   */
  train(onProgress: (p: TrainProgress, fresh: TrainSnapshot[]) => void): Promise<TrainMetrics>;
  pause(): void;
  resume(): void;
  /** Greedy translation (or copy) of `text`; rejects with TrainInputError (field "sentence"). */
  translate(text: string): Promise<TranslationValue>;
  /** A scenario file of one attention sublayer for `text` (head -1: all heads). Rejects with TrainInputError. */
  scenario(text: string, site: AttentionSite, layer: number, head: number): Promise<ScenarioFile>;
  /** The trained model as a model file (JSON text), e.g. to save it. */
  modelFile(): Promise<string>;
  /** Ends the worker; promises still pending (train, translate, ...) then never settle. */
  dispose(): void;
}
