/**
 * "Reweighted values": output row i of a head as the weighted sum of the value rows. One line per
 * key: its token, its weight a_ij as a bar, "×", and its row v_j of V; the last line (the foot) is
 * the sum, row o_i of the head output. A highlighted column c shows which numbers make o_ic.
 * Kept across steps, its lines rewritten in place; many keys scroll, only those in view drawn.
 */
import { formatCell, formatShape } from "../ui/format";
import type { TraceValue } from "../../wasm/types";
import { barParts, setBar } from "../ui/bar-chart";
import { captionedTable, el, keepChildren, quoted, setText } from "../ui/dom";
import { rowsScroll, windowedRows } from "../ui/windowed";
import { visibleIndices } from "./matrix-model";
import { labelClass } from "./matrix-table";

/** Value columns shown at most (the rest become "…", like the compact matrices). */
const MAX_COLS = 8;
/** Pixels from one line to the next, and a long table's scroll box height (drill.css). */
const ROW_PX = 25;
const VIEW_PX = 400;

type Cols = (number | null)[];

/** Whether `keys` lines are more than the box shows: then they scroll, only those in view drawn. */
export const reweightedScrolls = (keys: number): boolean => rowsScroll(keys, ROW_PX, VIEW_PX);

/** Writes the number cells after the first `skip` cells of `tr`: values(c) for each column. */
function setNumbers(
  tr: HTMLElement,
  skip: number,
  cols: Cols,
  values: (c: number) => number,
  highlight: number,
) {
  const cells = keepChildren(tr, skip + cols.length, () => el("td"));
  cols.forEach((c, k) => {
    const td = cells[skip + k]!;
    const cls = c === null ? "gap" : c === highlight ? "num hl" : "num";
    if (td.className !== cls) td.className = cls;
    setText(td, c === null ? "…" : formatCell(values(c)));
  });
}

/** The row of column numbers: three empty cells, then a header per column (kept, rewritten). */
function setColumnHeads(row: HTMLElement, cols: Cols, highlight: number) {
  const cells = keepChildren(row, 3 + cols.length, (i) => {
    if (i < 3) return el("td", i === 2 ? "op" : "");
    const th = el("th");
    th.scope = "col";
    return th;
  });
  cols.forEach((c, k) => {
    const th = cells[3 + k]!;
    const cls = c === highlight ? "hl" : "";
    if (th.className !== cls) th.className = cls;
    setText(th, c === null ? "…" : String(c + 1));
  });
}

export interface Reweighted {
  readonly element: HTMLElement;
  /** Shows query `i` of head `head`; `highlight` is a column of V (or -1). */
  show(trace: TraceValue, head: number, i: number, highlight?: number): void;
}

export function createReweighted(): Reweighted {
  const table = el("table", "reweight");
  const thead = table.createTHead();
  const top = thead.insertRow();
  const weightHead = el("th");
  const group = el("th", "", "value row of the key (columns of V)");
  top.append(el("th", "", "key"), weightHead, el("td", "op"), group);
  const numbers = thead.insertRow();
  const body = table.createTBody();
  const foot = table.createTFoot().insertRow();
  foot.className = "result";
  const sumLabel = el("th");
  sumLabel.scope = "row";
  foot.append(sumLabel, el("td", "sum-note", "sum of the rows above"), el("td", "op", "="));
  const fig = captionedTable("", table, "reweight-box");
  fig.dataset.testid = "reweighted-values";
  const caption = fig.querySelector<HTMLElement>(".tcaption")!;
  const rows = windowedRows({
    scroller: fig.querySelector(".reweight-box")!,
    body,
    makeRow: () => {
      const tr = el("tr");
      const label = el("th");
      label.scope = "row";
      const bar = el("td", "bar-cell");
      bar.append(...barParts(0, false));
      tr.append(label, bar, el("td", "op", "×"));
      return tr;
    },
    makeSpacer: () => {
      const tr = el("tr", "spacer");
      tr.append(el("td"));
      return tr;
    },
    rowPx: ROW_PX,
    viewPx: VIEW_PX,
    label: "Reweighted values, one line per key: scroll for the rest",
  });

  return {
    element: fig,
    show(trace, head, i, highlight = -1) {
      const h = trace.headTraces[head]!;
      const n = h.v.rows;
      const dV = h.v.cols;
      const q = quoted(trace.queryLabels[i]);
      const at = Math.max(highlight, 0);
      const cols: Cols =
        dV <= MAX_COLS
          ? Array.from({ length: dV }, (_, c) => c)
          : visibleIndices(dV, at, at + 1, MAX_COLS);
      setText(
        caption,
        `Reweighted values: row ${i + 1} of the output (${q}) = Σ over the keys of weight × value row ` +
          `(A ${formatShape(h.weights.rows, n)} · V ${formatShape(n, dV)})`,
      );
      setText(weightHead, `weight of ${q}`);
      if (group.colSpan !== cols.length) group.colSpan = cols.length;
      setColumnHeads(numbers, cols, highlight);
      const mask = trace.hasMask ? trace.mask : null;
      rows.update(n, (tr, j) => {
        const a = h.weights.data[i * n + j]!;
        const label = tr.children[0] as HTMLElement;
        const key = trace.keyLabels[j] ?? String(j + 1);
        const cls = labelClass(key, 12); // 14em (drill.css)
        if (label.className !== cls) label.className = cls;
        setText(label, key);
        setBar(tr.children[1]!.children, a, mask !== null && mask.data[i * mask.cols + j] === 0);
        setNumbers(tr, 3, cols, (c) => h.v.data[j * dV + c]!, highlight);
      });
      for (const cell of body.querySelectorAll(".spacer td"))
        (cell as HTMLTableCellElement).colSpan = 3 + cols.length;
      setText(sumLabel, `o (${q})`);
      setNumbers(foot, 3, cols, (c) => h.output.data[i * dV + c]!, highlight);
    },
  };
}

/** The table drawn once (the drill-down panel, built anew for each cell). */
export function renderReweighted(
  trace: TraceValue,
  head: number,
  i: number,
  highlight = -1,
): HTMLElement {
  const view = createReweighted();
  view.show(trace, head, i, highlight);
  return view.element;
}
