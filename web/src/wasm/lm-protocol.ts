/**
 * Messages between the Model view's client (lm-client.ts) and its worker (lm-worker.ts). Each
 * request has an id and gets one reply; a generation also posts one "token" message per token
 * before its reply. Matrices cross as {rows, cols, data: Float64Array}.
 */
import type { InductionDemo, LmConfig, LmToken } from "./lm-types";
import type { MatrixValue } from "./types";

/** The vocabulary's pieces: piece i is bytes[ends[i - 1], ends[i]). */
export interface Pieces {
  bytes: Uint8Array;
  ends: Int32Array;
}

export interface Opened {
  config: LmConfig;
  pieces: Pieces | null;
}

/** Why a generation ended: its steps done, BOS picked, the context full, or stopped. */
export type Ended = "steps" | "bos" | "context" | "stopped";

export type LmRequest = { id: number } & (
  | { type: "open"; model: ArrayBuffer; tokenizer: ArrayBuffer | null }
  | { type: "fetch"; model: string; tokenizer: string }
  | { type: "encode"; text: string }
  | { type: "generate"; ids: number[]; steps: number; temperature: number; seed: number }
  | { type: "stop" }
  | { type: "attention"; ids: number[] }
  | { type: "scenario"; ids: number[]; layer: number; head: number; tokens: string[] }
  | { type: "induction"; seed: number }
);

/** A refused input names its field ("model", "tokenizer", "prompt", ...); else a failure. */
export interface LmWorkerError {
  kind: "input" | "failure";
  field?: string;
  message: string;
}

export type LmReply =
  | { type: "token"; id: number; token: LmToken }
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: LmWorkerError };

/** What each request resolves to. */
export interface LmAnswers {
  open: Opened;
  fetch: Opened;
  encode: number[];
  generate: Ended;
  stop: null;
  attention: MatrixValue[][];
  scenario: unknown;
  induction: InductionDemo;
}
