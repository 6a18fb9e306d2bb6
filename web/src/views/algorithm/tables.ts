/**
 * The algorithm view's tables: labelled rows of numbers as real <table>s (screen readers read
 * them cell by cell), every number through formatCell so it reads as the matrices do.
 */
import { captionedTable } from "../ui/dom";
import { labelledNumberTable } from "../ui/number-table";
import type { MatrixValue } from "../../wasm/types";

export interface Row {
  label: string;
  values: ArrayLike<number>;
  /** "hl" marks the row the step is about (the appended cache row). */
  className?: string;
}

/** A table with `columns` as headers and one row per entry of `rows`. */
export function rowsTable(caption: string, columns: string[], rows: Row[]): HTMLElement {
  const table = labelledNumberTable("atable", columns, rows);
  const fig = captionedTable(caption, table, "atable-box");
  // A wide table scrolls in its box: the box takes the focus so the keyboard can scroll it.
  const box = fig.querySelector<HTMLElement>(".atable-box")!;
  box.tabIndex = 0;
  box.setAttribute("role", "region");
  box.setAttribute("aria-label", `${caption} (scrollable)`);
  return fig;
}

/** Row r of a matrix as a view (no copy). */
export const rowOf = (m: MatrixValue, r: number): Float64Array =>
  m.data.subarray(r * m.cols, (r + 1) * m.cols);

/** Rows and columns a matrix table shows at most (a long sentence's are named, not drawn). */
const MAX_SHOWN = 32;

/** A matrix's rows under `labels`, its columns numbered from 1 after `prefix` or named; the first
 * MAX_SHOWN rows and columns of a larger one, the caption saying so. */
export function matrixTable(
  caption: string,
  m: MatrixValue,
  labels: string[],
  prefix: string | string[],
): HTMLElement {
  const cols = Math.min(m.cols, MAX_SHOWN);
  const columns =
    typeof prefix === "string"
      ? Array.from({ length: cols }, (_, c) => `${prefix}${c + 1}`)
      : prefix.slice(0, cols);
  const rows = labels
    .slice(0, MAX_SHOWN)
    .map((label, r) => ({ label, values: rowOf(m, r).subarray(0, cols) }));
  const cut = m.rows > MAX_SHOWN || m.cols > MAX_SHOWN;
  const note = cut
    ? ` (the first ${rows.length} rows and ${cols} columns of ${m.rows}×${m.cols})`
    : "";
  return rowsTable(caption + note, columns, rows);
}

/** The largest |a − b| over two equally long arrays (both −∞ counts as equal). */
export function largestDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let d = 0;
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i]) d = Math.max(d, Math.abs(a[i]! - b[i]!));
  }
  return d;
}

/** A difference as the notes write it: "0", or "2.2 × 10⁻¹⁶". */
export function differenceText(d: number): string {
  if (d === 0) return "0 (bit for bit)";
  const [mantissa, exponent] = d.toExponential(1).split("e");
  const sup = (exponent ?? "").replace(
    /[-+\d]/g,
    (c) => "⁻⁺⁰¹²³⁴⁵⁶⁷⁸⁹"["-+0123456789".indexOf(c)]!,
  );
  return `${mantissa} × 10${sup.replace("⁺", "")}`;
}
