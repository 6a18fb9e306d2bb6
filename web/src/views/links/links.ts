/**
 * Links from a query word to the keys, as BertViz draws them: the query words in a column on the
 * left, the key words on the right, and one line from the query to each key whose opacity is its
 * weight A[i][j] in the focused head. The line drawn is the pointed (or focused) word's, else
 * the focused query's. Pointing at or focusing a query word names it to the controller, which
 * lights its row in S, A and the heat map too; a click or tap picks that query.
 */
import { headName } from "../../state/stages";
import type { AppState } from "../../state/app-state";
import type { TraceValue } from "../../wasm/types";
import { el, keepChildren, setText } from "../ui/dom";
import { formatCell } from "../ui/format";
import type { Panel, RenderContext } from "../ui/panel";

/** Height of one word's row and width of the lines' band, CSS px (the SVG's geometry). */
const ROW = 24;
const BAND = 96;
/** Above this many words a side, the lines would be too dense to read: the view says so. */
export const MAX_LINK_TOKENS = 64;
const SVG = "http://www.w3.org/2000/svg";

export interface Links extends Panel {
  /** Draws the links of query `query` (a token pointed at anywhere), or of the focus when null. */
  light(query: number | null): void;
}

/** The view's elements: title, hint, the three columns, and a note for long sentences. */
function buildLinksDom(host: HTMLElement) {
  host.dataset.testid = "links";
  const title = el("h2", "panel-title", "Links: one query word to the keys");
  title.id = "links-title";
  host.setAttribute("aria-labelledby", title.id);
  const touch = window.matchMedia("(hover: none)").matches;
  const hint = el(
    "p",
    "hint",
    touch
      ? "Tap a query word: its lines to the keys (opacity = weight) and its row in S, A and the map."
      : "Point at or focus a query word: its lines to the keys (opacity = weight) and its row lit in S, A and the map; click to pick it.",
  );
  const grid = el("div", "links-grid");
  const queries = el("div", "links-queries");
  queries.setAttribute("role", "group");
  queries.setAttribute("aria-label", "Query words");
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", "links-lines");
  svg.setAttribute("role", "img");
  const keys = el("div", "links-keys");
  keys.setAttribute("aria-hidden", "true"); // the lines' label names the keys and weights
  const note = el("p", "hint links-note");
  grid.append(queries, svg, keys);
  host.append(title, hint, grid, note);
  return { queries, svg, keys, grid, note };
}
type LinksDom = ReturnType<typeof buildLinksDom>;

/** The query words as buttons (pointing lights, a click picks) and the key words. */
function fillTokens(
  d: LinksDom,
  t: TraceValue,
  onPoint: (q: number | null) => void,
  onQuery: (q: number) => void,
): void {
  d.queries.replaceChildren(
    ...t.queryLabels.map((label, i) => {
      const b = el("button", "links-token", label);
      b.type = "button";
      b.addEventListener("pointerenter", () => onPoint(i));
      b.addEventListener("focus", () => onPoint(i));
      b.addEventListener("pointerleave", () => onPoint(null));
      b.addEventListener("blur", () => onPoint(null));
      b.addEventListener("click", () => onQuery(i));
      return b;
    }),
  );
  d.keys.replaceChildren(...t.keyLabels.map((label) => el("span", "links-token", label)));
  const rows = Math.max(t.queryLabels.length, t.keyLabels.length);
  d.svg.setAttribute("viewBox", `0 0 ${BAND} ${rows * ROW}`);
  d.svg.setAttribute("width", String(BAND));
  d.svg.setAttribute("height", String(rows * ROW));
}

/** Query `q`'s lines in `head`: opacity = weight; the label lists the three largest. */
function drawLines(d: LinksDom, t: TraceValue, head: number, q: number): void {
  const w = t.headTraces[head]!.weights;
  const row = Array.from(w.data.subarray(q * w.cols, (q + 1) * w.cols));
  // A line per key, kept from query to query: only its start and its weight are rewritten.
  const lines = keepChildren(d.svg, row.length, (j) => {
    const line = document.createElementNS(SVG, "line");
    line.setAttribute("x1", "2");
    line.setAttribute("x2", String(BAND - 2));
    line.setAttribute("y2", String((j + 0.5) * ROW));
    return line;
  });
  row.forEach((x, j) => {
    const line = lines[j]!;
    line.setAttribute("y1", String((q + 0.5) * ROW));
    line.setAttribute("stroke-opacity", x.toFixed(3));
    line.dataset.weight = String(x);
  });
  const top = row
    .map((x, j) => [x, j] as const)
    .sort((a, b) => b[0] - a[0])
    .slice(0, 3)
    .map(([x, j]) => `${t.keyLabels[j]} ${formatCell(x)}`);
  d.svg.setAttribute(
    "aria-label",
    `${headName(head)}, query ${q + 1} “${t.queryLabels[q]}” to the keys: ${top.join(", ")}`,
  );
  d.queries.querySelectorAll("button").forEach((b, i) => b.classList.toggle("on", i === q));
}

/** The links view in `host`; `onPoint` names a pointed query (null: none), `onQuery` picks one. */
export function createLinks(
  host: HTMLElement,
  onPoint: (query: number | null) => void,
  onQuery: (query: number) => void,
): Links {
  const d = buildLinksDom(host);
  let state: AppState | null = null;
  let lit: number | null = null;
  let drawn = "";
  const redraw = () => {
    const t = state?.result.trace;
    if (!t || d.grid.hidden) return;
    const q = lit ?? state!.focus.query;
    const key = `${state!.focus.head}:${q}`;
    if (key === drawn) return;
    drawn = key;
    drawLines(d, t, state!.focus.head, q);
  };
  return {
    render({ state: s, newResult }: RenderContext) {
      state = s;
      if (newResult) {
        const t = s.result.trace;
        const long = Math.max(t.queryLabels.length, t.keyLabels.length) > MAX_LINK_TOKENS;
        d.grid.hidden = long;
        setText(d.note, long ? `Drawn for sentences of up to ${MAX_LINK_TOKENS} words.` : "");
        lit = null;
        drawn = "";
        if (!long) fillTokens(d, t, onPoint, onQuery);
      }
      redraw();
    },
    light(query) {
      lit = query;
      redraw();
    },
  };
}
