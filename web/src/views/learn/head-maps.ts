/**
 * A learned attention map, one labelled canvas per head (rows = query words, columns = key words,
 * viridis from weight 0 to 1, drawn by views/ui/heatmap-draw.ts), the head the app names marked;
 * under them, in words, where each row of that head peaks, which is also each canvas's text
 * alternative. Redrawn in place as snapshots arrive; labels follow the theme's text colour.
 */
import { el, keepChildren } from "../ui/dom";
import { drawHeatmap, labelRoom, legendGradient } from "../ui/heatmap-draw";
import { formatShape } from "../ui/format";
import { THEME_EVENT } from "../ui/theme";
import { headName } from "../../state/stages";
import { MEAN_OF_HEADS, meanOfHeads } from "./learn-text";
import { COPY_ROWS, SEPARATOR, inductionKeys, separatorText } from "./copy-notes";
import { expectedKeys, rowsOnExpected } from "../../state/alignment";
import type { MatrixValue } from "../../wasm/types";

export interface HeadMapsSpec {
  /** "Cross-attention", "Layer 2 self-attention", … */
  title: string;
  rows: string[];
  cols: string[];
  /** heads[h][r][c]: head h, (rows, cols). */
  heads: number[][][];
  /**
   * The head the app names, whose pattern scores best ("best" under its map); -1 for the mean of
   * the heads (drawn as one more map); null for none.
   */
  named: number | null;
}

export interface HeadMaps {
  readonly element: HTMLElement;
  draw(spec: HeadMapsSpec): void;
}

const CELL = 18;

const asMatrix = (m: number[][]): MatrixValue => ({
  rows: m.length,
  cols: m[0]?.length ?? 0,
  data: Float64Array.from(m.flat()),
});

/** "le → the 0.91, chat → cat 0.88, …": each row's strongest key. */
export function peaksText(rows: string[], cols: string[], map: number[][]): string {
  return map
    .map((row, r) => {
      const c = row.indexOf(Math.max(...row));
      return `${rows[r]} → ${cols[c] ?? "?"} ${row[c]?.toFixed(2) ?? ""}`;
    })
    .join(", ");
}

/**
 * The head whose rows put the most weight, on average, on the position just before them (rows 2..m
 * of a square causal map), with that mean: the previous-token head, computed, not assumed.
 */
export function previousTokenHead(heads: number[][][]): { head: number; mean: number } | null {
  let found: { head: number; mean: number } | null = null;
  heads.forEach((map, h) => {
    const before = map.slice(1).map((row, r) => row[r] ?? 0);
    if (before.length === 0) return;
    const mean = before.reduce((a, b) => a + b, 0) / before.length;
    if (!found || mean > found.mean) found = { head: h, mean };
  });
  return found;
}

/** What "best" measures, shown when the best map is the mean of the heads. */
export const MEAN_BEST_HELP =
  "“Best” is the map with the highest pattern score (alignment, or induction score): how often " +
  "a row's largest weight is on the expected word, over the held-out sentences (counted above " +
  "for this one). It counts peaks, not sharpness: the mean of the heads can score best while " +
  "looking blurrier than one head: each head covers some rows, and their mean peaks on every one.";

/**
 * "Rows on the expected word here: Head 1 7/8, …": each map's count of rows whose largest weight
 * is on the expected key (the translated word; the induction target), the measure "best" uses.
 */
function countsText(spec: HeadMapsSpec, maps: number[][][], nameOf: (i: number) => string) {
  const expected = inductionKeys(spec.rows, spec.cols) ?? expectedKeys(spec.rows, spec.cols);
  if (!expected || spec.named === null) return "";
  const each = maps.map((map, i) => {
    const { hits, rows } = rowsOnExpected(map, expected);
    return `${nameOf(i)} ${hits}/${rows}`;
  });
  return `Rows whose largest weight is on the expected word, in this sentence: ${each.join(", ")}.`;
}

/** A legend line for the colour scale of every learned map. */
export function mapsLegend(): HTMLElement {
  const legend = el("p", "learn-legend");
  const bar = el("span", "legend-bar");
  bar.style.background = legendGradient();
  legend.append("weight 0 ", bar, " 1 (viridis); each row sums to 1");
  return legend;
}

