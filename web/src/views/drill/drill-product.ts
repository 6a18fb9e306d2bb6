/**
 * Drill-down of a cell that is a row times a column: component c of head h's q, k or v for one
 * token (a row of X times a column of W_Q, W_K or W_V) and the final output y_ic (a row of Concat
 * times a column of W_O), plus the bias's entry when the scenario has one. Every term in a table
 * that scrolls when long (d_model 512), the largest terms named and marked, the bias term, the sum,
 * and the value the trace stores.
 */
import { formatCell } from "../ui/format";
import type { ProductDrillValue, TraceValue } from "../../wasm/types";
import { el, quoted } from "../ui/dom";
import { line, sumText, termTable } from "./drill-table";

/** Which matrix the cell is in: a head's Q, K or V, or the final output Y. */
export type ProductKind = "q" | "k" | "v" | "y";

export interface ProductCell {
  trace: TraceValue;
  kind: ProductKind;
  /** The head (unused for y). */
  head: number;
  /** Stored row i (a query; a key for k and v) and column c, from 0. */
  i: number;
  c: number;
  /** The matrix as labelled on screen, e.g. "Q_2" or "Y". */
  name: string;
}

/** From this many terms on, the largest few are named and marked. */
const MANY = 11;
const LARGEST = 5;

/** Indices of the `count` largest terms by size, largest first (ties: lower index first). */
export function largestTerms(terms: ArrayLike<number>, count: number): number[] {
  return Array.from(terms, (_, l) => l)
    .sort((a, b) => Math.abs(terms[b]!) - Math.abs(terms[a]!) || a - b)
    .slice(0, count);
}

/** The words of a q, k or v cell: the vector's name, the token, X and W. */
function projectionWords(cell: ProductCell) {
  const { trace, kind, i } = cell;
  const self = trace.selfAttention;
  const query = kind === "q";
  return {
    vector: query ? "query" : kind === "k" ? "key" : "value",
    token: quoted(query ? trace.queryLabels[i] : trace.keyLabels[i]),
    x: self ? "X" : query ? "X_q" : "X_kv",
    w: query ? "W_Q" : kind === "k" ? "W_K" : "W_V",
  };
}

/** The bias of a cell's matrix: b_Q, b_K, b_V, or b_O for Y. */
const BIAS: Record<ProductKind, string> = { q: "b_Q", k: "b_K", v: "b_V", y: "b_O" };

/** "b_Q[5]": the bias's entry the cell adds, counted from 1. */
const biasEntry = (d: ProductDrillValue, kind: ProductKind) => `${BIAS[kind]}[${d.wColumn + 1}]`;

/** " + 0.2500" or " − 0.2500": a term after others, signed as sumText writes them. */
const signed = (x: number) => (x < 0 ? ` − ${formatCell(-x)}` : ` + ${formatCell(x)}`);

/** The bias term's own line: "Bias term: b_Q[5] = 0.7500, added to the sum of the products …". */
function biasLine(d: ProductDrillValue, kind: ProductKind): HTMLElement {
  return line(
    `Bias term: ${biasEntry(d, kind)} = ${formatCell(d.bias)}, added to the sum of the products (the same bias row is added to every token's row).`,
    "drill-product-bias",
  );
}

/** Head h's share of y: the sum of its block of d_v terms, for each head. */
function byHead(terms: Float64Array, dV: number): string {
  const heads = Math.round(terms.length / dV);
  const parts = Array.from({ length: heads }, (_, h) => {
    const share = terms.subarray(h * dV, (h + 1) * dV).reduce((a, b) => a + b, 0);
    return `head ${h + 1} ${formatCell(share)}`;
  });
  return `By head (each head's ${dV} terms summed): ${parts.join(", ")}.`;
}

