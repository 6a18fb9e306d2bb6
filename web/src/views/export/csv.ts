/**
 * Every matrix of a trace as CSV: a header row of column labels, then one row per matrix row led
 * by its label (the token for token rows). Numbers at full precision (String(x) is the shortest
 * text that reads back as the same double); a masked −∞ is written "-inf".
 */
import { headName } from "../../state/stages";
import { MATRICES } from "../../wasm/registry";
import type { MatrixValue, TraceValue } from "../../wasm/types";
import { fieldOf } from "./trace-json";

/** One exportable matrix: a name for the menu, a file name, the matrix and its axis labels. */
export interface CsvEntry {
  label: string;
  file: string;
  matrix: MatrixValue;
  rows: string[];
  cols: string[];
}

/** The scenario's weights and biases (not its token rows, not a score kind's parameters). */
const PARAMETERS = MATRICES.filter(
  (m) => m.editable && m.score === "" && m.rows !== "m" && m.rows !== "n",
);
/** The score kinds' parameters (W_a, W_1, W_2, v_a); a trace has those of its kind only. */
const SCORE_PARAMETERS = MATRICES.filter((m) => m.score !== "");

const positions = (count: number) => Array.from({ length: count }, (_, i) => String(i + 1));

/**
 * A text field (a token or a label; numbers are written as they are), quoted when it holds a
 * comma, a quote or a line break. One that a spreadsheet would run as a formula (starting with
 * = + - @, a tab or a carriage return: a shared link's token "=HYPERLINK(…)") is written after a
 * ' and quoted, as OWASP's advice on CSV injection says, so it reads as text.
 */
export function csvField(s: string): string {
  const text = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\r\n]/.test(text) || text !== s ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A number as written in the CSV. */
export function csvNumber(x: number): string {
  if (x === -Infinity) return "-inf";
  if (x === Infinity) return "inf";
  return String(x);
}

/** The CSV text of `e`; `corner` names the first column ("query", "key" or "row"). */
export function toCsv(e: CsvEntry, corner = "row"): string {
  const { rows, cols, data } = e.matrix;
  const lines = [[corner, ...e.cols.slice(0, cols)].map(csvField).join(",")];
  for (let r = 0; r < rows; r++) {
    const values = Array.from(data.subarray(r * cols, (r + 1) * cols), csvNumber);
    lines.push([csvField(e.rows[r] ?? String(r + 1)), ...values].join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** The trace's matrices in the order of the computation. */
export function csvEntries(t: TraceValue): CsvEntry[] {
  const q = t.queryTokens;
  const k = t.keyTokens;
  const out: CsvEntry[] = [];
  const add = (
    label: string,
    file: string,
    m: MatrixValue | null,
    rows: string[],
    cols?: string[],
  ) => {
    if (m) out.push({ label, file, matrix: m, rows, cols: cols ?? positions(m.cols) });
  };
  add(t.selfAttention ? "X" : "X_q", t.selfAttention ? "X" : "X_q", t.xQ, q);
  if (!t.selfAttention) add("X_kv", "X_kv", t.xKv, k);
  // Weights and biases, then the score kind's parameters, each under its TeX name.
  for (const m of PARAMETERS) {
    const value = fieldOf(t, m.traceField);
    add(m.tex, m.tex, value, positions(value?.rows ?? 0));
  }
  for (const m of SCORE_PARAMETERS) {
    const value = fieldOf(t, m.traceField);
    add(`${m.tex} (${m.score} score)`, m.tex, value, positions(value?.rows ?? 0));
  }
  t.headTraces.forEach((h, i) => {
    const n = i + 1;
    const head = headName(i);
    add(`Q_${n} (${head})`, `Q_${n}`, h.q, q);
    add(`K_${n} (${head})`, `K_${n}`, h.k, k);
    add(`V_${n} (${head})`, `V_${n}`, h.v, k);
    add(`S_${n} scores (${head})`, `S_${n}`, h.scores, q, k);
    add(`S̃_${n} scaled (${head})`, `S_scaled_${n}`, h.scaled, q, k);
    add(`Ŝ_${n} masked (${head})`, `S_masked_${n}`, h.masked, q, k);
    add(`A_${n} weights (${head})`, `A_${n}`, h.weights, q, k);
    add(`O_${n} output (${head})`, `O_${n}`, h.output, q);
  });
  add("Concat", "Concat", t.concat, q);
  add("Y (output)", "Y", t.output, q);
  return out;
}
