// Links (web/src/state/url-state.ts, url-step.ts, url-compress.ts): every view survives a round
// trip through a hash and through the embed page's parameters; a bad part is named, not thrown
// away with the rest.
import { describe, expect, it } from "vitest";
import {
  decodeView,
  encodeView,
  hashHasView,
  MAX_URL_TEXT,
  TooBigForLinkError,
  UrlStateError,
  viewFromSearchParams,
  viewToSearchParams,
} from "../../../web/src/state/url-state";
import { compress, decompress, MAX_JSON_BYTES } from "../../../web/src/state/url-compress";
import { readStep } from "../../../web/src/state/url-step";
import { DEFAULT_PRESET, presetById } from "../../../web/src/state/presets";
import type { View } from "../../../web/src/state/app-state";
import { Granularity, Stage } from "../../../web/src/wasm/enums";
import type { ScenarioFile } from "../../../web/src/wasm/types";

const custom: ScenarioFile = {
  query_tokens: ["le", "chat", "noir", "😺"],
  d_model: 4,
  heads: 2,
  seed: 9,
  mask: "causal",
};
const view = (scenario: ScenarioFile, over: Partial<View> = {}): View => ({
  scenario,
  granularity: Granularity.PerQuery,
  stage: Stage.Softmax,
  head: 1,
  query: 2,
  ...over,
});

describe("hash round trips", () => {
  it("a preset is named by id, with its edits readable in the hash", async () => {
    const edits = [
      { matrix: "x_q" as const, row: 0, col: 1, value: 0.5 },
      { matrix: "w_k" as const, row: 2, col: 3, value: -1 },
    ];
    const v = view({ ...DEFAULT_PRESET.scenario, edits });
    const hash = await encodeView(v);
    expect(hash).toBe("p=small&e=x_q:0:1:0.5;w_k:2:3:-1&s=6&h=1&q=2&g=0");
    const back = await decodeView(`#${hash}`);
    expect(back.problems).toEqual([]);
    expect(back.view).toEqual(v);
  });
  it("any other scenario goes compressed and comes back equal", async () => {
    const v = view(custom, { stage: Stage.Concat, granularity: Granularity.PerMatrix });
    const hash = await encodeView(v);
    expect(hash).toMatch(/^z=[A-Za-z0-9_-]+&s=8&h=1&q=2&g=1$/);
    expect((await decodeView(hash)).view).toEqual(v);
  });
  it("the embed page's parameters round-trip too, the step in the authors' convention", async () => {
    const params = await viewToSearchParams(view(custom, { stage: Stage.WeightedSum }));
    expect(params.get("stage")).toBe("weighted-sum");
    expect(params.get("head")).toBe("2");
    expect(params.get("query")).toBe("3");
    const back = await viewFromSearchParams(params);
    expect(back?.scenario).toEqual(custom);
  });
  it("a scenario too big for a link says so", async () => {
    const big: ScenarioFile = {
      query_tokens: Array.from({ length: 40_000 }, (_, i) => `t${(i * 7919) % 100_003}`),
    };
    await expect(encodeView(view(big))).rejects.toBeInstanceOf(TooBigForLinkError);
  });
});

describe("reading links", () => {
  it("reads the README's long form, 1-based", async () => {
    const { view: v, problems } = await decodeView("#preset=scratch&stage=8&query=2");
    expect(problems).toEqual([]);
    const scratch = presetById("scratch");
    expect(scratch && "scenario" in scratch && v.scenario).toEqual(
      scratch && "scenario" in scratch && scratch.scenario,
    );
    expect(v.scenario.query_tokens.length).toBe(4);
    expect([v.stage, v.head, v.query]).toEqual([Stage.WeightedSum, 0, 1]);
  });
  it("names a bad step and opens the scenario at its first step", async () => {
    const { view: v, problems } = await decodeView("#p=small&s=99&h=1");
    expect(problems).toEqual([
      expect.stringContaining(`The link's stage "99" is not 0 to 9 or a stage name`),
    ]);
    expect([v.stage, v.head, v.query]).toEqual([Stage.ProjectQ, 0, 0]);
  });
  it("refuses what names no scenario, with a message", async () => {
    await expect(decodeView("#p=nope")).rejects.toThrow('unknown preset "nope"');
    await expect(decodeView("#s=3")).rejects.toThrow("names no scenario");
    await expect(decodeView("#p=small&e=x_q:0:0:abc")).rejects.toThrow("Edit 1 of the link");
    await expect(decodeView("#p=small&e=q:0:0:1")).rejects.toThrow("Edit 1 of the link");
    await expect(decodeView("#z=!!")).rejects.toThrow("not base64url");
    await expect(decodeView("#scenario=%7Bx")).rejects.toThrow("not valid JSON");
    await expect(decodeView("#scenario=%5B%5D")).rejects.toThrow("not a JSON object");
    await expect(decodeView("#scenario=%7B%7D")).rejects.toThrow("no list of query tokens");
    await expect(decodeView(`#p=${"x".repeat(MAX_URL_TEXT)}`)).rejects.toThrow("too long");
    await expect(decodeView("#p=%E0")).rejects.toThrow("percent-encoding");
  });
  it("tells a view's hash from other hashes", () => {
    expect(hashHasView("#p=small")).toBe(true);
    expect(hashHasView("#s=1&z=abc")).toBe(true);
    expect(hashHasView("#learned=translate&text=a")).toBe(true);
    expect(hashHasView("#step")).toBe(false);
    expect(hashHasView("#learn=copy")).toBe(false);
  });
  it("query parameters without a scenario are no view", async () => {
    expect(await viewFromSearchParams(new URLSearchParams("stage=3"))).toBeNull();
  });
});

describe("the step part", () => {
  const get = (text: string) => {
    const p = new URLSearchParams(text);
    return (k: string) => p.get(k);
  };
  it("reads stage names and numbers, the short key winning", () => {
    expect(readStep(get("s=softmax&stage=2&h=3&query=4&g=1"))).toEqual({
      stage: Stage.Softmax,
      head: 3,
      query: 3,
      granularity: Granularity.PerMatrix,
      problems: [],
    });
  });
  it("keeps a readable granularity when another part is bad", () => {
    const step = readStep(get("s=2&h=x&g=1"));
    expect(step.problems).toEqual([`The link's head "x" is not a whole number from 0.`]);
    expect(step.granularity).toBe(Granularity.PerMatrix);
    expect(step.stage).toBe(Stage.ProjectQ);
  });
  it("escapes control characters in what it quotes", () => {
    expect(readStep(get("q=%1B")).problems[0]).toContain('"\\u001B"');
  });
});

describe("compression", () => {
  it("round-trips text, every character kept", async () => {
    const text = JSON.stringify({ query_tokens: ["é", "😺", "\u2028"], seed: 1 });
    expect(await decompress(await compress(text))).toBe(text);
  });
  it("stops at the size cap", async () => {
    const z = await compress(" ".repeat(MAX_JSON_BYTES + 10));
    await expect(decompress(z)).rejects.toThrow("too large");
  });
  it("names damaged input", async () => {
    await expect(decompress("AAAA")).rejects.toBeInstanceOf(UrlStateError);
    await expect(decompress("A")).rejects.toThrow("not base64url");
  });
});
