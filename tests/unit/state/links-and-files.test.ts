// Learn links (learn-link.ts), a learned model's short link (learned-source.ts), the scenario
// file's layout (scenario-file.ts), and the names of stages and scoring functions.
import { describe, expect, it } from "vitest";
import { learnHash, readLearnHash } from "../../../web/src/state/learn-link";
import {
  readSource,
  rememberSource,
  sourceFields,
  sourceOf,
} from "../../../web/src/state/learned-source";
import { scenarioJson } from "../../../web/src/state/scenario-file";
import { scenarioWithEdits } from "../../../web/src/state/edits";
import { isMatMulStage, isPerQueryStage, STAGE_INFO } from "../../../web/src/state/stages";
import { scoringOf, SCORING } from "../../../web/src/state/scoring";
import { ScoreKind, Stage } from "../../../web/src/wasm/enums";
import type { ScenarioFile } from "../../../web/src/wasm/types";

describe("Learn links", () => {
  it("read the task, translate by default", () => {
    expect(readLearnHash("#learn")).toEqual({ task: "translate", problem: "" });
    expect(readLearnHash("learn=COPY")).toEqual({ task: "copy", problem: "" });
    expect(readLearnHash(learnHash("copy"))?.task).toBe("copy");
    expect(readLearnHash("#p=small")).toBeNull();
    expect(readLearnHash("#learner")).toBeNull();
  });
  it("carry the settings as typed, cut when long, and only the settings fields", () => {
    const typed = { steps: "300", d_model: "1 6", encoder_self_attention: "off" };
    const hash = learnHash("copy", typed);
    expect(hash).toBe("#learn=copy&d_model=1%206&steps=300&encoder_self_attention=off");
    expect(readLearnHash(hash)).toEqual({ task: "copy", problem: "", typed });
    const long = readLearnHash(`#learn=copy&seed=${"9".repeat(50)}&colour=red`)!;
    expect(long.typed).toEqual({ seed: "9".repeat(40) });
  });
  it("name an unknown task, cut when long, and show translate", () => {
    const link = readLearnHash(`#learn=${"x".repeat(30)}`)!;
    expect(link.task).toBe("translate");
    expect(link.problem).toBe(
      `learn: “${"x".repeat(20)}…” is not a task; the tasks are translate and copy. Showing translate.`,
    );
  });
});

describe("a learned model's link", () => {
  const source = { task: "translate" as const, text: "the cat", site: "cross" as const, layer: 0 };
  const get = (fields: [string, string][]) => (k: string) =>
    fields.find(([key]) => key === k)?.[1] ?? null;
  it("round-trips its fields, the layer 1-based in the link", () => {
    const fields = sourceFields(source);
    expect(fields).toContainEqual(["layer", "1"]);
    expect(readSource(get(fields))).toEqual(source);
  });
  it("names a bad part", () => {
    const bad = (k: string, v: string) =>
      readSource(get(sourceFields(source).map(([key, x]) => [key, key === k ? v : x])));
    expect(() => bad("learned", "poem")).toThrow("learned model “poem” is not one of");
    expect(() => bad("site", "side")).toThrow("site “side”");
    expect(() => bad("layer", "0")).toThrow("layer “0”");
    expect(() => bad("text", " ")).toThrow("text must have 1 to 400 characters");
    expect(readSource(() => null)).toBeNull();
  });
  it("is known for its scenario and its edited copies, not for another scenario", () => {
    const scenario: ScenarioFile = { query_tokens: ["le"], w_q: [[1]], w_k: [[2]] };
    rememberSource(scenario, source);
    expect(sourceOf(scenario)).toBe(source);
    const edited = scenarioWithEdits(scenario, [{ matrix: "w_q", row: 0, col: 0, value: 3 }]);
    expect(sourceOf(edited)).toBe(source);
    expect(sourceOf({ ...scenario, w_k: [[2]] })).toBeUndefined();
  });
});

describe("the scenario file's text", () => {
  it("is laid out like the examples: one matrix row or edit a line, the rest inline", () => {
    const text = scenarioJson({
      query_tokens: ["a", "b"],
      d_model: 2,
      w_q: [
        [1, 0],
        [0, 1],
      ],
      edits: [{ matrix: "w_q", row: 0, col: 1, value: 0.5 }],
      title: undefined,
    });
    expect(text).toBe(
      [
        "{",
        '  "query_tokens": ["a", "b"],',
        '  "d_model": 2,',
        '  "w_q": [',
        "    [1, 0],",
        "    [0, 1]",
        "  ],",
        '  "edits": [',
        '    {"matrix": "w_q", "row": 0, "col": 1, "value": 0.5}',
        "  ]",
        "}",
        "",
      ].join("\n"),
    );
    expect(JSON.parse(text)).toEqual({
      query_tokens: ["a", "b"],
      d_model: 2,
      w_q: [
        [1, 0],
        [0, 1],
      ],
      edits: [{ matrix: "w_q", row: 0, col: 1, value: 0.5 }],
    });
  });
});

describe("stage and scoring names", () => {
  it("every stage has its texts; per-query and product stages are the right ones", () => {
    const stages = Object.values(Stage);
    expect(stages.every((s) => STAGE_INFO[s].title.length > 0)).toBe(true);
    expect(stages.filter(isPerQueryStage)).toEqual([
      Stage.Scores,
      Stage.Scale,
      Stage.Mask,
      Stage.Softmax,
      Stage.WeightedSum,
      Stage.RopeQ, // the appended stages: q̄_i per query, s̃_i + b_i per query
      Stage.Alibi,
    ]);
    expect(stages.filter((s) => !isMatMulStage(s))).toEqual([
      Stage.Scale,
      Stage.Mask,
      Stage.Softmax,
      Stage.Concat,
      Stage.RopeK,
      Stage.RopeQ,
      Stage.Alibi,
    ]);
  });
  it("an unknown or missing scoring function reads as the scaled dot product", () => {
    expect(scoringOf(undefined)).toBe(SCORING[ScoreKind.ScaledDot]);
    expect(scoringOf(99 as ScoreKind)).toBe(SCORING[ScoreKind.ScaledDot]);
    expect(scoringOf(ScoreKind.Additive).title).toContain("Bahdanau");
  });
});
