/**
 * One matrix of a step as a figure: a MathML label, a shape badge and, when the step uses less than
 * the whole matrix, that part ("columns 5–8 = W_Q⁽²⁾ 8×4"); a real <table> (its caption says all
 * of that in words) in a compact view that keeps the edges and the step's cells, an expand
 * toggle, and an inspector line giving the exact value of the hovered or focused cell. Huge
 * expanded matrices use the virtual grid, so no view ever builds more than a few hundred cells.
 * A figure is kept across steps: when the next step's matrix has the same caption and displayed
 * rows and columns, only its values and marks are patched (matrix-table.ts).
 */
import { activeElementIn, el, makeButton } from "../ui/dom";
import { formatShape } from "../ui/format";
import { describeEdited, wireCellEditing } from "./edit-cell";
import { patchTable, setTabStop, tableHtml, wireTableKeys, type Axis } from "./matrix-table";
import { patchChildren } from "./patch-dom";
import { markScrolling } from "./scroll-cue";
import { texToMathML } from "./tex-mathml";
import {
  compactIndices,
  describeCell,
  isCompacted,
  makeView,
  matrixName,
  visibleIndices,
  type MatrixPart,
  type MatrixSpec,
  type MatrixView,
} from "./matrix-model";

/** Expanded matrices above this many cells are virtualized instead of drawn whole. */
const FULL_TABLE_MAX_CELLS = 4096;

/** MathML of matrix labels, parsed once: the same few symbols recur (cloning beats parsing). */
const labelCache = new Map<string, HTMLTemplateElement>();
function labelNode(latex: string): Node {
  let t = labelCache.get(latex);
  if (t === undefined) {
    t = document.createElement("template");
    t.innerHTML = texToMathML(latex);
    labelCache.set(latex, t);
  }
  return t.content.cloneNode(true);
}

/** A shape badge: "8×4", with its sizes in words as a tooltip. */
function shapeBadge(rows: number, cols: number): HTMLElement {
  const badge = el("span", "badge", formatShape(rows, cols));
  badge.title = `${rows} rows × ${cols} columns`;
  return badge;
}

/** "columns 5–8 = W_Q⁽²⁾ [8×4]": the part of the matrix the step uses, after its whole shape. */
function partHtml(part: MatrixPart): HTMLElement {
  const out = el("span", "mpart", `${part.range} = `);
  const label = el("span", "mlabel");
  label.append(labelNode(part.latex));
  out.append(label, shapeBadge(part.rows, part.cols));
  return out;
}

/** Matrix keys the learner expanded; kept while stepping. */
const expanded = new Set<string>();

/** The displayed cell an event happened in, in stored (untransposed) coordinates. */
function storedCellOf(e: Event, spec: MatrixSpec): [number, number] | null {
  const cell = (e.target as HTMLElement).closest<HTMLElement>("[data-r][data-c]");
  if (!cell) return null;
  const r = Number(cell.dataset.r);
  const c = Number(cell.dataset.c);
  return spec.transposed ? [c, r] : [r, c];
}

/** The matrix on screen now: a figure's listeners read it at event time. */
type Current = () => { view: MatrixView; spec: MatrixSpec };

/** Whether the screen has no hover (a phone): its hints then say tap. */
let touch: boolean | undefined;
const isTouch = () => (touch ??= window.matchMedia("(hover: none)").matches);

/** The inspector line's words before any cell is hovered, focused or tapped. */
function inspectHint(spec: MatrixSpec): string {
  if (isTouch()) {
    return spec.onActivate
      ? "Tap a cell: what it means and how it is computed."
      : spec.describe
        ? "Tap a cell: what it means and its exact value."
        : "Tap a cell: its exact value.";
  }
  return spec.onActivate
    ? "Hover or focus a cell: what it means; click it or press Enter: how it is computed."
    : spec.describe
      ? "Hover or focus a cell: what it means and its exact value."
      : "Hover or focus a cell: exact value.";
}

/**
 * Shows the cell under the pointer or with the focus: its meaning in words (also set as the
 * cell's tooltip, lazily) when the spec can describe cells, and its exact value.
 */
