/**
 * The attention weights A (m, n) of every head as small multiples (the current head outlined, each
 * a button selecting its head), the current head drawn larger with token labels and the current
 * query row outlined, a "Colour scale" picker (0 to 1, the head's range, each row's range) and a
 * legend stating the range in use and the actual min and max.
 */
import { formatCell, formatExact, formatShape } from "../ui/format";
import { headName } from "../../state/stages";
import type { TraceValue } from "../../wasm/types";
import type { Panel, RenderContext } from "../ui/panel";
import { THEME_EVENT } from "../ui/theme";
import { el } from "../ui/dom";
import { buildHeatmapDom, cellAt, fitGeometry, type HeatmapDom } from "./heatmap-dom";
import { cellImage, drawFromBase, drawHeatmap } from "../ui/heatmap-draw";
import { runInSlices, runNow } from "../ui/slices";
import { preload } from "../../wasm/lazy-run";
import { measureRanges, renderLegend } from "./heatmap-legend";
import { scaleFor, type ScaleMode } from "./heatmap-scale";
import { headLabelSteps, showRandomNote } from "./head-notes";
import { expectedAlignment } from "../../state/alignment";

export interface Heatmaps extends Panel {
  setTrace(trace: TraceValue): void;
  setCurrent(head: number, query: number): void;
  /** Frames query row `query` (a token pointed at in any view), or none. */
  light(query: number | null): void;
}

/**
 * Maps with more weights than this (all heads) are drawn after the first step is painted, in
 * slices of a few milliseconds (views/ui/slices.ts): 4 heads × 512 × 512 took one 300 ms task.
 */
const DRAW_LATER_WEIGHTS = 100_000;

/**
 * Size of one cell so the larger side of an (m, n) map spans about `span` px: whole pixels while
 * they fit, a fraction of a pixel for long sentences (the cells are then averaged).
 */
/** Whether `t`'s maps are drawn after its first step: they load their weights themselves then. */
export const drawnLater = (t: TraceValue) =>
  t.numHeads * t.queryTokens.length * t.keyTokens.length > DRAW_LATER_WEIGHTS;
const isLong = drawnLater;

const cellFor = (m: number, n: number, span: number) => {
  const cell = span / Math.max(m, n);
  return cell >= 1 ? Math.floor(cell) : cell;
};

/** The panel's state and drawing; the closure-free form of the view (one method per task). */
class HeatmapsView implements Heatmaps {
  private readonly d: HeatmapDom;
  private trace: TraceValue | null = null;
  private head = 0;
  private query = 0;
  private mode: ScaleMode = "unit";
  private geometry = { cell: 16, left: 80, top: 70 };
  private readonly base = document.createElement("canvas");
  private baseKey = "";
  private ink: string | undefined;
  // A long sentence's maps wait for the frame with its first step, then draw in slices.
  private drawPending = false;
  private cancelDrawing = () => {};
  /** Each head's cells coloured under the current scale (m×n pixels), shared by both maps. */
  private images: (ImageData | undefined)[] = [];
  private lastWidth = 0;
  /** A translation's expected key per query (outlined), and the row pointed at (-1: none). */
  private expected: readonly number[] | null = null;
  private lit = -1;

  constructor(
    host: HTMLElement,
    private readonly onHead: (head: number) => void,
    private readonly onQuery: (query: number) => void,
    private readonly onPoint: (query: number | null) => void,
  ) {
    this.d = buildHeatmapDom(host);
    this.listen(host);
  }

  /** Hover names a cell, a click picks its query; width, theme and scale changes redraw. */
  private listen(host: HTMLElement): void {
    const { big, bigBox, select } = this.d;
    big.addEventListener("mousemove", (e) => {
      this.inspect(e);
      const rc = this.trace && cellAt(big, this.geometry, this.trace, this.head, e);
      if (rc && rc[0] !== this.lit) this.onPoint(rc[0]);
    });
    big.addEventListener("mouseleave", () => this.onPoint(null));
    big.addEventListener("click", (e) => {
      const rc = this.trace && cellAt(big, this.geometry, this.trace, this.head, e);
      if (!rc) return;
      this.inspect(e); // a tap has no hover before it: name the weight too
      this.onQuery(rc[0]);
    });
    // Refit when the panel changes width (window resized, layout switched).
    new ResizeObserver(() => {
      if (bigBox.clientWidth === this.lastWidth) return;
      this.lastWidth = bigBox.clientWidth;
      this.fit();
      this.drawBig();
    }).observe(bigBox);
    // The labels take the theme's text colour: redraw when this stepper's theme changes.
    // Listened for on the root node: the event does not leave a shadow root.
    host.getRootNode().addEventListener(THEME_EVENT, (e) => {
      if (!(e.target instanceof Node && e.target.contains(host))) return;
      this.ink = undefined;
      this.drawBig();
    });
    select.addEventListener("change", () => {
      this.mode = select.value as ScaleMode;
      this.drawAll();
    });
  }

