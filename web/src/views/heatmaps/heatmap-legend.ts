/**
 * The heat maps' legend: the colour bar with the numbers at its ends and middle, a sentence saying
 * what the colours span under the chosen scale (with the numbers), the actual minimum and maximum
 * of all heads and of this head, and the masked swatch.
 */
import { formatCell } from "../ui/format";
import { headName } from "../../state/stages";
import type { MatrixValue, TraceValue } from "../../wasm/types";
import { el } from "../ui/dom";
import { legendGradient } from "../ui/heatmap-draw";
import { runNow } from "../ui/slices";
import { rangeOf, ticksOf, type Range, type ScaleMode } from "./heatmap-scale";

/**
 * Each head's whole range, kept per matrix: 4 × 512 × 512 weights took one long task at every
 * legend. `measureRanges` finds them in pieces (a band of rows a piece) before the legend needs them.
 */
const ranges = new WeakMap<MatrixValue, Range>();
function wholeRange(w: MatrixValue): Range {
  if (!ranges.has(w)) runNow(measureRanges([w]));
  return ranges.get(w)!;
}

/** Finds and keeps the range of each matrix of `ws`, yielding after every 32 × 512 weights. */
export function* measureRanges(ws: MatrixValue[]): Generator<void> {
  for (const w of ws) {
    if (ranges.has(w)) continue;
    const band = Math.max(1, Math.floor(16_384 / Math.max(1, w.cols)));
    let range: Range = [Infinity, -Infinity];
    for (let r = 0; r < w.rows; r += band) {
      const [lo, hi] = rangeOf(w, null, r, Math.min(w.rows, r + band));
      range = [Math.min(range[0], lo), Math.max(range[1], hi)];
      yield;
    }
    ranges.set(w, range);
  }
}

/** Below this largest weight the 0-to-1 scale leaves every map dark; the legend says so. */
const DIM_MAX = 0.5;

/** "min 0.0230, max 0.6156" */
const minMax = ([lo, hi]: Range) => `min ${formatCell(lo)}, max ${formatCell(hi)}`;

/** The range the colours span and the sentence that says so. */
function statement(mode: ScaleMode, trace: TraceValue, head: number, query: number) {
  const w = trace.headTraces[head]!.weights;
  const mask = trace.hasMask ? trace.mask : null;
  if (mode === "unit") {
    return { range: [0, 1] as Range, text: "Colour scale: weight 0 to 1 (viridis)." };
  }
  if (mode === "head") {
    const range = rangeOf(w, mask);
    return {
      range,
      text: `Colour scale: ${headName(head)}'s own range, weight ${formatCell(range[0])} (darkest) to ${formatCell(range[1])} (brightest) (viridis).`,
    };
  }
  const range = rangeOf(w, mask, query, query + 1);
  const token = trace.queryLabels[query] ?? "";
  // A fully masked row has no weights to span.
  const shown = Number.isFinite(range[0]) ? range : ([0, 0] as Range);
  return {
    range: shown,
    text: `Colour scale: each row's own range (viridis), so colours compare the keys of one query, not rows with each other. Row ${query + 1} “${token}”: weight ${formatCell(shown[0])} (darkest) to ${formatCell(shown[1])} (brightest).`,
  };
}

/** Fills `legend` for `head` (and, on the row scale, the outlined row `query`). */
export function renderLegend(
  legend: HTMLElement,
  mode: ScaleMode,
  trace: TraceValue,
  head: number,
  query: number,
): void {
  const { range, text } = statement(mode, trace, head, query);
  const bar = el("div", "legend-bar");
  bar.style.background = legendGradient();
  const ticks = el("div", "legend-ticks");
  ticks.dataset.testid = "legend-ticks";
  const labels = mode === "unit" ? ["0", "0.5", "1"] : ticksOf(range).map(formatCell);
  ticks.append(...labels.map((t) => el("span", "", t)));
  const says = el("p", "legend-scale", text);
  says.dataset.testid = "legend-scale";
  const all = trace.headTraces
    .map((h) => wholeRange(h.weights))
    .reduce<Range>((a, b) => [Math.min(a[0], b[0]), Math.max(a[1], b[1])], [Infinity, -Infinity]);
  const cur = wholeRange(trace.headTraces[head]!.weights);
  const actual = el("p", "", `All heads: ${minMax(all)}. ${headName(head)}: ${minMax(cur)}.`);
  legend.replaceChildren(bar, ticks, says, actual);
  // Spread heads (Hopkins' 8: max 0.43) look empty on 0 to 1: say why, and what shows them.
  if (mode === "unit" && all[1] < DIM_MAX) {
    const why = el(
      "p",
      "legend-dim",
      `No weight reaches ${DIM_MAX} (the largest is ${formatCell(all[1])}), so on 0 to 1 every ` +
        `map looks dark: the heads spread their weight. Pick “this head's range” to see their pattern.`,
    );
    why.dataset.testid = "legend-dim";
    legend.append(why);
  }
  if (trace.hasMask) {
    const masked = el("p");
    masked.append(el("span", "swatch masked"), " masked (weight exactly 0)");
    legend.append(masked);
  }
}
