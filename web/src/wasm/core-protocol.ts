/**
 * The messages between core-client.ts (the page) and core-worker.ts (the module that computes).
 * Every request but close has an id and gets one reply with that id. Scenarios travel as their
 * JSON text (the worker hands the core its UTF-8 bytes), a loaded file's as its id and markers
 * (stored-files.ts); matrices come back with their
 * Float64Array buffers transferred, not copied.
 */
import type { AlgorithmAsk } from "./algorithm-types";
import type { DrillKind, Granularity, MatrixId } from "./enums";
import type { MatrixValue, RunSummary, StepValue } from "./types";

/**
 * How many loaded files the worker keeps (stored-files.ts), and the page hands again to a worker
 * that replaced a dead one (loader.ts): the same ones, oldest dropped first.
 */
export const KEPT_FILES = 3;

/** A matrix of an open run by its registry id; `head` for a per-head matrix (-1 otherwise). */
export interface MatrixPart {
  matrix: MatrixId;
  head: number;
}

export type CoreRequest =
  /** Answered once the module is loaded (or with the reason it did not load). */
  | { id: number; type: "ready" }
  | { id: number; type: "open"; scenario: string; granularity: Granularity }
  /** Steps `steps` and matrices `matrices` of run `run`, in one answer. */
  | { id: number; type: "fetch"; run: number; steps: number[]; matrices: MatrixPart[] }
  | {
      id: number;
      type: "drill";
      scenario: string;
      kind: DrillKind;
      head: number;
      row: number;
      col: number;
    }
  | { id: number; type: "sweep"; scenario: string }
  /** The KV cache's steps, flash's tiles or one tile, or the difference, of a scenario. */
  | { id: number; type: "algorithm"; scenario: string; ask: AlgorithmAsk }
  /** Reads, checks and keeps a scenario file as `file` (stored-files.ts). Answers its ScenarioFile. */
  | { id: number; type: "load"; file: number; blob: Blob }
  /** The file Save writes for a scenario (its markers' numbers put back), as a Blob. */
  | { id: number; type: "save"; scenario: string }
  | { type: "close"; run: number }
  /** Holds Web Lock `lock` for the worker's life, then replies {held}: its end frees it. */
  | { type: "hold"; lock: string };

/** What "open" answers: the run's id in the worker and its summary. */
export interface Opened {
  run: number;
  summary: RunSummary;
}

/** What "fetch" answers, in the order asked (a matrix the run does not have is null). */
export interface Fetched {
  steps: StepValue[];
  matrices: (MatrixValue | null)[];
}

/** A rejected scenario or argument ({field, message} from the core), or the worker's failure. */
export interface CoreError {
  field: string;
  message: string;
  /** The module crashed (a wasm trap or abort): the worker closes itself after this reply. */
  lost?: boolean;
}

export type CoreReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: CoreError }
  | { held: string };