  private inspect(e: MouseEvent): void {
    const t = this.trace;
    const rc = t && cellAt(this.d.big, this.geometry, t, this.head, e);
    if (!rc || !t) return;
    const [r, c] = rc;
    const x = t.headTraces[this.head]!.weights.data[r * t.keyTokens.length + c]!;
    const masked = t.hasMask && t.mask.data[r * t.mask.cols + c] === 0;
    this.d.inspect.textContent = `query ${r + 1} “${t.queryLabels[r]}” → key ${c + 1} “${t.keyLabels[c]}”: ${formatExact(x)} (${formatCell(x)})${masked ? ", masked" : ""}`;
  }

  private fit(): void {
    if (this.trace) this.geometry = fitGeometry(this.trace, this.d.bigBox.clientWidth);
  }

  /** Head `i`'s coloured cells, made in pieces (yield*) or taken from the cache. */
  private *imageOf(i: number): Generator<void, ImageData> {
    const t = this.trace!;
    const w = t.headTraces[i]!.weights;
    const mask = t.hasMask ? t.mask : null;
    this.images[i] ??= yield* cellImage(w, mask, scaleFor(this.mode, w, mask));
    return this.images[i];
  }

  /** Names the big map (its title and label) for the current head and query. */
  private nameBig(w: { rows: number; cols: number }): void {
    const { bigTitle, big } = this.d;
    bigTitle.textContent = `${headName(this.head)}: A (${formatShape(w.rows, w.cols)})`;
    big.setAttribute("role", "img");
    big.setAttribute(
      "aria-label",
      `Weights map of ${headName(this.head).toLowerCase()}, ${formatShape(w.rows, w.cols)}, row ${this.query + 1} outlined`,
    );
  }

  /** Draws the big map of the current head (its cells coloured in pieces when not cached). */
  private *drawBigSteps(): Generator<void> {
    const trace = this.trace;
    const h = trace?.headTraces[this.head];
    if (!trace || !h) return;
    const w = h.weights;
    this.nameBig(w);
    // The map without an outline is drawn once per head and size, then copied for each query.
    // The labels' colour is read once per trace and theme: reading it forces a style pass.
    this.ink ??= getComputedStyle(this.d.host).color;
    const g = this.geometry;
    const key = `${this.head}:${this.mode}:${g.cell}:${g.left}:${g.top}:${this.ink}`;
    const mask = trace.hasMask ? trace.mask : null;
    const options = {
      ...g,
      ink: this.ink,
      rowLabels: trace.queryLabels,
      colLabels: trace.keyLabels,
      scale: scaleFor(this.mode, w, mask),
      expected: this.expected,
    };
    if (this.baseKey !== key) {
      const image = yield* this.imageOf(this.head);
      drawHeatmap(this.base, w, mask, { ...options, row: -1 }, image);
      this.baseKey = key;
    }
    drawFromBase(this.d.big, this.base, w, { ...options, row: this.query, lit: this.lit });
  }

  /** The big map now, or (a long sentence's new head) in slices. */
  private drawBig(): void {
    if (!this.trace || this.drawPending) return;
    if (this.images[this.head] || !isLong(this.trace)) return runNow(this.drawBigSteps());
    this.cancelDrawing();
    this.cancelDrawing = runInSlices(this.drawBigSteps());
  }

  private markPressed(): void {
    this.d.multiples.querySelectorAll("button").forEach((b, i) => {
      b.setAttribute("aria-pressed", String(i === this.head));
    });
  }

  private legendNow(): void {
    if (this.trace) renderLegend(this.d.legend, this.mode, this.trace, this.head, this.query);
  }

