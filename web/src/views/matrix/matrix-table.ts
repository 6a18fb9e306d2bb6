/**
 * The <table> of a matrix (compact or whole): its markup, its arrow keys, and the in-place update
 * that a step uses when the table on screen already has the right rows, columns and labels: only
 * the values, the read/written marks and the edited marks change, so stepping never reparses or
 * re-lays out a whole table.
 */
import { formatCell } from "../ui/format";
import { cellClass, escapeHtml, type MatrixView } from "./matrix-model";

/** Displayed rows or columns: indices into the view, null for a gap ("…"). */
export type Axis = (number | null)[];

/** The <table> markup of the displayed rows and columns. */
export function tableHtml(view: MatrixView, rows: Axis, cols: Axis, caption: string): string {
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

/**
 * What a table's structure depends on: where its gaps are. Two displays with the same key differ
 * only in labels, values and marks, which patchTable rewrites.
 */
export function tableKey(rows: Axis, cols: Axis): string {
  const pattern = (axis: Axis) => axis.map((i) => (i === null ? "…" : "#")).join("");
  return `${pattern(rows)}|${pattern(cols)}`;
}

/** A table's parts that change from step to step, in display order (gaps left out). */
export interface TableParts {
  caption: HTMLElement;
  colHeads: HTMLElement[];
  rowHeads: HTMLElement[];
  /** Value cells, row by row: rowHeads.length × colHeads.length. */
  cells: HTMLElement[];
}

export function tableParts(table: HTMLElement): TableParts {
  return {
    caption: table.querySelector("caption")!,
    colHeads: [...table.querySelectorAll<HTMLElement>("thead th:not(.gap)")],
    rowHeads: [...table.querySelectorAll<HTMLElement>('tbody th[scope="row"]:not(.gap)')],
    cells: [...table.querySelectorAll<HTMLElement>("td[data-r]")],
  };
}

/** Sets a text and a tooltip only where they differ (each write costs layout). */
function label(th: HTMLElement, text: string): void {
  if (th.textContent !== text) th.textContent = text;
  if (th.title !== text) th.title = text;
}

/**
 * Rewrites the caption, labels, values and classes for `view` shown at `rows` × `cols` (same
 * tableKey as the table was built with), touching only what changed. Tooltips with a cell's
 * meaning (set on hover, per step) are dropped. Returns the first marked cell.
 */
export function patchTable(
  parts: TableParts,
  view: MatrixView,
  rows: Axis,
  cols: Axis,
  caption: string,
): HTMLElement | null {
  if (parts.caption.textContent !== caption) parts.caption.textContent = caption;
  const r = rows.filter((i) => i !== null);
  const c = cols.filter((i) => i !== null);
  c.forEach((ci, j) => label(parts.colHeads[j]!, view.colLabel(ci)));
  r.forEach((ri, i) => label(parts.rowHeads[i]!, view.rowLabel(ri)));
  let first: HTMLElement | null = null;
  let k = 0;
  for (const ri of r) {
    for (const ci of c) {
      const td = parts.cells[k++]!;
      if (td.dataset.r !== String(ri)) td.dataset.r = String(ri);
      if (td.dataset.c !== String(ci)) td.dataset.c = String(ci);
      const x = view.value(ri, ci);
      const text = formatCell(x);
      const node = td.firstChild;
      if (node instanceof Text && node === td.lastChild) {
        if (node.data !== text) node.data = text;
      } else td.textContent = text;
      const cls = cellClass(view, ri, ci, x);
      if (td.className !== cls) td.className = cls;
      if (td.title) td.removeAttribute("title");
      if (!first && view.marked(ri, ci)) first = td;
    }
  }
  return first;
}

/** Makes `cell` the table's one tab stop (the roving tab index). */
export function setTabStop(table: HTMLElement, cell: HTMLElement | null): void {
  for (const t of table.querySelectorAll<HTMLElement>('td[tabindex="0"]'))
    if (t !== cell) t.tabIndex = -1;
  if (cell) cell.tabIndex = 0;
}

/** Arrow keys, Home and End move the focus between the table's value cells. */
export function wireTableKeys(table: HTMLElement): void {
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
