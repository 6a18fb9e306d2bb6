/**
 * The <table> of a matrix (compact or whole): its markup, its arrow keys, and the in-place update
 * a step uses: the table on screen is reused, its rows and cells kept, and only labels, values,
 * marks and the rows or columns that differ in number change, so stepping never reparses a table.
 */
import { keepChildren, setText } from "../ui/dom";
import { formatCell } from "../ui/format";
import { cellClass, escapeHtml, type MatrixView } from "./matrix-model";

/** Displayed rows or columns: indices into the view, null for a gap ("…"). */
export type Axis = (number | null)[];

/**
 * A header's class: "long" when its label may be wider than the header's max-width and needs the
 * ellipsis's clip (matrix.css, drill.css). A clip is a paint chunk of its own that every painted
 * frame walks again, so short labels (most: "w12", "3") go without. `fits` characters fit in any
 * font: six in 7em.
 */
export const labelClass = (label: string, fits = 6): string => (label.length > fits ? "long" : "");

/** A row's or column's header labelled `label`: its text, its tooltip, its class if long. */
function headerHtml(scope: "row" | "col", label: string): string {
  const cls = labelClass(label);
  const text = escapeHtml(label);
  return `<th scope="${scope}"${cls ? ` class="${cls}"` : ""} title="${text}">${text}</th>`;
}

/** The <table> markup of the displayed rows and columns. */
export function tableHtml(view: MatrixView, rows: Axis, cols: Axis, caption: string): string {
  const head = cols
    .map((c) =>
      c === null
        ? `<th scope="col" class="gap" title="columns not shown">…</th>`
        : headerHtml("col", view.colLabel(c)),
    )
    .join("");
  const body = rows
    .map((r) => {
      if (r === null) {
        const gaps = cols.map(() => `<td class="gap">⋮</td>`).join("");
        return `<tr class="gap-row"><th scope="row" class="gap" title="rows not shown">⋮</th>${gaps}</tr>`;
      }
      const cells = cols
        .map((c) => {
          if (c === null) return `<td class="gap">…</td>`;
          const x = view.value(r, c);
          return `<td class="${cellClass(view, r, c, x)}" data-r="${r}" data-c="${c}" tabindex="-1">${formatCell(x)}</td>`;
        })
        .join("");
      return `<tr>${headerHtml("row", view.rowLabel(r))}${cells}</tr>`;
    })
    .join("");
  return (
    `<table class="mtable" role="grid"><caption class="sr-only">${escapeHtml(caption)}</caption>` +
    `<thead><tr><td class="corner"></td>${head}</tr></thead><tbody>${body}</tbody></table>`
  );
}

/** Sets what differs only: each write costs style and layout. */
function set(e: HTMLElement, cls: string, text: string, title: string | null): void {
  if (e.className !== cls) e.className = cls;
  setText(e, text);
  if (title === null) {
    if (e.hasAttribute("title")) e.removeAttribute("title");
  } else if (e.title !== title) e.title = title;
}

/** A gap marker ("…", "⋮") in place of a value cell: no coordinates, no tab stop. */
function setGap(e: HTMLElement, text: string, title: string | null): void {
  for (const a of ["data-r", "data-c", "tabindex", "aria-description"]) e.removeAttribute(a);
  set(e, "gap", text, title);
}

const header = (scope: "col" | "row") => () => {
  const th = document.createElement("th");
  th.scope = scope;
  return th;
};

/** The rows and columns each table shows (tableHtml's or the last patch's), to skip re-checks. */
const shownAxes = new WeakMap<HTMLTableElement, string>();
const axesKey = (rows: Axis, cols: Axis) => `${rows.join()}|${cols.join()}`;

/** Gives value cell `td` its coordinates and its place in the roving tab order. */
function placeCell(td: HTMLElement, r: number, c: number): void {
  if (td.dataset.r !== String(r)) td.dataset.r = String(r);
  if (td.dataset.c !== String(c)) td.dataset.c = String(c);
  if (!td.hasAttribute("tabindex")) td.tabIndex = -1;
}

/**
 * Turns the table built by tableHtml into the one tableHtml would build for `view` at `rows` ×
 * `cols`, reusing its rows and cells: only labels, values, marks and the rows or columns that
 * differ in number change. Tooltips with a cell's meaning (set on hover) are dropped. Returns
 * the first marked cell.
 */
export function patchTable(
  table: HTMLTableElement,
  view: MatrixView,
  rows: Axis,
  cols: Axis,
  caption: string,
): HTMLElement | null {
  const cap = table.caption!;
  if (cap.textContent !== caption) cap.textContent = caption;
  // The same rows and columns as before (most steps): the cells' coordinates stand.
  const key = axesKey(rows, cols);
  const placed = shownAxes.get(table) === key;
  shownAxes.set(table, key);
  const heads = keepChildren(table.tHead!.rows[0]!, cols.length + 1, header("col"));
  cols.forEach((c, j) => {
    if (c === null) setGap(heads[j + 1]!, "…", "columns not shown");
    else {
      const label = view.colLabel(c);
      set(heads[j + 1]!, labelClass(label), label, label);
    }
  });
  const trs = keepChildren(table.tBodies[0]!, rows.length, () => document.createElement("tr"));
  let first: HTMLElement | null = null;
  rows.forEach((r, i) => {
    const tr = trs[i]!;
    const rowClass = r === null ? "gap-row" : "";
    if (tr.className !== rowClass) tr.className = rowClass;
    const make = (k: number) => (k === 0 ? header("row")() : document.createElement("td"));
    const cells = keepChildren(tr, cols.length + 1, make);
    if (r === null) setGap(cells[0]!, "⋮", "rows not shown");
    else {
      const label = view.rowLabel(r);
      set(cells[0]!, labelClass(label), label, label);
    }
    cols.forEach((c, j) => {
      const td = cells[j + 1]!;
      if (r === null || c === null) return setGap(td, r === null ? "⋮" : "…", null);
      if (!placed) placeCell(td, r, c);
      const x = view.value(r, c);
      set(td, cellClass(view, r, c, x), formatCell(x), null);
      if (!first && view.marked(r, c)) first = td;
    });
  });
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
