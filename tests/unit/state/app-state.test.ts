// The walk through the steps (web/src/state/app-state.ts): moves, jumps by stage, head and
// query, the nearest step when the exact one is missing, a new result placed where the old was.
import { describe, expect, it } from "vitest";
import {
  atIndex,
  atStart,
  currentStep,
  findStep,
  stepBy,
  toFirst,
  toHead,
  toLast,
  toQuery,
  toStage,
  viewOf,
  withResult,
  type AppState,
} from "../../../web/src/state/app-state";
import { Granularity, Stage } from "../../../web/src/wasm/enums";
import type { ScenarioFile } from "../../../web/src/wasm/types";
import { resultOf, type Shape } from "./fixtures";

const scenario: ScenarioFile = { query_tokens: ["a", "b", "c"] };
const fresh = (shape: Shape, g: Granularity = Granularity.PerQuery): AppState =>
  withResult(null, scenario, g, resultOf({ ...shape, granularity: g }));
const where = (s: AppState) => {
  const step = currentStep(s);
  return [step.stage, step.head, step.query, s.focus.head, s.focus.query];
};

describe("moving step by step", () => {
  const s = fresh({ heads: 2, queries: 3 });
  it("opens at the first step, head 1, query 1", () => {
    expect(s.index).toBe(0);
    expect(where(s)).toEqual([Stage.ProjectQ, 0, -1, 0, 0]);
  });
  it("clamps at both ends", () => {
    expect(stepBy(s, -1).index).toBe(0);
    expect(toLast(s).index).toBe(s.result.steps.length - 1);
    expect(stepBy(toLast(s), 5).index).toBe(s.result.steps.length - 1);
    expect(toFirst(toLast(s)).index).toBe(0);
  });
  it("lets the focus follow a step's head and query, and keeps it on steps without", () => {
    const onQuery = toStage(toQuery(toHead(s, 1), 2), Stage.Softmax);
    expect(where(onQuery)).toEqual([Stage.Softmax, 1, 2, 1, 2]);
    const concat = toStage(onQuery, Stage.Concat);
    expect(where(concat)).toEqual([Stage.Concat, -1, -1, 1, 2]);
  });
  it("never mutates the state it moves from", () => {
    const copy = JSON.stringify(s);
    stepBy(s, 3);
    toHead(s, 1);
    expect(JSON.stringify(s)).toBe(copy);
  });
});

describe("findStep", () => {
  const steps = resultOf({ heads: 2, queries: 3, mask: false, wO: false }).steps;
  it("finds the exact step", () => {
    const i = findStep(steps, { stage: Stage.Scale, head: 1, query: 2 });
    expect([steps[i]!.stage, steps[i]!.head, steps[i]!.query]).toEqual([Stage.Scale, 1, 2]);
  });
  it("without a Mask stage, goes to the nearest later stage of that head and query", () => {
    const i = findStep(steps, { stage: Stage.Mask, head: 0, query: 1 });
    expect([steps[i]!.stage, steps[i]!.head, steps[i]!.query]).toEqual([Stage.Softmax, 0, 1]);
  });
  it("without W_O, goes to the last step (Concat)", () => {
    const i = findStep(steps, { stage: Stage.OutputProjection, head: 0, query: 0 });
    expect(steps[i]!.stage).toBe(Stage.Concat);
  });
  it("a query out of range goes to that head's closest query", () => {
    const i = findStep(steps, { stage: Stage.Softmax, head: 0, query: 9 });
    expect([steps[i]!.stage, steps[i]!.head, steps[i]!.query]).toEqual([Stage.Softmax, 0, 2]);
  });
  it("RoPE's and ALiBi's stages, absent here, go to their neighbours in the walk", () => {
    // Their numbers (10–12) come after Concat's, their places do not (state/stages.ts WALK).
    const rope = findStep(steps, { stage: Stage.RopeQ, head: 1, query: 2 });
    expect([steps[rope]!.stage, steps[rope]!.head, steps[rope]!.query]).toEqual([
      Stage.Scores,
      1,
      2,
    ]);
    const alibi = findStep(steps, { stage: Stage.Alibi, head: 0, query: 1 });
    expect([steps[alibi]!.stage, steps[alibi]!.head]).toEqual([Stage.Scale, 0]);
  });
});

