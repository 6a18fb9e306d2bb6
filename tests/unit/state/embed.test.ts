// What an embed asks for (web/src/state/embed-options.ts, embed-start.ts): every option read in
// the authors' 1-based convention, each bad one named with what is allowed and left out, and a
// start step the scenario lacks named with its range.
import { describe, expect, it } from "vitest";
import {
  MIN_HEIGHT_PX,
  parseEmbedOptions,
  parseHeight,
  parseStage,
  stageName,
  stepAttributes,
  type OptionName,
} from "../../../web/src/state/embed-options";
import { checkStart } from "../../../web/src/state/embed-start";
import { Granularity, Stage } from "../../../web/src/wasm/enums";
import { resultOf } from "./fixtures";

const parse = (attrs: Partial<Record<OptionName, string>>) =>
  parseEmbedOptions((name) => attrs[name] ?? null);

describe("embed options", () => {
  it("reads every option, numbers from 1", () => {
    const c = parse({
      preset: " Scratch ",
      stage: "weighted-sum",
      head: "2",
      query: "1",
      granularity: "matrix",
      hide: "keys, scenario",
      theme: "Dark",
      height: "30rem",
      autoplay: "",
      src: " a.json ",
    });
    expect(c.errors).toEqual([]);
    expect(c.options.preset).toBe("scratch");
    expect(c.options.start).toEqual({
      stage: Stage.WeightedSum,
      head: 1,
      query: 0,
      granularity: Granularity.PerMatrix,
    });
    expect([...c.options.hide!]).toEqual(["keys", "scenario"]);
    expect([c.theme, c.height, c.options.autoplay, c.src, c.options.keys]).toEqual([
      "dark",
      "30rem",
      true,
      "a.json",
      "root",
    ]);
  });
  it("names each bad option, keeps the good ones", () => {
    const c = parse({
      preset: "nope",
      head: "0",
      query: "x",
      hide: "keys,menu",
      theme: "blue",
      autoplay: "maybe",
      scenario: "[1]",
      stage: "6",
    });
    expect(c.errors.map((e) => e.option)).toEqual([
      "preset",
      "head",
      "query",
      "scenario",
      "hide",
      "autoplay",
      "theme",
    ]);
    expect(c.errors[0]!.message).toContain("the presets are small, scratch");
    expect(c.errors[4]!.message).toContain('unknown panel "menu"');
    expect(c.errors[0]!.outcome).toBe("It was ignored.");
    expect(c.options.start?.stage).toBe(Stage.Mask);
    expect(c.options.preset).toBeUndefined();
  });
  it("reads stages by name or 1-based place, and writes them back the same way", () => {
    for (const stage of Object.values(Stage)) {
      expect(parseStage(stageName(stage))).toBe(stage);
      expect(parseStage(String(stage + 1))).toBe(stage);
    }
    expect(parseStage("Weighted Sum")).toBe(Stage.WeightedSum);
    // 11–13 name the appended RoPE and ALiBi stages (docs/url.md); 14 is past the last.
    expect(parseStage("11")).toBe(Stage.RopeK);
    expect(parseStage("rope-q")).toBe(Stage.RopeQ);
    expect(() => parseStage("14")).toThrow("use 1 to 13 or a name");
    expect(() => parseStage("0")).toThrow("is not a stage");
  });
  it("step attributes read back to the same start", () => {
    const view = {
      scenario: { query_tokens: ["a"] },
      stage: Stage.Concat,
      head: 3,
      query: 4,
      granularity: Granularity.PerMatrix,
    };
    const attrs = Object.fromEntries(stepAttributes(view));
    expect(attrs).toEqual({ stage: "concat", head: "4", query: "5", granularity: "matrix" });
    expect(parse(attrs).options.start).toEqual({
      stage: Stage.Concat,
      head: 3,
      query: 4,
      granularity: Granularity.PerMatrix,
    });
  });
  it("heights: CSS lengths, bare pixels and auto; too small names the least", () => {
    expect(parseHeight("480")).toBe("480px");
    expect(parseHeight(" 70VH ")).toBe("70vh");
    expect(parseHeight("auto")).toBe("auto");
    expect(() => parseHeight(`${MIN_HEIGHT_PX - 1}px`)).toThrow(`the least is ${MIN_HEIGHT_PX}px`);
    expect(() => parseHeight("10%")).toThrow("is not a height");
  });
});

describe("the start step against the scenario", () => {
  const result = resultOf({ heads: 2, queries: 3, wO: false });
  const shown = {
    scenario: { query_tokens: ["a", "b", "c"] },
    stage: Stage.Concat,
    head: 1,
    query: 2,
    granularity: Granularity.PerQuery,
  };
  it("names a head, query or stage the scenario lacks, with its range and what is shown", () => {
    const errors = checkStart({ head: 4, query: 3, stage: Stage.OutputProjection }, result, shown);
    expect(errors.map((e) => [e.option, e.message, e.outcome])).toEqual([
      ["head", "head: 5 is out of range; this scenario has heads 1 to 2.", "Showing head 2."],
      ["query", "query: 4 is out of range; this scenario has queries 1 to 3.", "Showing query 3."],
      [
        "stage",
        "stage: output-projection is not a step of this scenario (it has no W_O); its stages are project-q, project-k, project-v, scores, scale, softmax, weighted-sum, concat.",
        "Showing concat.",
      ],
    ]);
  });
  it("says nothing when the scenario has the step", () => {
    expect(checkStart({ head: 1, query: 2, stage: Stage.Softmax }, result, shown)).toEqual([]);
  });
  it("with one head, says only head 1", () => {
    const one = resultOf({ heads: 1, queries: 1 });
    expect(checkStart({ head: 1 }, one, shown)[0]!.message).toContain("has only head 1.");
  });
});
