// The alignment a translation should show (web/src/state/alignment.ts): each French word's
// English word from the task's lexicon (a repeated word by order), the crossed rows, and the
// head that aligns best, chosen by its crossed rows first.
import { describe, expect, it } from "vitest";
import { alignedHead, crossedRows, expectedAlignment } from "../../../web/src/state/alignment";
import type { MatrixValue, TraceValue } from "../../../web/src/wasm/types";

const matrix = (rows: number[][]): MatrixValue => ({
  rows: rows.length,
  cols: rows[0]!.length,
  data: Float64Array.from(rows.flat()),
});

/** What the alignment reads of a trace: tokens, self-attention, the heads' weights. */
function traceOf(q: string[], k: string[], heads: number[][][] = []): TraceValue {
  return {
    queryTokens: q,
    keyTokens: k,
    selfAttention: false,
    headTraces: heads.map((w) => ({ weights: matrix(w) })),
  } as unknown as TraceValue;
}

/** A one-hot row of n on key j, the rest spread. */
const peakAt = (j: number, n: number, top = 0.7) =>
  Array.from({ length: n }, (_, c) => (c === j ? top : (1 - top) / (n - 1)));

describe("expectedAlignment", () => {
  it("maps each French word to its English word, a repeated one in order", () => {
    const t = traceOf(
      ["le", "chat", "noir", "voit", "le", "chien"],
      ["the", "black", "cat", "sees", "the", "dog"],
    );
    expect(expectedAlignment(t)).toEqual([0, 2, 1, 3, 4, 5]);
  });
  it("is null for keys outside the lexicon, self-attention, or few known words", () => {
    expect(expectedAlignment(traceOf(["le"], ["word_1"]))).toBeNull();
    expect(expectedAlignment(traceOf(["x", "y", "le"], ["the"]))).toBeNull();
    const self = { ...traceOf(["le"], ["the"]), selfAttention: true } as TraceValue;
    expect(expectedAlignment(self)).toBeNull();
  });
});

describe("crossedRows", () => {
  it("finds the rows of a noun and colour adjective that swap places", () => {
    expect(crossedRows([0, 2, 1, 3, 4, 5])).toEqual([1, 2]);
    expect(crossedRows([0, 1, 2])).toEqual([]);
  });
});

describe("alignedHead", () => {
  const q = ["le", "chat", "noir"];
  const k = ["the", "black", "cat"];
  it("prefers the head whose crossed rows peak right over one with more weight elsewhere", () => {
    // Head 1: "le" very sharp, "chat" wrong; head 2: every row right, less weight.
    const h1 = [peakAt(0, 3, 0.99), peakAt(1, 3, 0.5), peakAt(1, 3, 0.99)];
    const h2 = [peakAt(0, 3, 0.5), peakAt(2, 3, 0.5), peakAt(1, 3, 0.5)];
    const best = alignedHead(traceOf(q, k, [h1, h2]))!;
    expect(best.head).toBe(1);
    expect(best.scores[0]).toMatchObject({ crossedPeaks: 1, crossed: 2, peaks: 2, rows: 3 });
    expect(best.scores[1]).toMatchObject({ crossedPeaks: 2, crossed: 2, peaks: 3, rows: 3 });
    expect(best.scores[1]!.weight).toBeCloseTo(0.5, 12);
  });
  it("is null when there is nothing to align", () => {
    expect(alignedHead(traceOf(["a"], ["word_1"], [[[1]]]))).toBeNull();
  });
});
