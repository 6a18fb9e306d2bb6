/**
 * What the heat maps' colours span. Weights lie in [0, 1], but spread-out heads rarely go above
 * 0.4 (Hopkins peaks at 0.43) and long sentences spread every row thin, so on the fixed scale
 * such maps are all dark. The learner may stretch the scale to the head's own range or to each
 * row's own range instead; the legend always states which, with the numbers. Masked cells
 * (hatched, weight exactly 0 by the mask) take no part in a range.
 */
import type { MatrixValue } from "../../wasm/types";

export type ScaleMode = "unit" | "head" | "row";

/** The choices, as the "Colour scale" picker offers them. */
export const SCALE_MODES: readonly [ScaleMode, string][] = [
  ["unit", "0 to 1"],
  ["head", "this head's range"],
  ["row", "each row's range"],
];

/** A range [lo, hi] of weights. */
export type Range = [number, number];

/** `mask` (m, n): 1 = attend, 0 = masked; null = nothing masked. */
const attends = (mask: MatrixValue | null, r: number, c: number) =>
  !mask || mask.data[r * mask.cols + c] !== 0;

/** Smallest and largest unmasked weight of rows [r0, r1) of `w` ([Infinity, -Infinity] if none). */
export function rangeOf(w: MatrixValue, mask: MatrixValue | null, r0 = 0, r1 = w.rows): Range {
  let lo = Infinity;
  let hi = -Infinity;
  const data = w.data;
  for (let r = r0; r < r1; r++) {
    for (let c = 0; c < w.cols; c++) {
      if (mask && !attends(mask, r, c)) continue;
      const x = data[r * w.cols + c]!;
      if (x < lo) lo = x;
      if (x > hi) hi = x;
    }
  }
  return [lo, hi];
}

/** A weight's place in `range`, 0 to 1; a range of one value (one key left) keeps the 0–1 place. */
function place(x: number, [lo, hi]: Range): number {
  return hi - lo > 1e-12 ? (x - lo) / (hi - lo) : x;
}

/** The colour position (0 to 1) of each weight of `w` under `mode`: t(row, col, weight). */
export function scaleFor(
  mode: ScaleMode,
  w: MatrixValue,
  mask: MatrixValue | null,
): (r: number, c: number, x: number) => number {
  if (mode === "unit") return (_r, _c, x) => x;
  if (mode === "head") {
    const range = rangeOf(w, mask);
    return (_r, _c, x) => place(x, range);
  }
  const rows = Array.from({ length: w.rows }, (_, r) => rangeOf(w, mask, r, r + 1));
  return (r, _c, x) => place(x, rows[r]!);
}

/** The three numbers under the legend's colour bar: its two ends and its middle. */
export function ticksOf(range: Range): [number, number, number] {
  return [range[0], (range[0] + range[1]) / 2, range[1]];
}
