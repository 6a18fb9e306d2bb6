// The Model view's pure parts: a head's reading on a text (state/head-roles.ts), a vocabulary's
// pieces on screen and as text (state/lm-pieces.ts), and the Model view's links
// (state/model-link.ts, state/lm-source.ts).
import { describe, expect, it } from "vitest";
import { readHead } from "../../../web/src/state/head-roles";
import { Vocabulary } from "../../../web/src/state/lm-pieces";
import { modelHash, readModelHash } from "../../../web/src/state/model-link";
import { lmSourceFields, readLmSource } from "../../../web/src/state/lm-source";

/** A (T, T) causal matrix whose row i is `row(i)` (weights over keys 0..i). */
function causal(T: number, row: (i: number) => number[]) {
  const data = new Float64Array(T * T);
  for (let i = 0; i < T; i++) row(i).forEach((w, j) => (data[i * T + j] = w));
  return { rows: T, cols: T, data };
}
const oneHot = (i: number, at: number) =>
  Array.from({ length: i + 1 }, (_, j) => (j === at ? 1 : 0));

describe("readHead", () => {
  const ids = [1, 7, 8, 9, 7, 8, 9];
  it("names a previous-token head with its figure", () => {
    const r = readHead(
      causal(7, (i) => oneHot(i, Math.max(i - 1, 0))),
      ids,
    );
    expect(r.role).toBe("previous-token");
    expect(r.score).toBe(1);
    expect(r.scores["first-token"]).toBeCloseTo(1 / 6, 12);
  });
  it("names an induction head: the key after the earlier copy", () => {
    // Queries 4, 5, 6 (tokens 7, 8, 9 again) look at 2, 3, 4; the others at BOS.
    const r = readHead(
      causal(7, (i) => oneHot(i, i >= 4 ? i - 2 : 0)),
      ids,
    );
    expect(r.scores.induction).toBe(1);
    expect(r.role).toBe("induction");
  });
  it("names a sink and a same-token head, and an even head broad", () => {
    expect(
      readHead(
        causal(7, (i) => oneHot(i, 0)),
        ids,
      ).role,
    ).toBe("first-token");
    expect(
      readHead(
        causal(7, (i) => oneHot(i, i)),
        ids,
      ).role,
    ).toBe("same-token");
    const even = readHead(
      causal(7, (i) => Array<number>(i + 1).fill(1 / (i + 1))),
      ids,
    );
    expect(even.role).toBe("broad");
    expect(even.score).toBeCloseTo(1, 12);
  });
  it("has no induction figure when no token repeats", () => {
    expect(
      readHead(
        causal(3, (i) => oneHot(i, 0)),
        [1, 5, 6],
      ).scores.induction,
    ).toBeNull();
  });
});

describe("Vocabulary", () => {
  const pieces = ["<unk>", "\n<s>\n", "\n</s>\n", "<0x0A>", "<0xC3>", "<0xA9>", " the", "x y"];
  const enc = new TextEncoder();
  const parts = pieces.map((p) => enc.encode(p));
  const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  const ends = new Int32Array(parts.length);
  parts.reduce((at, p, i) => (bytes.set(p, at), (ends[i] = at + p.length)), 0);
  const v = new Vocabulary({ bytes, ends });
  it("shows pieces cleanly", () => {
    expect([1, 2, 3, 4, 6, 7, 99].map((id) => v.label(id))).toEqual([
      "<s>",
      "</s>",
      "↵",
      "⟨0xC3⟩",
      "␣the",
      "x␣y",
      "#99",
    ]);
  });
  it("decodes as run.c: the space after BOS dropped, byte pieces joined into UTF-8", () => {
    expect(v.text([1, 6, 4, 5, 3])).toBe("theé\n");
    expect(v.text([6, 6])).toBe(" the the");
  });
});

describe("Model links", () => {
  it("read and write #model", () => {
    expect(readModelHash("#model")).toEqual({ model: "kjv", text: "", problem: "" });
    expect(readModelHash(modelHash("kjv", "In the beginning"))?.text).toBe("In the beginning");
    expect(modelHash("kjv", "a b")).toBe("#model=kjv&text=a%20b");
    expect(readModelHash("#model=gpt")?.problem).toMatch(/not a model here/);
    expect(readModelHash("#p=small")).toBeNull();
  });
  it("name a head of the shipped model from 1, and refuse a bad one", () => {
    const s = { model: "kjv", text: "And God", layer: 1, head: 2 } as const;
    const fields = new Map(lmSourceFields(s));
    expect(readLmSource((k) => fields.get(k) ?? null)).toEqual(s);
    expect(() => readLmSource((k) => (k === "lm" ? "gpt" : null))).toThrow(/not one of kjv/);
    expect(() => readLmSource((k) => ({ lm: "kjv", layer: "0" })[k] ?? null)).toThrow(/layer/);
  });
  it("carry the other algorithm a head is stepped through, and refuse a bad one", () => {
    const flash = { algorithm: "flash", block_q: 2, block_k: 3 } as const;
    const s = { model: "kjv", text: "And God", layer: 1, head: 2, algorithm: flash } as const;
    const fields = lmSourceFields(s);
    expect(fields.slice(4)).toEqual([
      ["algorithm", "flash"],
      ["block_q", "2"],
      ["block_k", "3"],
    ]);
    const map = new Map(fields);
    expect(readLmSource((k) => map.get(k) ?? null)).toEqual(s);
    const read = (extra: Record<string, string>) => () =>
      readLmSource((k) => ({ lm: "kjv", ...extra })[k] ?? null);
    expect(read({ algorithm: "paged" })).toThrow(/algorithm “paged” is not one of standard/);
    expect(read({ algorithm: "flash", block_q: "0" })).toThrow(/block_q “0” is not a whole number/);
    expect(read({ algorithm: "standard" })()).toEqual({
      model: "kjv",
      text: "",
      layer: 0,
      head: 0,
    });
  });
});
