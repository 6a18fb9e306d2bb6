/**
 * Drill-down of one score cell (i, j): q and k side by side with their elementwise products and
 * the sum, then the scaling; for "general" also q W_a, for "additive" the hidden vectors, tanh,
 * v_a and the products. A masked cell says that the mask turns it into −∞.
 */
import { formatCell } from "../ui/format";
import { ScoreKind } from "../../wasm/enums";
import type { ScoreDrillValue, TraceValue } from "../../wasm/types";
import { el, quoted } from "../ui/dom";
import { line, numberTable, sumText, type NumberRow } from "./drill-table";

export interface ScoreCell {
  trace: TraceValue;
  head: number;
  /** Query row i and key column j (from 0). */
  i: number;
  j: number;
}

const positions = (n: number) => Array.from({ length: n }, (_, c) => String(c + 1));

/** "sum = a + b + c = s" (the sum of the products is the raw score). */
function sumLine(d: ScoreDrillValue, what: string): HTMLElement {
  const count = d.products.length > 10 ? ` (${d.products.length} terms)` : "";
  return line(
    `${what}: sum of the products${count} = ${sumText(d.products)} = ${formatCell(d.sum)}`,
    "drill-sum",
    "dline result",
  );
}

/** The ÷√d_k step of scaled dot-product attention, or why there is none. */
function scaleLine(d: ScoreDrillValue, dK: number): HTMLElement {
  if (d.kind === ScoreKind.ScaledDot) {
    return line(
      `scaled: ${formatCell(d.sum)} ÷ √${dK} = ${formatCell(d.sum)} ÷ ${formatCell(d.divisor)} = ${formatCell(d.scaled)}`,
      "drill-scaled",
      "dline result",
    );
  }
  return line(
    `This scoring function does not divide by √d_k: the scaled score equals the score, ${formatCell(d.scaled)}.`,
    "drill-scaled",
  );
}

/** The rows of numbers for each scoring function. */
function tables(d: ScoreDrillValue, q: string, k: string): HTMLElement[] {
  const qRow: NumberRow = { key: "q", label: `q (${q})`, values: d.q };
  const kRow: NumberRow = { key: "k", label: `k (${k})`, values: d.k };
  const dk = positions(d.q.length);
  switch (d.kind) {
    case ScoreKind.Dot:
    case ScoreKind.ScaledDot:
      return [
        numberTable("q and k side by side, and their elementwise products", dk, [
          qRow,
          kRow,
          { key: "products", label: "q ⊙ k", values: d.products, className: "result" },
        ]),
      ];
    case ScoreKind.General:
      return [
        numberTable("q mapped by W_a, then multiplied elementwise with k", dk, [
          qRow,
          { key: "q-mapped", label: "q W_a", values: d.qMapped },
          kRow,
          { key: "products", label: "(q W_a) ⊙ k", values: d.products, className: "result" },
        ]),
      ];
    case ScoreKind.Additive: {
      const da = positions(d.hidden.length);
      return [
        numberTable("q and k side by side", dk, [qRow, kRow]),
        numberTable("Both mapped to d_a, added and squashed by tanh, then weighted by v_a", da, [
          { key: "hidden-q", label: "q W_1", values: d.hiddenQ },
          { key: "hidden-k", label: "k W_2", values: d.hiddenK },
          { key: "hidden", label: "tanh(q W_1 + k W_2)", values: d.hidden },
          { key: "v-a", label: "v_a", values: d.vA },
          { key: "products", label: "v_a ⊙ tanh(…)", values: d.products, className: "result" },
        ]),
      ];
    }
  }
}

const WHAT: Record<ScoreKind, string> = {
  [ScoreKind.Dot]: "q · k",
  [ScoreKind.ScaledDot]: "q · k",
  [ScoreKind.General]: "q W_a kᵀ",
  [ScoreKind.Additive]: "v_aᵀ tanh(q W_1 + k W_2)",
};

/** The panel's parts for score cell (i, j). */
export function renderScoreDrill(d: ScoreDrillValue, cell: ScoreCell): HTMLElement[] {
  const { trace, i, j } = cell;
  const q = quoted(trace.queryLabels[i]);
  const k = quoted(trace.keyLabels[j]);
  if (d.q.length === 0) return [line("No numbers for this cell.")];
  const parts: HTMLElement[] = [
    el(
      "p",
      "dintro",
      `How much query ${q} (row ${i + 1}) matches key ${k} (column ${j + 1}): the score is ${WHAT[d.kind]}.`,
    ),
    ...tables(d, q, k),
    sumLine(d, WHAT[d.kind]),
    scaleLine(d, trace.dK),
  ];
  if (d.masked) {
    parts.push(
      line(
        `The mask hides key ${k} from query ${q}: the masked score is −∞, so after the softmax this key gets a weight of exactly 0.`,
        "drill-masked",
        "dline masked-note",
      ),
    );
  }
  return parts;
}