/** The panel's parts for a Q, K, V or Y cell. */
export function renderProductDrill(d: ProductDrillValue, cell: ProductCell): HTMLElement[] {
  const { trace, kind, head, i, c, name } = cell;
  if (d.row.length === 0) return [line("No numbers for this cell.")];
  const at = `${kind}[${i + 1},${c + 1}]`;
  const count = d.terms.length;
  let intro: string;
  let labels: string[];
  let rowHeader: string;
  let colHeader: string;
  if (kind === "y") {
    const q = quoted(trace.queryLabels[i]);
    if (!d.product) {
      return [
        el("p", "dintro", `Dimension ${c + 1} of the final output for ${q}.`),
        line(
          `This scenario has no W_O: the output is Concat itself, ${at} = concat[${i + 1},${c + 1}] = ${formatCell(d.sum)}.`,
          "drill-product-sum",
          "dline result",
        ),
      ];
    }
    intro = `Dimension ${c + 1} of the final output for ${q}: row ${i + 1} of Concat (every head's output side by side, ${count} numbers) times column ${c + 1} of W_O${d.hasBias ? ", plus its bias" : ""}. ${at} = Σ_l concat[${i + 1},l] × W_O[l,${c + 1}]${d.hasBias ? ` + ${biasEntry(d, kind)}` : ""}.`;
    labels = Array.from(d.terms, (_, l) => `${l + 1} (head ${Math.floor(l / trace.dV) + 1})`);
    [rowHeader, colHeader] = [`concat[${i + 1},l]`, `W_O[l,${c + 1}]`];
  } else {
    const words = projectionWords(cell);
    const column =
      trace.numHeads > 1
        ? `column ${c + 1} of head ${head + 1}'s block of ${words.w}, which is column ${d.wColumn + 1} of the whole ${words.w}`
        : `column ${c + 1} of ${words.w}`;
    intro = `Component ${c + 1} of the ${words.vector} vector of ${words.token}${trace.numHeads > 1 ? ` in head ${head + 1}` : ""}: row ${i + 1} of ${words.x} (the token's input vector, ${count} numbers) times ${column}${d.hasBias ? `, plus entry ${d.wColumn + 1} of the bias ${BIAS[kind]}` : ""}. ${at} = Σ_l x[${i + 1},l] × ${words.w}[l,${d.wColumn + 1}]${d.hasBias ? ` + ${biasEntry(d, kind)}` : ""}.`;
    labels = Array.from(d.terms, (_, l) => String(l + 1));
    [rowHeader, colHeader] = [`x[${i + 1},l]`, `${words.w}[l,${d.wColumn + 1}]`];
  }
  const largest = count >= MANY ? largestTerms(d.terms, LARGEST) : [];
  const parts: HTMLElement[] = [
    el("p", "dintro", intro),
    termTable(
      `Each term: the row's number l times the column's number l (${count} terms)`,
      labels,
      [
        { header: rowHeader, values: d.row },
        { header: colHeader, values: d.column },
        { header: "product", values: d.terms },
      ],
      new Set(largest),
    ),
    ...(d.hasBias ? [biasLine(d, kind)] : []),
    line(
      `${at} = ${sumText(d.terms)}${d.hasBias ? `${signed(d.bias)} (bias)` : ""} = ${formatCell(d.sum)}${count >= MANY ? ` (${count} terms)` : ""}`,
      "drill-product-sum",
      "dline result",
    ),
  ];
  if (largest.length > 0) {
    const named = largest.map((l) => `${labels[l]}: ${formatCell(d.terms[l]!)}`).join("; ");
    parts.push(
      line(`The ${LARGEST} largest terms by size (marked in the table): ${named}`, "drill-largest"),
    );
  }
  if (kind === "y" && trace.numHeads > 1)
    parts.push(line(byHead(d.terms, trace.dV), "drill-by-head"));
  parts.push(
    line(
      `${name}[${i + 1},${c + 1}] as the trace stores it (the whole matrix product at once${d.hasBias ? ", plus the bias" : ""}) = ${formatCell(d.stored)}`,
      "drill-stored",
    ),
  );
  return parts;
}
