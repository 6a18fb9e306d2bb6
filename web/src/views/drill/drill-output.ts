/**
 * Drill-down of one head-output cell o_ic: the "reweighted values". The query's weights as bars
 * beside the value rows (column c of V highlighted), then each weight × value term and their sum.
 */
import { formatCell } from "../ui/format";
import type { OutputDrillValue, TraceValue } from "../../wasm/types";
import { el, quoted } from "../ui/dom";
import { line, numberTable, sumText } from "./drill-table";
import { renderReweighted } from "../matrix/reweighted";

export interface OutputCell {
  trace: TraceValue;
  head: number;
  /** Query row i and value column c (from 0). */
  i: number;
  c: number;
}

/** The panel's parts for head output (i, c). */
export function renderOutputDrill(d: OutputDrillValue, cell: OutputCell): HTMLElement[] {
  const { trace, head, i, c } = cell;
  const q = quoted(trace.queryLabels[i]);
  if (d.weights.length === 0) return [line("No numbers for this cell.")];
  const name = `o[${i + 1},${c + 1}]`;
  const keys = Array.from({ length: d.weights.length }, (_, j) => trace.keyLabels[j] ?? "");
  const fully = trace.fullyMaskedQueries.includes(i);
  const parts: HTMLElement[] = [
    el(
      "p",
      "dintro",
      `Component ${c + 1} of the output for ${q} in head ${head + 1}: each value vector is reweighted by how much ${q} attends to its key, and the reweighted values are summed. ${name} = Σ_j a[${i + 1},j] × v[j,${c + 1}].`,
    ),
    renderReweighted(trace, head, i, c),
    numberTable(`Each weight × value term (column ${c + 1} of V)`, keys, [
      { key: "weights", label: `a (weights of ${q})`, values: d.weights },
      { key: "values", label: `v (column ${c + 1} of V)`, values: d.values },
      { key: "terms", label: "a × v", values: d.terms, className: "result" },
    ]),
    line(
      `${name} = ${sumText(d.terms)} = ${formatCell(d.sum)}`,
      "drill-output-sum",
      "dline result",
    ),
  ];
  if (fully) {
    parts.push(
      line(
        `Every key is masked for ${q}: its weights are all 0, so its output is 0 (flagged).`,
        "drill-fully-masked",
        "dline masked-note",
      ),
    );
  }
  return parts;
}
