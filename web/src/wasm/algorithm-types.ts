/**
 * The other algorithms of a scenario's heads, as their module (algorithms.mjs, loaded on first
 * use: cpp/bindings/algorithms_js.h) answers them: the KV cache's decoding steps and
 * FlashAttention's tiles.
 * Vectors are Float64Array copies; a running maximum before any visible key is -Infinity.
 */
import type { AlgorithmName, MatrixValue, ScenarioBytes } from "./types";

export type { AlgorithmName };

/** Step t of decoding: q_t over the cache K[0..t], V[0..t]. */
export interface DecodeStepValue {
  t: number;
  cacheLen: number; // t + 1
  weights: Float64Array; // (t+1) softmax of q_t over the cache, 0 where masked
  output: Float64Array; // (d_v) weights · V[0..t]
}

/** A tile and the running values after it, one per row of its query block. */
export interface FlashTileValue {
  qBlock: number;
  kBlock: number;
  m: Float64Array; // running row maximum (-Infinity: nothing visible yet)
  l: Float64Array; // running sum ℓ
}

/** One head by tiles: the tiles in processing order, the output and what is saved. */
export interface FlashValue {
  blockQ: number;
  blockK: number;
  tiles: FlashTileValue[];
  output: MatrixValue; // (m, d_v) O / ℓ
  lse: Float64Array; // (m) L = m + log ℓ; NaN for a fully masked query
  weights: MatrixValue; // (m, n) recovered: e^(s − L)
}

/** Everything one tile did (rows [row0, row0+rows) × keys [col0, col0+cols)). */
export interface FlashTileDetail extends FlashTileValue {
  index: number;
  row0: number;
  rows: number;
  col0: number;
  cols: number;
  s: MatrixValue; // (rows, cols) scores, -Infinity where masked
  p: MatrixValue; // (rows, cols) e^(s − m_new), 0 where masked
  mOld: Float64Array;
  lOld: Float64Array;
  rescale: Float64Array; // e^(m_old − m_new)
  rowSum: Float64Array; // Σ_j P
  oOld: MatrixValue; // (rows, d_v) unnormalised O before the tile
  oNew: MatrixValue; // and after
}

/** The largest |difference| from the standard trace over every head. */
export interface AlgorithmDifference {
  output: number;
  weights: number;
}

type RawError = { ok: false; error: { field: string; message: string } };

/** The module algorithms.mjs; each function takes the scenario's JSON bytes. */
export interface AlgorithmModule {
  kvCache(json: ScenarioBytes, head: number): { ok: true; decode: DecodeStepValue[] } | RawError;
  flash(
    json: ScenarioBytes,
    head: number,
    blockQ: number,
    blockK: number,
  ): { ok: true; flash: FlashValue } | RawError;
  flashTile(
    json: ScenarioBytes,
    head: number,
    blockQ: number,
    blockK: number,
    index: number,
  ): { ok: true; tile: FlashTileDetail | null } | RawError;
  /** algorithm 1 = kv-cache, 2 = flash. */
  algorithmDifference(
    json: ScenarioBytes,
    algorithm: number,
    blockQ: number,
    blockK: number,
  ): ({ ok: true } & AlgorithmDifference) | RawError;
}

/** What the page asks the worker (core-protocol.ts "algorithm"). */
export type AlgorithmAsk =
  | { kind: "kv-cache"; head: number }
  | { kind: "flash"; head: number; blockQ: number; blockK: number }
  | { kind: "tile"; head: number; blockQ: number; blockK: number; index: number }
  | { kind: "difference"; algorithm: "kv-cache" | "flash"; blockQ: number; blockK: number };
