/**
 * The heat-map panel's elements: the small multiples, the big map in its scroll box, the cell
 * inspector, the "Colour scale" picker and the legend; and the big map's geometry, fitted to the
 * panel's width.
 */
import type { TraceValue } from "../../wasm/types";
import { el } from "../ui/dom";
import { labelRoom } from "../ui/heatmap-draw";
import { SCALE_MODES } from "./heatmap-scale";
import { buildHeadNotes } from "./head-notes";

/** Builds the panel in `host`. */
export function buildHeatmapDom(host: HTMLElement) {
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
  // Touch screens have no hover: there a tap both names the weight and picks the query.
  const touch = window.matchMedia("(hover: none)").matches;
  inspect.textContent = touch
    ? "Tap a cell of the map for its weight; the tap also picks that query."
    : "Hover the map for a weight; click a row to pick that query.";
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
  const notes = buildHeadNotes();
  host.append(multiples, notes.random, notes.labels, bigTitle, bigBox, inspect, picker, legend);
  return { host, multiples, bigTitle, bigBox, big, inspect, legend, select, notes };
}
export type HeatmapDom = ReturnType<typeof buildHeatmapDom>;

/** Where the big map's cells start (labels' room) and their size, in px. */
export interface Geometry {
  cell: number;
  left: number;
  top: number;
}

/** Cell size and label room for the big map, to fit `width` px (10 to 32 px a cell). */
export function fitGeometry(trace: TraceValue, width: number): Geometry {
  // Labels need room: their measured width, capped.
  const left = labelRoom(trace.queryLabels, 110);
  const top = labelRoom(trace.keyLabels, 110);
  const room = Math.max(160, width - left - 4);
  const cols = trace.keyTokens.length;
  const cell = Math.min(32, Math.max(10, Math.floor(room / cols)));
  // Labelled cells of at least 10 px while the map stays under ~1200 px (a scroll or two).
  if (cell * Math.max(cols, trace.queryTokens.length) <= 1200) return { cell, left, top };
  // A long sentence: whole-pixel cells that fit the panel, without labels (hover names a cell).
  const m = Math.max(cols, trace.queryTokens.length);
  return { cell: Math.max(1, Math.floor((room + left) / m)), left: 0, top: 0 };
}

/** The cell (row, column) of the big map under the pointer, if any. */
export function cellAt(
  big: HTMLCanvasElement,
  g: Geometry,
  trace: TraceValue,
  head: number,
  e: MouseEvent,
): [number, number] | null {
  const rect = big.getBoundingClientRect();
  const c = Math.floor((e.clientX - rect.left - g.left) / g.cell);
  const r = Math.floor((e.clientY - rect.top - g.top) / g.cell);
  const w = trace.headTraces[head]!.weights;
  return r >= 0 && c >= 0 && r < w.rows && c < w.cols ? [r, c] : null;
}
