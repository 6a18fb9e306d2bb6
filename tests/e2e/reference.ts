// A tiny reference implementation of one attention head in plain JavaScript (row vectors, as in
// docs/conventions.md), to check the page's numbers against values computed independently of the core.
import { readFileSync } from "node:fs";

export type Matrix = number[][];

/** (r, k) · (k, c) → (r, c). */
export function matmul(a: Matrix, b: Matrix): Matrix {
  return a.map((row) => b[0]!.map((_, c) => row.reduce((s, x, k) => s + x * b[k]![c]!, 0)));
}

export function transpose(a: Matrix): Matrix {
  return a[0]!.map((_, c) => a.map((row) => row[c]!));
}

/** Softmax of one row, subtracting the maximum first. */
export function softmax(row: number[]): number[] {
  const max = Math.max(...row);
  const exps = row.map((x) => Math.exp(x - max));
  const sum = exps.reduce((s, x) => s + x, 0);
  return exps.map((x) => x / sum);
}

/** A copy of `m` with cell (r, c) set to `value`. */
export function withCell(m: Matrix, r: number, c: number, value: number): Matrix {
  return m.map((row, i) => row.map((x, j) => (i === r && j === c ? value : x)));
}

/** Single-head self-attention without a mask: Q, the weights and the output. */
export function attention(
  x: Matrix,
  wq: Matrix,
  wk: Matrix,
  wv: Matrix,
  scaled = true,
): { q: Matrix; k: Matrix; scores: Matrix; weights: Matrix; output: Matrix } {
  const q = matmul(x, wq);
  const k = matmul(x, wk);
  const v = matmul(x, wv);
  const divisor = scaled ? Math.sqrt(wq[0]!.length) : 1;
  const scores = matmul(q, transpose(k));
  const weights = scores.map((row) => softmax(row.map((s) => s / divisor)));
  return { q, k, scores, weights, output: matmul(weights, v) };
}

/** A number as the page shows it in a cell: 4 decimals. */
export const cell = (x: number): string => x.toFixed(4);

/** The "From scratch" preset's matrices: the scenario file the page's preset is built from. */
export const SCRATCH: Record<"x_q" | "w_q" | "w_k" | "w_v", number[][]> = JSON.parse(
  readFileSync(new URL("../../examples/from-scratch.json", import.meta.url), "utf8"),
);
