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

const positions = (count: number) => Array.from({ length: count }, (_, i) => String(i + 1));

/** The inputs whose rows are tokens (X_q, X_kv). */
const TOKEN_INPUTS = MATRICES.filter((m) => m.editable && (m.rows === "m" || m.rows === "n"));
/** The scenario's weights and biases (not its token rows, not a score kind's parameters). */
const PARAMETERS = MATRICES.filter(
  (m) => m.editable && m.score === "" && m.rows !== "m" && m.rows !== "n",
);
/** The score kinds' parameters (W_a, W_1, W_2, v_a); a trace has those of its kind only. */
const SCORE_PARAMETERS = MATRICES.filter((m) => m.score !== "");
/** A head's matrices (every one), each under its CSV label and file name ({h}: its number). */
/** A head's matrices with a CSV name (lse has none); absent ones (no RoPE, no ALiBi) skipped. */
const HEAD_MATRICES = MATRICES.filter((m) => m.perHead && m.csvLabel !== "");
/** The whole trace's computed matrices the CSV has (Concat, Y). */
const COMPUTED = MATRICES.filter((m) => !m.editable && !m.perHead && m.csvLabel !== "");

/** A row label of the matrix by its shape rule: the query or key tokens, else 1, 2, … */
function axis(t: TraceValue, dim: string, count: number): string[] {
  if (dim === "m") return t.queryTokens;
  if (dim === "n") return t.keyTokens;
  return positions(count);
}

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
  // The token rows: in self-attention one matrix, X, which the keys and values share.
  for (const m of TOKEN_INPUTS) {
    if (t.selfAttention && m.rows === "n") continue;
    const name = t.selfAttention ? "X" : m.csvLabel;
    add(name, name, fieldOf(t, m.traceField), axis(t, m.rows, 0));
  }
  // Weights and biases, then the score kind's parameters, each under its CSV name (its TeX).
  for (const m of PARAMETERS) {
    const value = fieldOf(t, m.traceField);
    add(m.csvLabel, m.csvFile, value, positions(value?.rows ?? 0));
  }
  for (const m of SCORE_PARAMETERS) {
    const value = fieldOf(t, m.traceField);
    add(`${m.csvLabel} (${m.score} score)`, m.csvFile, value, positions(value?.rows ?? 0));
  }
  t.headTraces.forEach((h, i) => {
    const n = String(i + 1);
    for (const m of HEAD_MATRICES) {
      const value = h[m.traceField];
      if (!value) continue;
      const cols = m.cols === "n" ? k : undefined;
      const label = `${m.csvLabel.replace("{h}", n)} (${headName(i)})`;
      add(label, m.csvFile.replace("{h}", n), value, axis(t, m.rows, value.rows), cols);
    }
  });
  for (const m of COMPUTED) {
    const value = fieldOf(t, m.traceField);
    add(m.csvLabel, m.csvFile, value, axis(t, m.rows, value?.rows ?? 0));
  }
  return out;
}