/** The figure's elements: caption, the maps' grid, and the lines of words under them. */
function buildHeadMaps(testId: string) {
  const element = el("figure", "head-maps");
  element.dataset.testid = testId;
  const caption = el("figcaption", "head-maps-title");
  const grid = el("div", "head-maps-grid");
  const line = (name: string, text = "", className = "hint") => {
    const p = el("p", className, text);
    if (name) p.dataset.testid = `${testId}-${name}`;
    return p;
  };
  const peaks = line("peaks", "", "peaks");
  const help = line("", MEAN_BEST_HELP);
  help.hidden = true;
  const counts = line("counts");
  const separator = line("separator");
  element.append(caption, grid, peaks, counts, help, separator);
  return { element, caption, grid, peaks, help, counts, separator };
}

export function createHeadMaps(testId: string): HeadMaps {
  const { element, caption, grid, peaks, help, counts, separator } = buildHeadMaps(testId);
  let last: HeadMapsSpec | null = null;

  function draw(spec: HeadMapsSpec): void {
    last = spec;
    const ink = getComputedStyle(element).color;
    const left = labelRoom(spec.rows, 90);
    const top = labelRoom(spec.cols, 90);
    const shape = formatShape(spec.rows.length, spec.cols.length);
    const copy = spec.cols.includes(SEPARATOR);
    const rowWords = copy
      ? `${COPY_ROWS}: ${spec.rows.join(" ")}`
      : `rows = ${spec.rows.join(" ")}`;
    caption.textContent = `${spec.title}, ${shape}: ${rowWords}; columns = ${spec.cols.join(" ")}`;
    separator.textContent = copy ? separatorText(spec.rows, spec.cols, spec.heads) : "";
    separator.hidden = separator.textContent === "";
    // The named map may be the mean of the heads: drawn after them, as one more map.
    const mean = spec.named === MEAN_OF_HEADS ? meanOfHeads(spec.heads) : null;
    const all = mean ? [...spec.heads, mean] : spec.heads;
    const nameOf = (i: number) => (i < spec.heads.length ? headName(i) : "Mean of the heads");
    const best = mean ? spec.heads.length : spec.named;
    // A layer-1 (square, unnamed) map: name its previous-token head, found from the weights.
    const square = spec.rows.length === spec.cols.length && spec.named === null;
    const previous = square ? previousTokenHead(spec.heads) : null;
    const suffix = (i: number) =>
      i === best ? " (best)" : i === previous?.head ? " (previous token)" : "";
    // Same count: redraw the canvases in place (no layout change while replaying).
    const figs = keepChildren(grid, all.length, () => {
      const fig = el("div", "head-map");
      const canvas = el("canvas");
      canvas.setAttribute("role", "img");
      fig.append(canvas, el("span", "head-map-name"));
      return fig;
    });
    all.forEach((map, i) => {
      const fig = figs[i]!;
      const canvas = fig.querySelector("canvas")!;
      const named = i === best;
      fig.classList.toggle("named", named);
      fig.querySelector(".head-map-name")!.textContent = nameOf(i) + suffix(i);
      drawHeatmap(canvas, asMatrix(map), null, {
        cell: CELL,
        left,
        top,
        row: -1,
        ink,
        rowLabels: spec.rows,
        colLabels: spec.cols,
      });
      canvas.setAttribute(
        "aria-label",
        `${nameOf(i)}${named ? ", the best" : ""}, ${shape}; each row's strongest ` +
          `column: ${peaksText(spec.rows, spec.cols, map)}`,
      );
    });
    const shown = best ?? previous?.head ?? 0;
    const map = all[shown];
    const who = previous
      ? `${nameOf(shown)}, the previous-token head (${previous.mean.toFixed(2)} of a row's ` +
        `weight on the position before, on average)`
      : nameOf(shown);
    peaks.textContent = map
      ? `${who}, where each row looks most: ${peaksText(spec.rows, spec.cols, map)}.`
      : "";
    help.hidden = !mean;
    counts.textContent = countsText(spec, all, nameOf);
    counts.hidden = counts.textContent === "";
  }

  // Labels take the theme's text colour: redraw when the theme changes.
  element.ownerDocument.addEventListener(THEME_EVENT, () => last && draw(last));
  return { element, draw };
}
