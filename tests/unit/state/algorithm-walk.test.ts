// The other algorithm's walk (issue 18 §2): a scenario with `algorithm` set opens on its steps;
// links and embeds name a step of it (`a` from 0, `algorithm-step` from 1); the moves walk it
// within its count; a stage named alone, or the pipeline, goes back to the standard steps.
import { describe, expect, it } from "vitest";
import {
  atStart,
  toHead,
  toStage,
  viewOf,
  walkBy,
  walkTo,
  withResult,
} from "../../../web/src/state/app-state";
import { parseEmbedOptions, stepAttributes } from "../../../web/src/state/embed-options";
import { checkStart } from "../../../web/src/state/embed-start";
import { encodeView } from "../../../web/src/state/url-state";
import { readStep } from "../../../web/src/state/url-step";
import { presetById } from "../../../web/src/state/presets";
import { Granularity, Stage } from "../../../web/src/wasm/enums";
import type { ScenarioFile } from "../../../web/src/wasm/types";
import { resultOf } from "./fixtures";

const scenario: ScenarioFile = { query_tokens: ["a", "b", "c"] };
const flash = resultOf({ heads: 2, queries: 3, mask: true, algorithm: "flash" });
const standard = resultOf({ heads: 2, queries: 3 });
const open = (r = flash) => withResult(null, scenario, Granularity.PerQuery, r);
const get = (text: string) => {
  const p = new URLSearchParams(text);
  return (k: string) => p.get(k);
};

describe("the other algorithm's walk", () => {
  it("opens a scenario with another algorithm on its first step, a standard one without", () => {
    expect(open().algoStep).toBe(0);
    expect(open(standard).algoStep).toBeUndefined();
  });
  it("walks within its count, and the standard index stays", () => {
    const s = open();
    expect(walkBy(s, 1, 10).algoStep).toBe(1);
    expect(walkBy(s, -1, 10).algoStep).toBe(0);
    expect(walkTo(s, true, 10).algoStep).toBe(9);
    expect(walkBy(walkTo(s, true, 10), 1, 10).algoStep).toBe(9);
    expect(walkBy(s, 1, 10).index).toBe(s.index);
    // Not counted yet: no move rather than a step past the end.
    expect(walkBy(s, 1, 0)).toBe(s);
  });
  it("keeps the walk on another head; a stage goes back to the standard steps", () => {
    const s = walkBy(open(), 2, 10);
    expect(toHead(s, 1).algoStep).toBe(2);
    const back = toStage(s, Stage.Softmax);
    expect(back.algoStep).toBeUndefined();
    expect(walkBy(back, 1, 10).index).toBe(back.index + 1);
  });
  it("keeps its step when the same algorithm runs again, starts over for another", () => {
    const s = walkBy(open(), 3, 10);
    expect(withResult(s, scenario, Granularity.PerQuery, flash).algoStep).toBe(3);
    const kv = resultOf({ heads: 2, queries: 3, algorithm: "kv-cache" });
    expect(withResult(s, scenario, Granularity.PerQuery, kv).algoStep).toBe(0);
    expect(withResult(s, scenario, Granularity.PerQuery, standard).algoStep).toBeUndefined();
  });
  it("starts where a link or an embed says", () => {
    expect(atStart(open(), { algoStep: 4 }).algoStep).toBe(4);
    expect(atStart(open(), { stage: Stage.Scores }).algoStep).toBeUndefined();
    expect(atStart(open(), { head: 1 }).algoStep).toBe(0);
    expect(atStart(open(standard), { algoStep: 4 }).algoStep).toBeUndefined();
  });
});

describe("links and embeds name its step", () => {
  it("reads a from 0 and algorithm-step from 1, the short key winning", () => {
    expect(readStep(get("s=0&a=8")).algoStep).toBe(8);
    expect(readStep(get("algorithm-step=9")).algoStep).toBe(8);
    expect(readStep(get("a=1&algorithm-step=9")).algoStep).toBe(1);
  });
  it("a link naming no step opens the walk's first step; a stage alone the standard steps", () => {
    expect(readStep(get("")).algoStep).toBe(0);
    expect(readStep(get("s=3&h=0&q=0&g=0")).algoStep).toBeUndefined();
  });
  it("names a bad algorithm step", () => {
    const step = readStep(get("a=x"));
    expect(step.problems).toEqual([`The link's algorithm step "x" is not a whole number from 0.`]);
    expect(readStep(get("algorithm-step=0")).problems[0]).toContain("algorithm-step");
  });
  it("writes a into links and algorithm-step into embeds", async () => {
    const view = viewOf(walkBy(open(), 2, 10));
    const flashPreset = presetById("flash")!;
    const s = "scenario" in flashPreset ? flashPreset.scenario : scenario;
    expect(await encodeView({ ...view, scenario: s })).toBe("p=flash&s=0&h=0&q=0&g=0&a=2");
    expect(stepAttributes(view)).toContainEqual(["algorithm-step", "3"]);
    const { options } = parseEmbedOptions((n) => (n === "algorithm-step" ? "3" : null));
    expect(options.start?.algoStep).toBe(2);
  });
  it("an embed's algorithm step on a scenario without one is named", () => {
    const errors = checkStart({ algoStep: 1 }, standard, viewOf(open(standard)));
    expect(errors.map((e) => e.option)).toEqual(["algorithm-step"]);
    expect(checkStart({ algoStep: 1 }, flash, viewOf(open()))).toEqual([]);
  });
});
