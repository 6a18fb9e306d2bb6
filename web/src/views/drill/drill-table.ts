/**
 * Numbers as labelled rows of a real <table> (one column per component or per key), and sums
 * written out term by term. Every number goes through formatCell, so it reads exactly as the
 * matrices do (4 decimals, −∞ for a masked score).
 */
import { formatCell } from "../ui/format";
import { captionedTable, el } from "../ui/dom";
import { labelledNumberTable } from "../ui/number-table";

export interface NumberRow {
  /** Short key for data-testid="drill-row-<key>". */
  key: string;
  /** Row header, e.g. "q ('word_1')". */
  label: string;
  values: ArrayLike<number>;
  /** "result" marks the row the others combine into. */
  className?: string;
}

/**
 * A table with `columns` as headers and one row per `rows` entry; column `highlight` (or -1)
 * is marked, e.g. the key of the drilled cell.
 */
export function numberTable(
  caption: string,
  columns: string[],
  rows: NumberRow[],
  highlight = -1,
): HTMLElement {
  const table = labelledNumberTable(
    "dtable",
    columns,
    rows,
    highlight,
    (r) => `drill-row-${r.key}`,
  );
  return captionedTable(caption, table, "dtable-box");
}

/** A column of `termTable`: its header and one number per term. */
export interface TermColumn {
  header: string;
  values: ArrayLike<number>;
}

/**
 * A sum's terms one per row (the row header `labels[l]`, then one cell per column), in a box
 * that scrolls when there are many (d_model 512): every term stays inspectable. Rows in
 * `highlight` are marked; the box takes the focus so the keyboard can scroll it.
 */
export function termTable(
  caption: string,
  labels: string[],
  columns: TermColumn[],
  highlight: ReadonlySet<number> = new Set(),
): HTMLElement {
  const table = el("table", "dtable dterms");
  const head = table.createTHead().insertRow();
  for (const text of ["term", ...columns.map((c) => c.header)]) {
    const th = el("th", "", text);
    th.scope = "col";
    head.append(th);
  }
  const body = table.createTBody();
  labels.forEach((label, l) => {
    const tr = body.insertRow();
    tr.dataset.testid = `drill-term-${l + 1}`;
    if (highlight.has(l)) tr.className = "hl";
    const th = el("th", "", label);
    th.scope = "row";
    tr.append(th, ...columns.map((c) => el("td", "num", formatCell(c.values[l]!))));
  });
  const fig = captionedTable(caption, table, "dtable-box dterms-box");
  const box = fig.querySelector<HTMLElement>(".dterms-box")!;
  box.tabIndex = 0;
  box.setAttribute("role", "region");
  box.setAttribute("aria-label", `${caption} (${labels.length} rows, scrollable)`);
  box.dataset.testid = "drill-terms";
  return fig;
}

/** Terms above this count are written as the first few, "…", and the last. */
const MAX_TERMS = 10;

/** "4.0000 + 0.0000 − 1.5000": the terms of a sum as shown (long sums shortened with "…"). */
export function sumText(terms: ArrayLike<number>): string {
  const all = Array.from(terms);
  const shown: (number | null)[] =
    all.length <= MAX_TERMS ? all : [...all.slice(0, 6), null, ...all.slice(-2)];
  return shown
    .map((x, i) => {
      if (x === null) return "+ …";
      const text = formatCell(x);
      if (i === 0) return text;
      return text.startsWith("-") ? `− ${text.slice(1)}` : `+ ${text}`;
    })
    .join(" ");
}

/** A line of text in the panel: "sum = … = 8.0000", with an optional testid. */
export function line(text: string, testId = "", className = "dline"): HTMLElement {
  const p = el("p", className, text);
  if (testId) p.dataset.testid = testId;
  return p;
}
