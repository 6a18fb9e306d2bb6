/**
 * Enums shared with the C++ core (cpp/core/steps/steps.h). The numbers cross the wasm boundary; a node
 * test (tests/wasm) checks they equal the module's own `Stage`, `MatrixId` and `Granularity`.
 */

/** One sub-operation of attention; the order is the order of the walkthrough. */
export const Stage = {
  ProjectQ: 0,
  ProjectK: 1,
  ProjectV: 2,
  Scores: 3,
  Scale: 4,
  Mask: 5,
  Softmax: 6,
  WeightedSum: 7,
  Concat: 8,
  OutputProjection: 9,
} as const;
export type Stage = (typeof Stage)[keyof typeof Stage];

/** Per query: one step per query row. Per matrix: one step per whole matrix per head. */
export const Granularity = { PerQuery: 0, PerMatrix: 1 } as const;
export type Granularity = (typeof Granularity)[keyof typeof Granularity];

/** Names a matrix of the trace; Q..HeadOutput are per head. */
export const MatrixId = {
  Xq: 0,
  Xkv: 1,
  Wq: 2,
  Wk: 3,
  Wv: 4,
  Q: 5,
  K: 6,
  V: 7,
  Scores: 8,
  Scaled: 9,
  Masked: 10,
  Weights: 11,
  HeadOutput: 12,
  Concat: 13,
  Wo: 14,
  Output: 15,
  /** Scoring parameters (only with their score kind); a step reads the head's block or row. */
  WBilinear: 16,
  WAdditiveQ: 17,
  WAdditiveK: 18,
  VAdditive: 19,
  /** Biases (only when the scenario has them), (1, width); a projection reads the head's block. */
  BQ: 20,
  BK: 21,
  BV: 22,
  BO: 23,
} as const;
export type MatrixId = (typeof MatrixId)[keyof typeof MatrixId];

/** How a query is scored against a key (cpp/core/scenario/scenario.h ScoreKind). */
export const ScoreKind = { Dot: 0, ScaledDot: 1, General: 2, Additive: 3 } as const;
export type ScoreKind = (typeof ScoreKind)[keyof typeof ScoreKind];

/** Which kind of cell to drill into (cpp/bindings: drill): Output is a head's, Final is Y. */
export const DrillKind = {
  Score: 0,
  Weight: 1,
  Output: 2,
  Query: 3,
  Key: 4,
  Value: 5,
  Final: 6,
} as const;
export type DrillKind = (typeof DrillKind)[keyof typeof DrillKind];
