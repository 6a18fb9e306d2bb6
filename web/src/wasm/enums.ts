/**
 * Enums shared with the C++ core (cpp/core/steps/steps.h). The numbers cross the wasm boundary; a node
 * test (tests/wasm) checks they equal the module's own `Stage` and `Granularity`. MatrixId and
 * ScoreKind come from the core's registry (registry.ts, generated).
 */

/**
 * One sub-operation of attention. The numbers 0–9 are in the order of the walkthrough; the
 * position schemes' stages were appended (links keep their numbers), and `stageOrder`
 * (state/stages.ts) places them in the walk: RopeK, RopeQ after ProjectV, Alibi after Scale.
 */
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
  RopeK: 10,
  RopeQ: 11,
  Alibi: 12,
} as const;
export type Stage = (typeof Stage)[keyof typeof Stage];

/** Per query: one step per query row. Per matrix: one step per whole matrix per head. */
export const Granularity = { PerQuery: 0, PerMatrix: 1 } as const;
export type Granularity = (typeof Granularity)[keyof typeof Granularity];

/** A matrix's id and a score kind's number: the core's registry's (generated in registry.ts). */
export { MatrixId, ScoreKind } from "./registry";

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
