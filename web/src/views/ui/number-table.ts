/**
 * Labelled rows of numbers as a real <table> (screen readers read it cell by cell): a header row
 * of `columns`, then per row a header cell and its numbers through formatCell, so they read as
 * the matrices do (4 decimals, −∞ for a masked score). Shared by the drill-down and the
 * algorithm view, which add their caption and box.
 */
import { el } from "./dom";
import { formatCell } from "./format";

export interface LabelledRow {
  label: string;
  values: ArrayLike<number>;
  /** A class for the whole row, e.g. "result" or "hl". */
  className?: string;
}

/** The table; column `highlight` (or -1) is marked "hl"; `testId` names a row for the tests. */
export function labelledNumberTable<R extends LabelledRow>(
  className: string,
  columns: string[],
  rows: R[],
  highlight = -1,
  testId?: (row: R) => string,
): HTMLTableElement {
  const table = el("table", className);
  const head = table.createTHead().insertRow();
  head.append(el("td", "corner"));
  columns.forEach((c, i) => {
    const th = el("th", i === highlight ? "hl" : "", c);
    th.scope = "col";
    head.append(th);
  });
  const body = table.createTBody();
  for (const row of rows) {
    const tr = body.insertRow();
    if (testId) tr.dataset.testid = testId(row);
    if (row.className) tr.className = row.className;
    const th = el("th", "", row.label);
    th.scope = "row";
    tr.append(th);
    for (let i = 0; i < row.values.length; i++) {
      const x = row.values[i]!;
      const classes = ["num", i === highlight ? "hl" : "", x === -Infinity ? "inf" : ""];
      tr.append(el("td", classes.filter(Boolean).join(" "), formatCell(x)));
    }
  }
  return table;
}
