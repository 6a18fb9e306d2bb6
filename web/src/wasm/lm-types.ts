/**
 * The language model's values (cpp/bindings/lm_bindings.cpp, the module build/wasm/lm.mjs) and
 * the plain values the Model view receives from its worker (lm-worker.ts). Layers and heads are
 * 0-based, as in the lm command's output; matrices are {rows, cols, data} row-major.
 */
import type { MatrixValue } from "./types";

/** A checkpoint's sizes (cpp/lm/weights.h LmConfig) and what was opened with it. */
export interface LmConfig {
  dim: number;
  hidden_dim: number;
  n_layers: number;
  n_heads: number;
  n_kv_heads: number;
  vocab_size: number;
  seq_len: number;
  shared_classifier: boolean;
  parameters: number;
  has_tokenizer: boolean;
}

/** The 10 most likely next tokens, most likely first, with their probabilities (temperature 1). */
export interface TopTokens {
  ids: number[];
  probs: Float64Array;
}

/** One generated token and the distribution it was picked from. */
export interface LmToken {
  id: number;
  top: TopTokens;
}

/** The induction demo (cpp/lm/explore.h InductionDemo). */
export interface InductionDemo {
  /** (2 n + 1) BOS, n random ids, the same n again. */
  ids: number[];
  length: number;
  /** (2 n) loss in nats of predicting ids[p + 1] from position p. */
  loss: Float64Array;
  /** [layer][head] mean weight from the second copy to the token after the earlier occurrence. */
  scores: Float64Array[];
  layer: number;
  head: number;
  /** (2 n, 2 n) that head's weights. */
  weights: MatrixValue;
  loss_first: number;
  loss_second: number;
}

export type LmResult<K extends string, T> =
  ({ ok: true } & { [key in K]: T }) | { ok: false; error: { field: string; message: string } };

/** The module's functions (one model per module, so one per worker). */
export interface LmModule {
  open(model: Uint8Array, tokenizer: Uint8Array | null): LmResult<"config", LmConfig>;
  pieces(): { bytes: Uint8Array; ends: Int32Array } | null;
  encode(text: Uint8Array | string): LmResult<"ids", number[]>;
  start(ids: number[], seed: number): LmResult<"top", TopTokens>;
  next(temperature: number): { id: number; top: TopTokens; ended: boolean };
  attention(ids: number[]): LmResult<"weights", MatrixValue[][]>;
  scenario(
    ids: number[],
    layer: number,
    head: number,
    tokens: string[],
  ): LmResult<"scenario", string>;
  induction(seed: number): LmResult<"demo", InductionDemo>;
}