  /** Head `i`'s small multiple: a button with its map. */
  private multiple(
    i: number,
    weights: TraceValue["headTraces"][number]["weights"],
    cell: number,
    image: ImageData,
  ) {
    const t = this.trace!;
    const m = t.queryTokens.length;
    const n = t.keyTokens.length;
    const b = document.createElement("button");
    b.type = "button";
    b.className = "multiple";
    b.setAttribute("aria-label", `${headName(i)} weights ${formatShape(m, n)}`);
    const canvas = document.createElement("canvas");
    const mask = t.hasMask ? t.mask : null;
    drawHeatmap(canvas, weights, mask, { cell, left: 0, top: 0, row: -1 }, image);
    b.append(canvas, el("span", "", headName(i)));
    b.addEventListener("click", () => this.onHead(i));
    return b;
  }

  /** Draws the small multiples, each on the chosen scale over its own head (coloured in pieces). */
  private *drawMultiples(): Generator<void> {
    const t = this.trace;
    if (!t) return;
    // Many heads get smaller multiples, so eight fit in two rows of the side panel.
    const small = cellFor(t.queryTokens.length, t.keyTokens.length, t.numHeads > 4 ? 56 : 72);
    // Drawn off the page, a head a piece, then shown together.
    const buttons: HTMLButtonElement[] = [];
    for (const [i, h] of t.headTraces.entries()) {
      const image = yield* this.imageOf(i);
      buttons.push(this.multiple(i, h.weights, small, image));
      yield;
    }
    this.d.multiples.replaceChildren(...buttons);
    this.markPressed();
  }

  /** Every part: the multiples, the big map, the legend. */
  private *drawAllSteps(): Generator<void> {
    yield* this.drawMultiples();
    yield;
    this.fit();
    yield* this.drawBigSteps();
    yield* measureRanges(this.trace!.headTraces.map((h) => h.weights));
    yield* headLabelSteps(this.d.notes, this.trace!);
    yield;
    this.legendNow();
    this.drawPending = false;
  }

  /** Draws everything again (a new trace or scale): at once, or in slices for a long sentence. */
  private drawAll(): void {
    this.cancelDrawing();
    this.images = [];
    this.baseKey = "";
    if (!this.trace || !isLong(this.trace)) return runNow(this.drawAllSteps());
    this.drawPending = true;
    this.cancelDrawing = runInSlices(this.drawAllSteps());
  }

  render({ state, newResult }: RenderContext): void {
    if (newResult) {
      showRandomNote(this.d.notes, state.scenario);
      this.setTrace(state.result.trace);
    }
    this.setCurrent(state.focus.head, state.focus.query);
  }

  light(query: number | null): void {
    const q = query ?? -1;
    if (q === this.lit) return;
    this.lit = q;
    this.drawBig();
  }

  setTrace(t: TraceValue): void {
    this.trace = t;
    this.expected = expectedAlignment(t);
    this.lit = -1;
    this.baseKey = "";
    this.ink = undefined;
    this.head = Math.min(this.head, t.numHeads - 1);
    this.query = Math.min(this.query, t.queryTokens.length - 1);
    this.cancelDrawing();
    this.images = [];
    if (!isLong(t)) return this.drawAll();
    // Up to 8 × 512 × 512 weights: loaded from the core's worker and drawn in slices once the
    // first step is painted (a load that fails leaves the maps to the next trace).
    this.drawPending = true;
    let cancelled = false;
    const frame = requestAnimationFrame(() => {
      const weights = () => t.headTraces.map((h) => () => h.weights);
      preload(weights).then(
        () => !cancelled && this.drawAll(),
        () => undefined,
      );
    });
    this.cancelDrawing = () => {
      cancelled = true;
      cancelAnimationFrame(frame);
    };
  }

  setCurrent(h: number, q: number): void {
    if (this.drawPending) {
      [this.head, this.query] = [h, q];
      return;
    }
    if (h === this.head && q === this.query && this.d.big.width > 0) return;
    // The legend names the head, and on the row scale the row.
    const legendChanged = h !== this.head || (this.mode === "row" && q !== this.query);
    const headChanged = h !== this.head;
    this.head = h;
    this.query = q;
    if (headChanged) this.markPressed();
    this.drawBig();
    if (legendChanged) this.legendNow();
  }
}

export function createHeatmaps(
  host: HTMLElement,
  onHead: (head: number) => void,
  onQuery: (query: number) => void,
  onPoint: (query: number | null) => void = () => {},
): Heatmaps {
  return new HeatmapsView(host, onHead, onQuery, onPoint);
}
