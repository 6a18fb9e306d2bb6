/**
 * Every matrix of a trace as CSV: a header row of column labels, then one row per matrix row led
 * by its label (the token for token rows). Numbers at full precision (String(x) is the shortest
 * text that reads back as the same double); a masked −∞ is written "-inf".
 */
import { headName } from "../../state/stages";
import type { MatrixValue, TraceValue } from "../../wasm/types";

/** One exportable matrix: a name for the menu, a file name, the matrix and its axis labels. */
export interface CsvEntry {
  label: string;
  file: string;
  matrix: MatrixValue;
  rows: string[];
  cols: string[];
}

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
  add("W_Q", "W_Q", t.wQ, positions(t.wQ.rows));
  add("W_K", "W_K", t.wK, positions(t.wK.rows));
  add("W_V", "W_V", t.wV, positions(t.wV.rows));
  add("W_O", "W_O", t.wO, positions(t.wO?.rows ?? 0));
  // The biases the scenario has: one row each.
  add("b_Q", "b_Q", t.bQ, ["1"]);
  add("b_K", "b_K", t.bK, ["1"]);
  add("b_V", "b_V", t.bV, ["1"]);
  add("b_O", "b_O", t.bO, ["1"]);
  add("W_a (general score)", "W_a", t.wBilinear, positions(t.wBilinear?.rows ?? 0));
  add("W_1 (additive score)", "W_1", t.wAdditiveQ, positions(t.wAdditiveQ?.rows ?? 0));
  add("W_2 (additive score)", "W_2", t.wAdditiveK, positions(t.wAdditiveK?.rows ?? 0));
  add("v_a (additive score)", "v_a", t.vAdditive, positions(t.vAdditive?.rows ?? 0));
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
