/**
 * RoPE's pairs and angles for one position, as the core rotates them (docs/scenario.md): pair i
 * turns by p·θ^(−2i/dims); "interleaved" pairs components (2i, 2i+1), "half" pairs (i, i + dims/2).
 * Plain arithmetic, no DOM: the RoPE dials (views/step-visuals/rope-dials.ts) draw from it.
 */
import type { RopeValue } from "../wasm/types";

export interface RopePair {
  /** Pair index, 0..dims/2 − 1. */
  index: number;
  /** The two components of a head's row it turns. */
  a: number;
  b: number;
  /** Radians: position · θ^(−2·index/dims). */
  angle: number;
}

/** The pairs RoPE turns at `position`; components from `dims` to d_k pass through. */
export function ropePairs(rope: RopeValue, position: number): RopePair[] {
  const half = rope.dims / 2;
  return Array.from({ length: half }, (_, i) => ({
    index: i,
    a: rope.style === "half" ? i : 2 * i,
    b: rope.style === "half" ? i + half : 2 * i + 1,
    angle: position * Math.pow(rope.theta, (-2 * i) / rope.dims),
  }));
}

/** (x, y) turned by `angle`: what RoPE does to one pair. */
export function rotate(x: number, y: number, angle: number): [number, number] {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return [x * c - y * s, x * s + y * c];
}