describe("heads and queries", () => {
  const s = toStage(fresh({ heads: 3, queries: 4 }), Stage.Softmax);
  it("wraps heads around both ways, at the same stage and query", () => {
    expect(where(toHead(s, -1))).toEqual([Stage.Softmax, 2, 0, 2, 0]);
    expect(where(toHead(s, 3))).toEqual([Stage.Softmax, 0, 0, 0, 0]);
  });
  it("from Concat, a head switch goes to that head's scores", () => {
    const concat = toStage(s, Stage.Concat);
    expect(where(toHead(concat, 1))).toEqual([Stage.Scores, 1, 0, 1, 0]);
  });
  it("clamps queries and keeps the stage", () => {
    expect(where(toQuery(s, 10))).toEqual([Stage.Softmax, 0, 3, 0, 3]);
    expect(where(toQuery(s, -4))).toEqual([Stage.Softmax, 0, 0, 0, 0]);
  });
  it("from a projection, a query switch goes to that query's scores", () => {
    expect(where(toQuery(fresh({ heads: 1, queries: 4 }), 2))).toEqual([Stage.Scores, 0, 2, 0, 2]);
  });
  it("per matrix, a query switch moves only the focus", () => {
    const m = toStage(fresh({ heads: 2, queries: 4 }, Granularity.PerMatrix), Stage.Softmax);
    const moved = toQuery(m, 3);
    expect(moved.index).toBe(m.index);
    expect(moved.focus).toEqual({ head: 0, query: 3 });
  });
});

describe("a new result", () => {
  it("is placed at the stage, head and query shown before, clamped to its sizes", () => {
    const before = toQuery(toHead(toStage(fresh({ heads: 4, queries: 6 }), Stage.Softmax), 3), 5);
    const after = withResult(
      before,
      scenario,
      Granularity.PerQuery,
      resultOf({ heads: 2, queries: 3 }),
    );
    expect(where(after)).toEqual([Stage.Softmax, 1, 2, 1, 2]);
  });
  it("from per query to per matrix keeps the stage and head", () => {
    const before = toHead(toStage(fresh({ heads: 2, queries: 3 }), Stage.WeightedSum), 1);
    const shape = { heads: 2, queries: 3, granularity: Granularity.PerMatrix };
    const after = withResult(before, scenario, Granularity.PerMatrix, resultOf(shape));
    expect(where(after)).toEqual([Stage.WeightedSum, 1, -1, 1, 0]);
    expect(after.granularity).toBe(Granularity.PerMatrix);
  });
});

describe("start steps and views", () => {
  const s = fresh({ heads: 2, queries: 3, mask: true });
  it("atStart with nothing asked is the state itself", () => {
    expect(atStart(s, {})).toBe(s);
  });
  it("atStart clamps the head and query to the scenario", () => {
    const started = atStart(s, { stage: Stage.Mask, head: 7, query: 9 });
    expect(where(started)).toEqual([Stage.Mask, 1, 2, 1, 2]);
  });
  it("viewOf names the scenario, the stage and the focus", () => {
    const v = viewOf(atStart(s, { stage: Stage.Concat, head: 1, query: 2 }));
    expect(v).toEqual({
      scenario,
      granularity: Granularity.PerQuery,
      stage: Stage.Concat,
      head: 1,
      query: 2,
    });
  });
  it("atIndex clamps an index past the end", () => {
    expect(atIndex(s, 10_000).index).toBe(s.result.steps.length - 1);
  });
});
