/**
 * Results shaped as the core makes them, for the state's pure moves: the step keys in the order
 * of cpp/core/steps/steps.cpp `step_keys` (per head: the three projections, then per query or per
 * matrix Scores, Scale, Mask, SoftMax, weighted sum; then Concat and the output projection). Only
 * the fields the moves read are filled.
 */
import { Granularity, Stage } from "../../../web/src/wasm/enums";
import type { RunResult, StepValue } from "../../../web/src/wasm/types";

export interface Shape {
  heads: number;
  queries: number;
  keys?: number;
  mask?: boolean;
  scale?: boolean;
  wO?: boolean;
  granularity?: Granularity;
  /** The scenario's other algorithm; none: "standard". */
  algorithm?: "kv-cache" | "flash";
}

const key = (stage: Stage, head: number, query: number) =>
  ({ stage, head, query }) as unknown as StepValue;

/** The step keys of a scenario of this shape. */
export function stepKeys(s: Shape): StepValue[] {
  const out: StepValue[] = [];
  const rowStages = [
    Stage.Scores,
    ...(s.scale === false ? [] : [Stage.Scale]),
    ...(s.mask ? [Stage.Mask] : []),
    Stage.Softmax,
    Stage.WeightedSum,
  ];
  const perQuery = (s.granularity ?? Granularity.PerQuery) === Granularity.PerQuery;
  for (let h = 0; h < s.heads; h++) {
    for (const p of [Stage.ProjectQ, Stage.ProjectK, Stage.ProjectV]) out.push(key(p, h, -1));
    if (perQuery) {
      for (let q = 0; q < s.queries; q++) for (const st of rowStages) out.push(key(st, h, q));
    } else {
      for (const st of rowStages) out.push(key(st, h, -1));
    }
  }
  out.push(key(Stage.Concat, -1, -1));
  if (s.wO !== false) out.push(key(Stage.OutputProjection, -1, -1));
  return out;
}

/** A result with those steps and a trace that knows its heads and tokens. */
export function resultOf(s: Shape): RunResult {
  const queryTokens = Array.from({ length: s.queries }, (_, i) => `q${i + 1}`);
  const keyTokens = Array.from({ length: s.keys ?? s.queries }, (_, i) => `k${i + 1}`);
  return {
    steps: stepKeys(s),
    trace: { numHeads: s.heads, queryTokens, keyTokens, algorithm: s.algorithm ?? "standard" },
  } as unknown as RunResult;
}
