// What each head does (web/src/state/head-labels.ts), computed from the weights: a previous-token
// head, a head on its own token, a sharp cross-attention head with its pairs, a spread head; and
// the random-weights note for scenarios whose W come from their seed.
import { describe, expect, it } from "vitest";
import { headLabel, randomWeightsNote } from "../../../web/src/state/head-labels";
import type { MatrixValue, TraceValue } from "../../../web/src/wasm/types";

const matrix = (rows: number[][]): MatrixValue => ({
  rows: rows.length,
  cols: rows[0]!.length,
  data: Float64Array.from(rows.flat()),
});

/** Just what headLabel reads of a trace: labels, self-attention, the heads' weights. */
function traceOf(q: string[], k: string[], heads: number[][][]): TraceValue {
  return {
    queryLabels: q,
    keyLabels: k,
    selfAttention: q === k,
    fullyMaskedQueries: [],
    headTraces: heads.map((w) => ({ weights: matrix(w) })),
  } as unknown as TraceValue;
}

describe("headLabel", () => {
  const words = ["a", "b", "c"];
  it("names a previous-token head with its mean weight on the token before", () => {
    const t = traceOf(words, words, [
      [
        [1, 0, 0],
        [0.8, 0.1, 0.1],
        [0.1, 0.6, 0.3],
      ],
    ]);
    expect(headLabel(t, 0)).toBe("previous token: 0.70 of the weight on the token before");
  });
  it("names a head looking at its own token", () => {
    const t = traceOf(words, words, [
      [
        [0.9, 0.1, 0],
        [0.1, 0.5, 0.4],
        [0.2, 0.2, 0.6],
      ],
    ]);
    expect(headLabel(t, 0)).toBe("itself: 0.67 of the weight on its own token");
  });
  it("names a sharp cross-attention head with each row's key, and a spread one", () => {
    const fr = ["chat", "noir"];
    const en = ["black", "cat"];
    const t = traceOf(fr, en, [
      [
        [0.1, 0.9],
        [0.8, 0.2],
      ],
      [
        [0.55, 0.45],
        [0.5, 0.5],
      ],
    ]);
    expect(headLabel(t, 0)).toBe(
      "sharp: 0.85 of a row's weight on one key on average (chat → cat, noir → black)",
    );
    expect(headLabel(t, 1)).toBe(
      "spread: a row's largest weight is 0.53 on average (even would be 0.50)",
    );
  });
});

describe("randomWeightsNote", () => {
  it("marks weights drawn from the seed, not written ones", () => {
    expect(randomWeightsNote({ query_tokens: ["a"], d_model: 2, heads: 1, seed: 7 })).toBe(
      "Random weights (seed 7): no pattern to find; the maps show chance, not meaning.",
    );
    expect(
      randomWeightsNote({ query_tokens: ["a"], d_model: 1, heads: 1, w_q: [[1]], w_k: [[1]] }),
    ).toBeNull();
  });
});
