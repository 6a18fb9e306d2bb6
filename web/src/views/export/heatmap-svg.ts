/**
 * One head's attention weights A (m, n) as a standalone SVG: viridis cells on the fixed range 0–1
 * (the page's scale), masked cells hatched grey, query tokens down the left, key tokens across the
 * top, and a legend stating the range and this head's actual minimum and maximum.
 */
import { interpolateViridis } from "d3-scale-chromatic";
import { formatCell, formatShape } from "../ui/format";
import { headName } from "../../state/stages";
import type { TraceValue } from "../../wasm/types";
import { clip, rect, svgDocument, text } from "./svg";

const PAD = 20;
const MUTED = "#57606a";

/** The hatch used for masked cells (an id is fine here: the file is a document of its own). */
const HATCH = `<defs><pattern id="masked" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" fill="#e4e4e7"/><rect width="1.5" height="6" fill="#9ca3af"/></pattern></defs>`;

/** The SVG file of head `head`'s weights. */
export function heatmapSvg(trace: TraceValue, head: number): string {
  const w = trace.headTraces[head]!.weights;
  const { rows: m, cols: n } = w;
  const cell = Math.max(14, Math.min(40, Math.floor(420 / Math.max(m, n))));
  const rowLabels = trace.queryLabels.map((t) => clip(t, 14));
  const colLabels = trace.keyLabels.map((t) => clip(t, 14));
  const left = PAD + Math.max(...rowLabels.map((t) => [...t].length)) * 7 + 10;
  const top = PAD + 40 + Math.max(...colLabels.map((t) => [...t].length)) * 6 + 10;
  const gridW = n * cell;
  const width = Math.max(left + gridW + PAD, 460);

  const title = `Attention weights A, ${headName(head)} of ${trace.numHeads} (${formatShape(m, n)})`;
  const body: string[] = [HATCH];
  body.push(text(PAD, PAD + 16, title, { size: 16, weight: "bold" }));
  body.push(
    text(PAD, PAD + 34, "row = query, column = key; each row sums to 1", { size: 12, fill: MUTED }),
  );
  const font = Math.min(12, cell - 3);
  colLabels.forEach((t, j) => {
    const x = left + j * cell + cell / 2 + font / 3;
    body.push(text(x, top - 6, t, { size: font, rotate: -60, fill: MUTED }));
  });
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < m; i++) {
    body.push(
      text(left - 6, top + i * cell + cell / 2 + font / 3, rowLabels[i]!, {
        size: font,
        anchor: "end",
        fill: MUTED,
      }),
    );
    for (let j = 0; j < n; j++) {
      const x = w.data[i * n + j]!;
      lo = Math.min(lo, x);
      hi = Math.max(hi, x);
      const masked = trace.mask.data[i * n + j] === 0;
      const fill = masked ? "url(#masked)" : interpolateViridis(Math.min(Math.max(x, 0), 1));
      body.push(rect(left + j * cell, top + i * cell, cell, cell, fill));
    }
  }
  body.push(rect(left, top, gridW, m * cell, "none", "#57606a"));

  // Legend: the scale from 0 to 1, with its range written out.
  let y = top + m * cell + 24;
  const stops = Array.from({ length: 11 }, (_, i) => {
    const colour = interpolateViridis(i / 10);
    return `<stop offset="${i * 10}%" stop-color="${colour}"/>`;
  });
  body.push(`<defs><linearGradient id="scale">${stops.join("")}</linearGradient></defs>`);
  body.push(rect(PAD, y, 200, 12, "url(#scale)", "#57606a", 0.5));
  body.push(text(PAD, y + 26, "0", { size: 11, fill: MUTED }));
  body.push(text(PAD + 200, y + 26, "1", { size: 11, fill: MUTED, anchor: "end" }));
  body.push(text(PAD + 212, y + 11, "weight, scale 0–1 (viridis)", { size: 12, fill: MUTED }));
  y += 44;
  const range = `this head: min ${formatCell(lo)}, max ${formatCell(hi)}`;
  body.push(text(PAD, y, range, { size: 12, fill: MUTED }));
  if (trace.hasMask) {
    body.push(rect(PAD + 230, y - 11, 14, 14, "url(#masked)", "#9ca3af", 0.5));
    body.push(text(PAD + 250, y, "masked (weight 0)", { size: 12, fill: MUTED }));
  }
  return svgDocument(width, y + PAD, title, body);
}
