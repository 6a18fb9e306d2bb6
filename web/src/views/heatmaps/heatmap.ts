/**
 * The attention weights A (m, n) of every head as small multiples (the current head outlined, each
 * a button selecting its head), the current head drawn larger with token labels and the current
 * query row outlined, a "Colour scale" picker (0 to 1, the head's range, each row's range) and a
 * legend stating the range in use and the actual min and max.
 */
import { formatCell, formatExact, formatShape } from "../ui/format";
import { headName } from "../../state/stages";
import type { TraceValue } from "../../wasm/types";
import type { Panel } from "../ui/panel";
import { THEME_EVENT } from "../ui/theme";
import { el } from "../ui/dom";
import { cellImage, drawFromBase, drawHeatmap } from "../ui/heatmap-draw";
import { runInSlices, runNow } from "../ui/slices";
import { preload } from "../../wasm/lazy-run";
import { measureRanges, renderLegend } from "./heatmap-legend";
import { SCALE_MODES, scaleFor, type ScaleMode } from "./heatmap-scale";

export interface Heatmaps extends Panel {
  setTrace(trace: TraceValue): void;
  setCurrent(head: number, query: number): void;
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

export function createHeatmaps(
  host: HTMLElement,
  onHead: (head: number) => void,
  onQuery: (query: number) => void,
): Heatmaps {
  host.dataset.testid = "heatmap";
  host.innerHTML = `<h2 class="panel-title">Attention weights per head</h2>
    <p class="hint">A = softmax of the scores, row by row: row = a query, column = a key; each row sums to 1.</p>`;
  const multiples = document.createElement("div");
  multiples.className = "multiples";
  multiples.setAttribute("role", "group");
  multiples.setAttribute("aria-label", "Heads");
  const bigTitle = document.createElement("h3");
  bigTitle.className = "big-title";
  const bigBox = document.createElement("div");
  bigBox.className = "big-box";
  // A map wider than the panel (about 65 to 120 tokens) scrolls: the keyboard can scroll it too.
  bigBox.tabIndex = 0;
  bigBox.setAttribute("role", "region");
  bigBox.setAttribute("aria-label", "Weights map of the current head");
  const big = document.createElement("canvas");
  big.className = "big";
  bigBox.append(big);
  const inspect = document.createElement("p");
  inspect.className = "inspect";
  inspect.textContent = "Hover the map for a weight; click a row to pick that query.";
  const legend = document.createElement("div");
  legend.className = "legend";
  // The colour scale: a <select>, whose arrow keys are its own (not the page's step keys).
  const picker = el("p", "picker scale-picker");
  const label = el("label", "", "Colour scale");
  const select = el("select");
  select.id = "heatmap-scale";
  label.htmlFor = select.id;
  select.append(...SCALE_MODES.map(([v, text]) => new Option(text, v)));
  picker.append(label, select);
  host.append(multiples, bigTitle, bigBox, inspect, picker, legend);

  let trace: TraceValue | null = null;
  let head = 0;
  let query = 0;
  let mode: ScaleMode = "unit";
  let geometry = { cell: 16, left: 80, top: 70 };
  const base = document.createElement("canvas");
  let baseKey = "";
  let ink: string | undefined;

  // A long sentence's maps wait for the frame with its first step, then draw in slices.
  let drawPending = false;
  let cancelDrawing = () => {};
  /** Each head's cells coloured under the current scale (m×n pixels), shared by both maps. */
  let images: (ImageData | undefined)[] = [];

  /** Head `i`'s coloured cells, made in pieces (yield*) or taken from the cache. */
  function* imageOf(i: number): Generator<void, ImageData> {
    const t = trace!;
    const w = t.headTraces[i]!.weights;
    images[i] ??= yield* cellImage(
      w,
      t.hasMask ? t.mask : null,
      scaleFor(mode, w, t.hasMask ? t.mask : null),
    );
    return images[i];
  }

  /** Draws the big map of the current head (its cells coloured in pieces when not cached). */
  function* drawBigSteps(): Generator<void> {
    if (!trace) return;
    const h = trace.headTraces[head];
    if (!h) return;
    const w = h.weights;
    bigTitle.textContent = `${headName(head)}: A (${formatShape(w.rows, w.cols)})`;
    big.setAttribute("role", "img");
    big.setAttribute(
      "aria-label",
      `Weights map of ${headName(head).toLowerCase()}, ${formatShape(w.rows, w.cols)}, row ${query + 1} outlined`,
    );
    // The map without an outline is drawn once per head and size, then copied for each query.
    // The labels' colour is read once per trace and theme: reading it forces a style pass.
    ink ??= getComputedStyle(host).color;
    const key = `${head}:${mode}:${geometry.cell}:${geometry.left}:${geometry.top}:${ink}`;
    const mask = trace.hasMask ? trace.mask : null;
    const options = {
      ...geometry,
      ink,
      rowLabels: trace.queryLabels,
      colLabels: trace.keyLabels,
      scale: scaleFor(mode, w, mask),
    };
    if (baseKey !== key) {
      const image = yield* imageOf(head);
      drawHeatmap(base, w, mask, { ...options, row: -1 }, image);
      baseKey = key;
    }
    drawFromBase(big, base, w, { ...options, row: query });
  }

  /** The big map now, or (a long sentence's new head) in slices. */
  function drawBig(): void {
    if (!trace || drawPending) return;
    if (images[head] || !isLong(trace)) return runNow(drawBigSteps());
    cancelDrawing();
    cancelDrawing = runInSlices(drawBigSteps());
  }

  // Hover on the big map names the cell; a click picks that query.
  const cellAt = (e: MouseEvent): [number, number] | null => {
    if (!trace) return null;
    const rect = big.getBoundingClientRect();
    const c = Math.floor((e.clientX - rect.left - geometry.left) / geometry.cell);
    const r = Math.floor((e.clientY - rect.top - geometry.top) / geometry.cell);
    const w = trace.headTraces[head]!.weights;
    return r >= 0 && c >= 0 && r < w.rows && c < w.cols ? [r, c] : null;
  };
  big.addEventListener("mousemove", (e) => {
    const rc = cellAt(e);
    if (!rc || !trace) return;
    const [r, c] = rc;
    const x = trace.headTraces[head]!.weights.data[r * trace.keyTokens.length + c]!;
    const masked = trace.hasMask && trace.mask.data[r * trace.mask.cols + c] === 0;
    inspect.textContent = `query ${r + 1} “${trace.queryLabels[r]}” → key ${c + 1} “${trace.keyLabels[c]}”: ${formatExact(x)} (${formatCell(x)})${masked ? ", masked" : ""}`;
  });
  big.addEventListener("click", (e) => {
    const rc = cellAt(e);
    if (rc) onQuery(rc[0]);
  });

  /** Cell size and label room for the big map, to fit the panel's width (10 to 32 px a cell). */
  function fitGeometry(): void {
    if (!trace) return;
    // Labels need room: about 7 px a character, capped.
    const longest = (tokens: string[]) => Math.max(...tokens.map((s) => s.length), 1);
    const left = Math.min(110, 12 + longest(trace.queryLabels) * 7);
    const top = Math.min(110, 12 + longest(trace.keyLabels) * 7);
    const room = Math.max(160, bigBox.clientWidth - left - 4);
    const cols = trace.keyTokens.length;
    const cell = Math.min(32, Math.max(10, Math.floor(room / cols)));
    // Labelled cells of at least 10 px while the map stays under ~1200 px (a scroll or two).
    if (cell * Math.max(cols, trace.queryTokens.length) <= 1200) {
      geometry = { cell, left, top };
      return;
    }
    // A long sentence: whole-pixel cells that fit the panel, without labels (hover names a cell).
    const m = Math.max(cols, trace.queryTokens.length);
    geometry = { cell: Math.max(1, Math.floor((room + left) / m)), left: 0, top: 0 };
  }

  // Refit when the panel changes width (window resized, layout switched).
  let lastWidth = 0;
  new ResizeObserver(() => {
    if (bigBox.clientWidth === lastWidth) return;
    lastWidth = bigBox.clientWidth;
    fitGeometry();
    drawBig();
  }).observe(bigBox);

  // The labels take the theme's text colour: redraw when this stepper's theme changes.
  // Listened for on the root node: the event does not leave a shadow root.
  host.getRootNode().addEventListener(THEME_EVENT, (e) => {
    if (!(e.target instanceof Node && e.target.contains(host))) return;
    ink = undefined;
    drawBig();
  });

  function markPressed(): void {
    multiples.querySelectorAll("button").forEach((b, i) => {
      b.setAttribute("aria-pressed", String(i === head));
    });
  }

  const legendNow = () => trace && renderLegend(legend, mode, trace, head, query);

  /** Draws the small multiples, each on the chosen scale over its own head (coloured in pieces). */
  function* drawMultiples(): Generator<void> {
    if (!trace) return;
    const t = trace;
    const m = t.queryTokens.length;
    const n = t.keyTokens.length;
    const mask = t.hasMask ? t.mask : null;
    // Many heads get smaller multiples, so eight fit in two rows of the side panel.
    const small = cellFor(m, n, t.numHeads > 4 ? 56 : 72);
    // Drawn off the page, a head a piece, then shown together.
    const buttons: HTMLButtonElement[] = [];
    for (const [i, h] of t.headTraces.entries()) {
      const image = yield* imageOf(i);
      const b = document.createElement("button");
      b.type = "button";
      b.className = "multiple";
      b.setAttribute("aria-label", `${headName(i)} weights ${formatShape(m, n)}`);
      const canvas = document.createElement("canvas");
      drawHeatmap(canvas, h.weights, mask, { cell: small, left: 0, top: 0, row: -1 }, image);
      b.append(canvas, el("span", "", headName(i)));
      b.addEventListener("click", () => onHead(i));
      buttons.push(b);
      yield;
    }
    multiples.replaceChildren(...buttons);
    markPressed();
  }

  /** Every part: the multiples, the big map, the legend. */
  function* drawAllSteps(): Generator<void> {
    yield* drawMultiples();
    yield;
    fitGeometry();
    yield* drawBigSteps();
    yield* measureRanges(trace!.headTraces.map((h) => h.weights));
    legendNow();
    drawPending = false;
  }

  /** Draws everything again (a new trace or scale): at once, or in slices for a long sentence. */
  function drawAll(): void {
    cancelDrawing();
    images = [];
    baseKey = "";
    if (!trace || !isLong(trace)) return runNow(drawAllSteps());
    drawPending = true;
    cancelDrawing = runInSlices(drawAllSteps());
  }

  select.addEventListener("change", () => {
    mode = select.value as ScaleMode;
    drawAll();
  });

  return {
    render({ state, newResult }) {
      if (newResult) this.setTrace(state.result.trace);
      this.setCurrent(state.focus.head, state.focus.query);
    },
    setTrace(t) {
      trace = t;
      baseKey = "";
      ink = undefined;
      head = Math.min(head, t.numHeads - 1);
      query = Math.min(query, t.queryTokens.length - 1);
      cancelDrawing();
      images = [];
      if (!isLong(t)) return drawAll();
      // Up to 8 × 512 × 512 weights: loaded from the core's worker and drawn in slices once the
      // first step is painted (a load that fails leaves the maps to the next trace).
      drawPending = true;
      let cancelled = false;
      const frame = requestAnimationFrame(() => {
        const weights = () => t.headTraces.map((h) => () => h.weights);
        preload(weights).then(
          () => !cancelled && drawAll(),
          () => undefined,
        );
      });
      cancelDrawing = () => {
        cancelled = true;
        cancelAnimationFrame(frame);
      };
    },
    setCurrent(h, q) {
      if (drawPending) {
        [head, query] = [h, q];
        return;
      }
      if (h === head && q === query && big.width > 0) return;
      // The legend names the head, and on the row scale the row.
      const legendChanged = h !== head || (mode === "row" && q !== query);
      const headChanged = h !== head;
      head = h;
      query = q;
      if (headChanged) markPressed();
      drawBig();
      if (legendChanged) legendNow();
    },
  };
}
