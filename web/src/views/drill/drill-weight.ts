/**
 * Drill-down of one weight a_ij: the softmax of row i written out. Each scaled score, minus the
 * row maximum, exp(…), the row sum, the division; the row's weights visibly sum to 1. Masked keys
 * are −∞ before and exactly 0 after; a fully masked row is explained rather than divided by 0.
 */
import { formatCell } from "../ui/format";
import type { TraceValue, WeightDrillValue } from "../../wasm/types";
import { el, quoted } from "../ui/dom";
import { line, numberTable, sumText } from "./drill-table";

export interface WeightCell {
  trace: TraceValue;
  head: number;
  /** Query row i and key column j (from 0). */
  i: number;
  j: number;
}

/** Sum of the weights as computed (the exact doubles, not the rounded texts). */
function total(xs: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < xs.length; i++) s += xs[i]!;
  return s;
}

/** The panel's parts for weight (i, j). */
export function renderWeightDrill(d: WeightDrillValue, cell: WeightCell): HTMLElement[] {
  const { trace, i, j } = cell;
  const q = quoted(trace.queryLabels[i]);
  const k = quoted(trace.keyLabels[j]);
  if (d.row.length === 0) return [line("No numbers for this cell.")];
  const name = `a[${i + 1},${j + 1}]`;
  const keys = Array.from({ length: d.row.length }, (_, c) => trace.keyLabels[c] ?? String(c + 1));
  const parts: HTMLElement[] = [
    el(
      "p",
      "dintro",
      `How much of its attention query ${q} (row ${i + 1}) gives key ${k} (column ${j + 1}): the softmax of row ${i + 1}, taken over the keys.`,
    ),
  ];
  if (d.fullyMasked) {
    parts.push(
      numberTable(`Row ${i + 1}: every key is masked`, keys, [
        { key: "scaled", label: "s̃ (masked)", values: d.row },
        { key: "weights", label: "weight", values: d.weights, className: "result" },
      ]),
      line(
        `Every key is masked for query ${q}: there is nothing to normalise (the sum of exp would be 0). By definition this row's weights are all exactly 0 and its output is 0; the step is flagged, never NaN.`,
        "drill-fully-masked",
        "dline masked-note",
      ),
      line(`${name} = ${formatCell(d.weight)}`, "drill-weight", "dline result"),
    );
    return parts;
  }
  parts.push(
    numberTable(
      `Row ${i + 1} of the scaled scores, step by step; column ${j + 1} is this cell`,
      keys,
      [
        { key: "scaled", label: "s̃ (scaled score)", values: d.row },
        { key: "shifted", label: `s̃ − max`, values: d.shifted },
        { key: "exps", label: "exp(s̃ − max)", values: d.exps },
        { key: "weights", label: "÷ sum = weight", values: d.weights, className: "result" },
      ],
      j,
    ),
    line(
      `max of the row = ${formatCell(d.max)} (subtracted first, so exp never overflows; the weights do not change)`,
      "drill-max",
    ),
    line(`sum of exp = ${sumText(d.exps)} = ${formatCell(d.sum)}`, "drill-expsum"),
    line(
      d.row[j] === -Infinity
        ? `${name} = 0 exactly: the mask hides key ${k}, and exp(−∞) = 0`
        : `${name} = exp(${formatCell(d.shifted[j]!)}) ÷ ${formatCell(d.sum)} = ${formatCell(d.exps[j]!)} ÷ ${formatCell(d.sum)} = ${formatCell(d.weight)}`,
      "drill-weight",
      "dline result",
    ),
    line(
      `The row sums to 1: ${sumText(d.weights)} = ${formatCell(total(d.weights))}`,
      "drill-rowsum",
      "dline result",
    ),
  );
  if (Array.from(d.row).some((x) => x === -Infinity)) {
    parts.push(
      line(
        "Masked keys have score −∞; exp(−∞) = 0, so their weight is exactly 0.",
        "drill-masked",
        "dline masked-note",
      ),
    );
  }
  return parts;
}
