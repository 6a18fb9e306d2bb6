// RoPE's pairs and angles (state/rope-pairs.ts) for both styles, worked out by hand.
import { describe, expect, it } from "vitest";
import { ropePairs, rotate } from "../../../web/src/state/rope-pairs";

describe("RoPE pairs", () => {
  it("interleaved: (2i, 2i+1) turned by p·θ^(−2i/dims)", () => {
    const pairs = ropePairs({ theta: 10000, style: "interleaved", dims: 4 }, 3);
    expect(pairs.map((p) => [p.a, p.b])).toEqual([
      [0, 1],
      [2, 3],
    ]);
    expect(pairs[0]!.angle).toBe(3);
    expect(pairs[1]!.angle).toBeCloseTo(3 / 100, 15);
  });
  it("half: (i, i + dims/2), same angles", () => {
    const pairs = ropePairs({ theta: 10000, style: "half", dims: 4 }, 3);
    expect(pairs.map((p) => [p.a, p.b])).toEqual([
      [0, 2],
      [1, 3],
    ]);
    expect(pairs[1]!.angle).toBeCloseTo(0.03, 15);
  });
  it("rotation keeps the length and turns a quarter", () => {
    const [x, y] = rotate(1, 0, Math.PI / 2);
    expect(x).toBeCloseTo(0, 15);
    expect(y).toBeCloseTo(1, 15);
    const [u, v] = rotate(3, 4, 0.7);
    expect(Math.hypot(u, v)).toBeCloseTo(5, 14);
  });
});
