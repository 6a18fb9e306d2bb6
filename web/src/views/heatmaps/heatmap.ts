/**
 * The attention weights A (m, n) of every head as small multiples (the current head outlined, each
 * a button selecting its head), the current head drawn larger with token labels and the current
 * query row outlined, and a legend stating the range (0 to 1, and the actual min and max).
 */
import { formatCell, formatExact, formatShape } from "../ui/format";
import { headName } from "../../state/stages";
import type { MatrixValue, TraceValue } from "../../wasm/types";
import { THEME_EVENT } from "../ui/theme";
import { drawFromBase, drawHeatmap, legendGradient } from "./heatmap-draw";

export interface Heatmaps {
  setTrace(trace: TraceValue): void;
  setCurrent(head: number, query: number): void;
}

function minMax(ms: MatrixValue[]): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const m of ms) {
    for (const x of m.data) {
      lo = Math.min(lo, x);
      hi = Math.max(hi, x);
    }
  }
  return [lo, hi];
}

/** Pixel size of one cell so the larger side of an (m, n) map spans about `span` px. */
const cellFor = (m: number, n: number, span: number, min: number) =>
  Math.max(min, Math.floor(span / Math.max(m, n)));

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
  const big = document.createElement("canvas");
  big.className = "big";
  bigBox.append(big);
  const inspect = document.createElement("p");
  inspect.className = "inspect";
  inspect.textContent = "Hover the map for a weight; click a row to pick that query.";
  const legend = document.createElement("div");
  legend.className = "legend";
  host.append(multiples, bigTitle, bigBox, inspect, legend);

  let trace: TraceValue | null = null;
  let head = 0;
  let query = 0;
  let geometry = { cell: 16, left: 80, top: 70 };
  const base = document.createElement("canvas");
  let baseKey = "";

  function drawBig(): void {
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
    const ink = getComputedStyle(host).color;
    const key = `${head}:${geometry.cell}:${geometry.left}:${geometry.top}:${ink}`;
    const options = { ...geometry, ink, rowLabels: trace.queryTokens, colLabels: trace.keyTokens };
    if (baseKey !== key) {
      drawHeatmap(base, w, trace.hasMask ? trace.mask : null, { ...options, row: -1 });
      baseKey = key;
    }
    drawFromBase(big, base, w, { ...options, row: query });
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
    inspect.textContent = `query ${r + 1} “${trace.queryTokens[r]}” → key ${c + 1} “${trace.keyTokens[c]}”: ${formatExact(x)} (${formatCell(x)})${masked ? ", masked" : ""}`;
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
    const left = Math.min(110, 12 + longest(trace.queryTokens) * 7);
    const top = Math.min(110, 12 + longest(trace.keyTokens) * 7);
    const room = Math.max(160, bigBox.clientWidth - left - 4);
    const cols = trace.keyTokens.length;
    geometry = { cell: Math.min(32, Math.max(10, Math.floor(room / cols))), left, top };
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
    if (e.target instanceof Node && e.target.contains(host)) drawBig();
  });

  function markPressed(): void {
    multiples.querySelectorAll("button").forEach((b, i) => {
      b.setAttribute("aria-pressed", String(i === head));
    });
  }

  function renderLegend(): void {
    if (!trace) return;
    const all = minMax(trace.headTraces.map((h) => h.weights));
    const cur = minMax([trace.headTraces[head]!.weights]);
    legend.innerHTML = `<div class="legend-bar" style="background:${legendGradient()}"></div>
      <div class="legend-ticks"><span>0</span><span>0.5</span><span>1</span></div>
      <p>Colour scale: weight 0 to 1 (viridis).
      All heads: min ${formatCell(all[0])}, max ${formatCell(all[1])}.
      ${headName(head)}: min ${formatCell(cur[0])}, max ${formatCell(cur[1])}.</p>
      ${trace.hasMask ? '<p><span class="swatch masked"></span> masked (weight exactly 0)</p>' : ""}`;
  }

  return {
    setTrace(t) {
      trace = t;
      baseKey = "";
      head = Math.min(head, t.numHeads - 1);
      query = Math.min(query, t.queryTokens.length - 1);
      const m = t.queryTokens.length;
      const n = t.keyTokens.length;
      // Many heads get smaller multiples, so eight fit in two rows of the side panel.
      const small = cellFor(m, n, t.numHeads > 4 ? 56 : 72, 2);
      multiples.replaceChildren(
        ...t.headTraces.map((h, i) => {
          const b = document.createElement("button");
          b.type = "button";
          b.className = "multiple";
          b.setAttribute("aria-label", `${headName(i)} weights ${formatShape(m, n)}`);
          const canvas = document.createElement("canvas");
          drawHeatmap(canvas, h.weights, t.hasMask ? t.mask : null, {
            cell: small,
            left: 0,
            top: 0,
            row: -1,
          });
          const label = document.createElement("span");
          label.textContent = headName(i);
          b.append(canvas, label);
          b.addEventListener("click", () => onHead(i));
          return b;
        }),
      );
      fitGeometry();
      markPressed();
      drawBig();
      renderLegend();
    },
    setCurrent(h, q) {
      if (h === head && q === query && big.width > 0) return;
      const headChanged = h !== head;
      head = h;
      query = q;
      markPressed();
      drawBig();
      if (headChanged) renderLegend();
    },
  };
}
