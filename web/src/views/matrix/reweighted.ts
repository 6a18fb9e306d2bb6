/**
 * "Reweighted values": output row i of a head as the weighted sum of the value rows. One line per
 * key: its token, its weight a_ij as a bar, "×", and its row v_j of V; the last line is the sum,
 * row o_i of the head output. A highlighted column c shows which numbers make o_ic.
 */
import { formatCell, formatShape } from "../ui/format";
import type { TraceValue } from "../../wasm/types";
import { barParts } from "../ui/bar-chart";
import { captionedTable, el, quoted } from "../ui/dom";
import { visibleIndices } from "./matrix-model";

/** Value columns shown at most (the rest become "…", like the compact matrices). */
const MAX_COLS = 8;

function numberCells(
  values: (c: number) => number,
  cols: (number | null)[],
  highlight: number,
): HTMLElement[] {
  return cols.map((c) =>
    c === null
      ? el("td", "gap", "…")
      : el("td", c === highlight ? "num hl" : "num", formatCell(values(c))),
  );
}

/** The table for query `i` of head `head`; `highlight` is a column of V (or -1). */
export function renderReweighted(
  trace: TraceValue,
  head: number,
  i: number,
  highlight = -1,
): HTMLElement {
  const h = trace.headTraces[head]!;
  const n = h.v.rows;
  const dV = h.v.cols;
  const q = quoted(trace.queryTokens[i]);
  const cols =
    dV <= MAX_COLS
      ? Array.from({ length: dV }, (_, c) => c)
      : visibleIndices(dV, Math.max(highlight, 0), Math.max(highlight, 0) + 1, MAX_COLS);
  const table = el("table", "reweight");
  const caption =
    `Reweighted values: row ${i + 1} of the output (${q}) = Σ over the keys of weight × value row ` +
    `(A ${formatShape(h.weights.rows, n)} · V ${formatShape(n, dV)})`;
  const thead = table.createTHead();
  const top = thead.insertRow();
  const group = el("th", "", "value row of the key (columns of V)");
  group.colSpan = cols.length;
  top.append(el("th", "", "key"), el("th", "", `weight of ${q}`), el("td", "op"), group);
  const numbers = thead.insertRow();
  numbers.append(el("td"), el("td"), el("td", "op"));
  for (const c of cols) {
    const th = el("th", c === highlight ? "hl" : "", c === null ? "…" : String(c + 1));
    th.scope = "col";
    numbers.append(th);
  }
  const body = table.createTBody();
  for (let j = 0; j < n; j++) {
    const tr = body.insertRow();
    const a = h.weights.data[i * n + j]!;
    const masked = trace.hasMask && trace.mask.data[i * trace.mask.cols + j] === 0;
    const label = el("th", "", trace.keyTokens[j] ?? String(j + 1));
    label.scope = "row";
    const bar = el("td", "bar-cell");
    bar.append(...barParts(a, masked));
    tr.append(
      label,
      bar,
      el("td", "op", "×"),
      ...numberCells((c) => h.v.data[j * dV + c]!, cols, highlight),
    );
  }
  const sum = body.insertRow();
  sum.className = "result";
  const label = el("th", "", `o (${q})`);
  label.scope = "row";
  sum.append(
    label,
    el("td", "sum-note", "sum of the rows above"),
    el("td", "op", "="),
    ...numberCells((c) => h.output.data[i * dV + c]!, cols, highlight),
  );
  const fig = captionedTable(caption, table, "reweight-box");
  fig.dataset.testid = "reweighted-values";
  return fig;
}
