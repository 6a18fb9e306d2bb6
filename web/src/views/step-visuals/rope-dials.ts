/**
 * RoPE's dials: for one head and query, one small dial per 2-D pair of q, the pair before the
 * turn (faint) and after it (solid), with the angle p·θ^(−2i/dims) and the numbers. Read from the
 * trace only (q before, qRotated after); the angles are state/rope-pairs.ts's.
 */
import { ropePairs, type RopePair } from "../../state/rope-pairs";
import type { TraceValue } from "../../wasm/types";
import { el, quoted } from "../ui/dom";
import { formatCell } from "../ui/format";
import { whenLoaded } from "../../wasm/lazy-run";

/** Dials drawn at most; the rest are named in the caption. */
const MAX_DIALS = 8;
const SVG = "http://www.w3.org/2000/svg";
const R = 26;

function svgEl(tag: string, attrs: Record<string, string | number>): SVGElement {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

/** An arrow from the centre to (x, y) scaled so the longer of the two pairs reaches the rim. */
function arrow(x: number, y: number, scale: number, cls: string): SVGElement {
  const tip = { x: 30 + x * scale, y: 30 - y * scale };
  return svgEl("line", { x1: 30, y1: 30, x2: tip.x, y2: tip.y, class: cls });
}

/** One dial: the circle, the pair before and after the turn, and its numbers as text. */
function dial(pair: RopePair, before: [number, number], after: [number, number]): HTMLElement {
  const box = el("figure", "rope-dial");
  const svg = svgEl("svg", { viewBox: "0 0 60 60", width: 60, height: 60, "aria-hidden": "true" });
  const len = Math.hypot(...before) || 1;
  const scale = R / len;
  svg.append(svgEl("circle", { cx: 30, cy: 30, r: R, class: "rope-rim" }));
  svg.append(arrow(...before, scale, "rope-before"), arrow(...after, scale, "rope-after"));
  const fmt = (v: [number, number]) => `(${formatCell(v[0])}, ${formatCell(v[1])})`;
  const text = el(
    "figcaption",
    "",
    `pair ${pair.index} (components ${pair.a}, ${pair.b}): ${fmt(before)} turned by ` +
      `${formatCell(pair.angle)} rad → ${fmt(after)}`,
  );
  box.append(svg, text);
  return box;
}

/** The dials of query `query` in head `head`, or null when the trace has no RoPE. */
function dials(trace: TraceValue, head: number, query: number): HTMLElement | null {
  const h = trace.headTraces[head];
  if (!trace.rope || !h?.qRotated) return null;
  const p = query + trace.positionOffset;
  const pairs = ropePairs(trace.rope, p);
  const row = (m: { cols: number; data: Float64Array }, c: number) => m.data[query * m.cols + c]!;
  const fig = el("div", "rope-dials");
  const { theta, dims, style } = trace.rope;
  const shown = Math.min(MAX_DIALS, pairs.length);
  const more = pairs.length > shown ? ` (the first ${shown} of ${pairs.length} pairs)` : "";
  fig.append(
    el(
      "p",
      "rope-caption",
      `RoPE turns q of ${quoted(trace.queryLabels[query])} in head ${head + 1} at position ` +
        `p = ${query} + ${trace.positionOffset} = ${p}: pair i by p·θ^(−2i/${dims}), θ = ${theta}, ` +
        `${style === "half" ? "halves (i, i + dims/2)" : "pairs (2i, 2i+1)"}${more}. ` +
        `q and q_rotated are (${trace.queryTokens.length}, ${trace.dK}); k turns the same way.`,
    ),
  );
  const grid = el("div", "rope-grid");
  for (const pair of pairs.slice(0, shown)) {
    const before: [number, number] = [row(h.q, pair.a), row(h.q, pair.b)];
    const after: [number, number] = [row(h.qRotated, pair.a), row(h.qRotated, pair.b)];
    grid.append(dial(pair, before, after));
  }
  fig.append(grid);
  return fig;
}

/**
 * The dials (`dials`) once the head's q and q_rotated are loaded: they are read outside a
 * render, and a step's operands need not name q (the Scores step names q_rotated).
 */
export function renderRopeDials(
  trace: TraceValue,
  head: number,
  query: number,
): Promise<HTMLElement | null> {
  return whenLoaded(() => dials(trace, head, query));
}
