// The lower bound of a value's JSON length (web/src/wasm/json-size.ts), which lets a link and
// the preset lookup skip writing out a scenario far too big to matter: never above the real
// length, for every kind of value a scenario holds, and close to it for matrices of numbers.
import { describe, expect, it } from "vitest";
import { minJsonLength } from "../../../web/src/wasm/json-size";
import {
  DEFAULT_PRESET,
  presetMatching,
  presetScenarioNow,
  PRESETS,
} from "../../../web/src/state/presets";
import { MAX_JSON_BYTES } from "../../../web/src/state/url-compress";
import type { ScenarioFile } from "../../../web/src/wasm/types";

/** A seeded stream in [-1, 1), so the cases are the same every run. */
function stream(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 31 - 1;
  };
}
const matrix = (rows: number, cols: number, next: () => number) =>
  Array.from({ length: rows }, () => Array.from({ length: cols }, next));

describe("minJsonLength", () => {
  const next = stream(7);
  const values: [string, unknown][] = [
    ["empty array", []],
    ["empty object", {}],
    ["numbers", [0, -0, 1e-300, 1e300, -12.5, NaN, Infinity]],
    ["strings with escapes", ["", 'a"b', "\\", "\u0001", "😺", "\ud800"]],
    ["nested and holes", [[], [[1]], [undefined, null, true, false], { a: undefined, b: [] }]],
    ["a scenario", { query_tokens: ["le", "chat"], d_model: 4, heads: 2, x_q: matrix(2, 4, next) }],
    ["a matrix of doubles", matrix(30, 17, next)],
    [
      "objects in arrays",
      [
        { row: 0, col: 1, value: 0.25 },
        { row: 1, col: 0, value: -3 },
      ],
    ],
  ];
  for (const [name, value] of values) {
    it(`is never above the real length: ${name}`, () => {
      expect(minJsonLength(value)).toBeLessThanOrEqual(JSON.stringify(value).length);
    });
  }

  it("bounds a matrix of full doubles within a factor of five", () => {
    const m = matrix(64, 64, next);
    const real = JSON.stringify(m).length;
    expect(minJsonLength(m)).toBeGreaterThan(real / 5);
  });

  it("finds a 768-wide layer of random weights over a link's limit without writing it", () => {
    const w = () => matrix(768, 768, next);
    const layer = { query_tokens: ["t"], d_model: 768, heads: 12, w_q: w(), w_k: w(), w_v: w() };
    expect(minJsonLength({ ...layer, w_o: w() })).toBeGreaterThan(MAX_JSON_BYTES);
  });
});

describe("presetMatching with the bound", () => {
  it("still finds each preset from a copy of its scenario", () => {
    for (const p of PRESETS) {
      const known = presetScenarioNow(p);
      if (!known) continue;
      const copy = JSON.parse(JSON.stringify(known)) as ScenarioFile;
      expect(presetMatching(copy)?.id).toBe(p.id);
    }
  });

  it("finds no preset for a scenario far longer than every preset", () => {
    const big: ScenarioFile = { ...DEFAULT_PRESET.scenario, x_q: matrix(400, 400, () => 0.5) };
    expect(presetMatching(big)).toBeUndefined();
  });
});
