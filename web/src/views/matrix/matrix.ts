/**
 * One matrix of a step as a figure: a MathML label, a shape badge and, when the step uses less than
 * the whole matrix, that part ("columns 5–8 = W_Q⁽²⁾ 8×4"); a real <table> (its caption says all
 * of that in words) in a compact view that keeps the edges and the step's cells, an expand
 * toggle, and an inspector line giving the exact value of the hovered or focused cell. Huge
 * expanded matrices use the virtual grid, so no view ever builds more than a few hundred cells.
 */
import { el } from "../ui/dom";
import { formatCell, formatShape } from "../ui/format";
import { wireCellEditing } from "./edit-cell";
import { renderVirtualGrid } from "./matrix-grid";
import { markScrolling } from "./scroll-cue";
import { texToMathML } from "./tex-mathml";
import {
  cellClass,
  describeCell,
  escapeHtml,
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

/** MathML of matrix labels; the same few symbols recur on every step. */
const labelCache = new Map<string, string>();
function labelHtml(latex: string): string {
  let html = labelCache.get(latex);
  if (html === undefined) {
    html = texToMathML(latex);
    labelCache.set(latex, html);
  }
  return html;
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
  label.innerHTML = labelHtml(part.latex);
  out.append(label, shapeBadge(part.rows, part.cols));
  return out;
}

/** Matrix keys the learner expanded; kept while stepping. */
const expanded = new Set<string>();

/** The <table> markup of the displayed rows and columns (null = a gap marker). */
function tableHtml(
  view: MatrixView,
  rows: (number | null)[],
  cols: (number | null)[],
  caption: string,
) {
  const head = cols
    .map((c) =>
      c === null
        ? `<th scope="col" class="gap" title="columns not shown">…</th>`
        : `<th scope="col" title="${escapeHtml(view.colLabel(c))}">${escapeHtml(view.colLabel(c))}</th>`,
    )
    .join("");
  const body = rows
    .map((r) => {
      if (r === null) {
        const gaps = cols.map(() => `<td class="gap">⋮</td>`).join("");
        return `<tr class="gap-row"><th scope="row" class="gap" title="rows not shown">⋮</th>${gaps}</tr>`;
      }
      const label = escapeHtml(view.rowLabel(r));
      const cells = cols
        .map((c) => {
          if (c === null) return `<td class="gap">…</td>`;
          const x = view.value(r, c);
          return `<td class="${cellClass(view, r, c, x)}" data-r="${r}" data-c="${c}" tabindex="-1">${formatCell(x)}</td>`;
        })
        .join("");
      return `<tr><th scope="row" title="${label}">${label}</th>${cells}</tr>`;
    })
    .join("");
  return (
    `<table class="mtable" role="grid"><caption class="sr-only">${escapeHtml(caption)}</caption>` +
    `<thead><tr><td class="corner"></td>${head}</tr></thead><tbody>${body}</tbody></table>`
  );
}

/** Arrow keys, Home and End move the focus between the table's value cells. */
function wireTableKeys(table: HTMLElement): void {
  table.addEventListener("keydown", (e) => {
    const cell = (e.target as HTMLElement).closest<HTMLElement>("td[data-r]");
    if (!cell) return;
    const row = cell.parentElement as HTMLTableRowElement;
    const rowCells = [...row.querySelectorAll<HTMLElement>("td[data-r]")];
    const rows = [...table.querySelectorAll<HTMLTableRowElement>("tbody tr:not(.gap-row)")];
    const ri = rows.indexOf(row);
    const ci = rowCells.indexOf(cell);
    let next: HTMLElement | undefined;
    if (e.key === "ArrowLeft") next = rowCells[ci - 1];
    else if (e.key === "ArrowRight") next = rowCells[ci + 1];
    else if (e.key === "ArrowUp")
      next = rows[ri - 1]?.querySelectorAll<HTMLElement>("td[data-r]")[ci];
    else if (e.key === "ArrowDown")
      next = rows[ri + 1]?.querySelectorAll<HTMLElement>("td[data-r]")[ci];
    else if (e.key === "Home") next = rowCells[0];
    else if (e.key === "End") next = rowCells[rowCells.length - 1];
    else return;
    // The page's own keys (step, head, query) must not fire while moving inside a matrix.
    e.preventDefault();
    e.stopPropagation();
    if (!next) return;
    cell.tabIndex = -1;
    next.tabIndex = 0;
    next.focus();
  });
}

/** The displayed cell an event happened in, in stored (untransposed) coordinates. */
function storedCellOf(e: Event, spec: MatrixSpec): [number, number] | null {
  const cell = (e.target as HTMLElement).closest<HTMLElement>("[data-r][data-c]");
  if (!cell) return null;
  const r = Number(cell.dataset.r);
  const c = Number(cell.dataset.c);
  return spec.transposed ? [c, r] : [r, c];
}

/**
 * Shows the cell under the pointer or with the focus: its meaning in words (also set as the
 * cell's tooltip, lazily) when the spec can describe cells, and its exact value.
 */
function wireInspector(host: HTMLElement, view: MatrixView, out: HTMLElement, spec: MatrixSpec) {
  const show = (e: Event) => {
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
    const a = document.createElement("span");
    a.className = "meaning";
    a.textContent = meaning;
    const b = document.createElement("span");
    b.textContent = exact;
    out.replaceChildren(a, b);
  };
  host.addEventListener("pointerover", show);
  host.addEventListener("focusin", show);
  const activate = spec.onActivate;
  if (!activate) return;
  // Click or Enter on a cell: the spec's action (drill into the cell).
  host.addEventListener("click", (e) => {
    const at = storedCellOf(e, spec);
    if (at) activate(at[0], at[1]);
  });
  host.addEventListener("keydown", (e) => {
    if (e.key !== "Enter") return;
    const at = storedCellOf(e, spec);
    if (!at) return;
    e.preventDefault();
    activate(at[0], at[1]);
  });
}

/** Builds the figure for one matrix of the current step. */
export function renderMatrix(spec: MatrixSpec): HTMLElement {
  const view = makeView(spec);
  const fig = document.createElement("figure");
  fig.className = `matrix ${spec.role}${spec.onActivate ? " drillable" : ""}`;
  fig.dataset.testid = spec.testId;
  const shape = formatShape(view.rows, view.cols);
  const compact = isCompacted(view);
  const isExpanded = compact && expanded.has(spec.key);

  const head = document.createElement("figcaption");
  head.className = "mhead";
  if (spec.operator) {
    const op = document.createElement("span");
    op.className = "operator";
    op.textContent = spec.operator;
    head.append(op);
  }
  const label = document.createElement("span");
  label.className = "mlabel";
  label.innerHTML = labelHtml(spec.latex);
  head.append(label, shapeBadge(view.rows, view.cols));
  if (spec.part) head.append(partHtml(spec.part));
  if (spec.transposed) {
    const note = document.createElement("span");
    note.className = "note";
    note.textContent = `transposed (stored ${formatShape(view.cols, view.rows)})`;
    head.append(note);
  }
  if (compact) {
    const toggle = document.createElement("button");
    toggle.type = "button";
    toggle.className = "small";
    toggle.setAttribute("aria-expanded", String(isExpanded));
    toggle.textContent = isExpanded ? "Compact view" : `Show all ${shape}`;
    toggle.addEventListener("click", () => {
      if (expanded.has(spec.key)) expanded.delete(spec.key);
      else expanded.add(spec.key);
      const again = renderMatrix(spec);
      fig.replaceWith(again);
      again.querySelector<HTMLButtonElement>(".mhead button")?.focus();
    });
    head.append(toggle);
  }

  const box = document.createElement("div");
  box.className = "mbox";
  const inspect = document.createElement("p");
  inspect.className = "inspect";
  inspect.textContent = spec.onActivate
    ? "Hover or focus a cell: what it means; click it or press Enter: how it is computed."
    : spec.describe
      ? "Hover or focus a cell: what it means and its exact value."
      : "Hover or focus a cell: exact value.";
  const caption = matrixName(spec);
  const hint = spec.onActivate ? "; press Enter on a cell to see how it is computed" : "";

  if (isExpanded && view.rows * view.cols > FULL_TABLE_MAX_CELLS) {
    renderVirtualGrid(box, view, caption + hint);
  } else {
    const all = isExpanded ? Infinity : undefined;
    const rows = visibleIndices(view.rows, view.markedRows[0], view.markedRows[1], all);
    const cols = visibleIndices(view.cols, view.markedCols[0], view.markedCols[1], all);
    const shown =
      compact && !isExpanded
        ? ` (showing ${rows.filter((r) => r !== null).length} rows, ${cols.filter((c) => c !== null).length} columns)`
        : "";
    box.innerHTML = tableHtml(view, rows, cols, caption + shown + hint);
    const table = box.firstElementChild as HTMLElement;
    // Roving tab stop: the first marked cell (or the first cell) is the way in.
    const first =
      table.querySelector<HTMLElement>("td.rd, td.wr") ?? table.querySelector("td[data-r]");
    if (first) first.tabIndex = 0;
    wireTableKeys(table);
  }
  wireInspector(box, view, inspect, spec);
  wireCellEditing(fig, box, view, spec);
  markScrolling(box, head, `${spec.plain}, ${shape}`);
  fig.append(head, box, inspect);
  return fig;
}