function wireInspector(host: HTMLElement, out: HTMLElement, current: Current) {
  const show = (e: Event) => {
    const { view, spec } = current();
    const cell = (e.target as HTMLElement).closest<HTMLElement>("[data-r][data-c]");
    const at = storedCellOf(e, spec);
    if (!cell || !at) return;
    const exact = describeCell(view, Number(cell.dataset.r), Number(cell.dataset.c));
    if (!spec.describe) {
      out.textContent = exact;
      return;
    }
    const meaning = spec.describe(at[0], at[1]);
    cell.title = meaning;
    out.replaceChildren(el("span", "meaning", meaning), el("span", "", exact));
  };
  host.addEventListener("pointerover", show);
  host.addEventListener("focusin", show);
  // Click or Enter on a cell: the spec's action (drill into the cell).
  host.addEventListener("click", (e) => {
    const { spec } = current();
    const at = storedCellOf(e, spec);
    if (at && spec.onActivate) spec.onActivate(at[0], at[1]);
  });
  host.addEventListener("keydown", (e) => {
    const { spec } = current();
    if (e.key !== "Enter" || !spec.onActivate) return;
    const at = storedCellOf(e, spec);
    if (!at) return;
    e.preventDefault();
    spec.onActivate(at[0], at[1]);
  });
}

/** One matrix figure of the step view, kept across steps. */
export interface MatrixFigure {
  readonly element: HTMLElement;
  /** Shows `spec`: patched in place when only values and marks differ, else rebuilt. */
  show(spec: MatrixSpec): void;
  /** Parks the figure (its stage is not shown): no test id, no slot name, until the next show. */
  park(): void;
}

/** The caption row: label, shape, the part used, "transposed", the expand toggle (if any). */
function headRow(
  spec: MatrixSpec,
  view: MatrixView,
  shape: string,
  toggle: { isExpanded: boolean; toggled: () => void } | null,
): HTMLElement {
  const h = el("figcaption", "mhead");
  if (spec.operator) h.append(el("span", "operator", spec.operator));
  const label = el("span", "mlabel");
  label.append(labelNode(spec.latex));
  h.append(label, shapeBadge(view.rows, view.cols));
  if (spec.part) h.append(partHtml(spec.part));
  if (spec.transposed)
    h.append(el("span", "note", `transposed (stored ${formatShape(view.cols, view.rows)})`));
  if (toggle) {
    const b = makeButton("small", toggle.isExpanded ? "Compact view" : `Show all ${shape}`);
    b.setAttribute("aria-expanded", String(toggle.isExpanded));
    b.addEventListener("click", toggle.toggled);
    h.append(b);
  }
  return h;
}

/**
 * The rows and columns a figure shows and its caption. Huge expanded matrices get the virtual
 * grid (no rows or columns here): always built anew.
 */
function axesOf(spec: MatrixSpec, view: MatrixView, compact: boolean, isExpanded: boolean) {
  const hint = spec.onActivate ? "; press Enter on a cell to see how it is computed" : "";
  if (isExpanded && view.rows * view.cols > FULL_TABLE_MAX_CELLS) {
    return { rows: [] as Axis, cols: [] as Axis, caption: matrixName(spec) + hint };
  }
  const axis = (n: number, [lo, hi]: [number, number]) =>
    isExpanded ? visibleIndices(n, lo, hi, Infinity) : compactIndices(n, lo, hi);
  const rows = axis(view.rows, view.markedRows);
  const cols = axis(view.cols, view.markedCols);
  const count = (axis: Axis) => axis.filter((i) => i !== null).length;
  const shown =
    compact && !isExpanded ? ` (showing ${count(rows)} rows, ${count(cols)} columns)` : "";
  return { rows, cols, caption: matrixName(spec) + shown + hint };
}

/**
 * The caption row for `spec` in place of `head`: as it is when built for the same, with only its
 * part replaced when that alone differs (the next query's "row 3 = s_3"), else built anew by
 * `build`. `keys` holds what the row on screen was built for.
 */
function updateHead(
  head: HTMLElement,
  keys: { row: string; part: string },
  spec: MatrixSpec,
  sizes: [string, boolean],
  build: () => HTMLElement,
): HTMLElement {
  const p = spec.part;
  const row = [spec.operator, spec.latex, ...sizes, spec.transposed, !p].join("\u0003");
  const part = p ? [p.latex, p.range, p.rows, p.cols].join("\u0003") : "";
  if (row === keys.row) {
    // The next query's part ("row 3 = s_3" after "row 2 = s_2"): its texts rewritten in place.
    const shown = head.querySelector(".mpart");
    if (part !== keys.part && p && shown) patchChildren(shown, partHtml(p));
    keys.part = part;
    return head;
  }
  Object.assign(keys, { row, part });
  const h = build();
  // The scroll cue (scroll-cue.ts) lives in the caption row: keep it.
  const cue = head.querySelector(".scroll-cue");
  if (cue) h.append(cue);
  head.replaceWith(h);
  return h;
}

export function createMatrixFigure(): MatrixFigure {
  const fig = document.createElement("figure");
  let spec: MatrixSpec;
  let view: MatrixView;
  const current: Current = () => ({ view, spec });
  // What the caption row on screen was built for.
  const headKeys = { row: "", part: "" };
  let table: HTMLTableElement | null = null;
  let head = el("figcaption", "mhead");
  let inspect = el("p", "inspect");
  let rename = (name: string): void => void name;

  /** The caption row for the spec shown; its toggle expands or compacts it. */
  function buildHead(shape: string, compact: boolean, isExpanded: boolean): HTMLElement {
    const toggled = () => {
      if (expanded.has(spec.key)) expanded.delete(spec.key);
      else expanded.add(spec.key);
      show(spec);
      fig.querySelector<HTMLButtonElement>(".mhead button")?.focus();
    };
    return headRow(spec, view, shape, compact ? { isExpanded, toggled } : null);
  }

  /** The box with the table (or the virtual grid, when `rows` is empty) and the inspector. */
  function buildBody(rows: Axis, cols: Axis, caption: string, shape: string): void {
    table = null;
    const box = el("div", "mbox");
    inspect = el("p", "inspect", inspectHint(spec));
    if (rows.length === 0) {
      // The virtual grid (a huge matrix shown whole, on request) is not part of the first load.
      const shown = view;
      void import("./matrix-grid").then(({ renderVirtualGrid }) => {
        if (fig.contains(box)) renderVirtualGrid(box, shown, caption);
      });
    } else {
      box.innerHTML = tableHtml(view, rows, cols, caption);
      const t = box.firstElementChild as HTMLElement;
      // Roving tab stop: the first marked cell (or the first cell) is the way in.
      setTabStop(t, t.querySelector<HTMLElement>("td.rd, td.wr") ?? t.querySelector("td[data-r]"));
      wireTableKeys(t);
      table = t as HTMLTableElement;
    }
    wireInspector(box, inspect, current);
    wireCellEditing(fig, box, current);
    head.querySelector(".scroll-cue")?.remove();
    rename = markScrolling(box, head, `${spec.plain}, ${shape}`);
    fig.replaceChildren(head, box, inspect);
  }

  function show(next: MatrixSpec): void {
    spec = next;
    view = makeView(spec);
    const shape = formatShape(view.rows, view.cols);
    const compact = isCompacted(view);
    const isExpanded = compact && expanded.has(spec.key);
    const { rows, cols, caption } = axesOf(spec, view, compact, isExpanded);
    fig.className = `matrix ${spec.role}${spec.onActivate ? " drillable" : ""}`;
    fig.dataset.testid = spec.testId;
    fig.dataset.slot = spec.testId; // what product code finds it by (edit-cell.ts)
    fig.querySelector(".edit-bubble")?.remove();
    head = updateHead(head, headKeys, spec, [shape, isExpanded], () =>
      buildHead(shape, compact, isExpanded),
    );
    // The virtual grid is built anew; a table is reused, whatever its rows and columns.
    if (!table || rows.length === 0) return buildBody(rows, cols, caption, shape);
    const first = patchTable(table, view, rows, cols, caption);
    rename(`${spec.plain}, ${shape}`);
    const box = fig.querySelector<HTMLElement>(".mbox")!;
    describeEdited(box);
    if (!table.contains(activeElementIn(table)))
      setTabStop(table, first ?? table.querySelector<HTMLElement>("td[data-r]"));
    if (inspect.textContent !== inspectHint(spec)) inspect.textContent = inspectHint(spec);
  }

  const park = () => {
    delete fig.dataset.testid;
    delete fig.dataset.slot;
  };
  return { element: fig, show, park };
}
