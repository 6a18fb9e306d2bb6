/**
 * What a head measurably does on one text, from its causal weights A (T, T) over the text's ids.
 * Pure: no DOM. Each figure is a mean over the queries i ≥ 1 (query 0 sees only itself):
 *   previous-token  A[i][i − 1]
 *   first-token     A[i][0] (the first key: BOS, where heads with nothing to do often park)
 *   same-token      the weight on keys j ≤ i holding the query's own token (itself included)
 *   induction       the weight on keys j + 1 after an earlier occurrence j < i − 1 of the query's
 *                   token (only queries whose token occurred before; null if none did)
 *   broad           the entropy of row i over its i + 1 keys, divided by log(i + 1): 1 is even
 * The label is the largest of the first four that reaches 0.3 (the induction test's level) and
 * twice what an even head would score by that rule on the same text (on a short text an even
 * head already puts 1/2 of query 1 on the first token); else "broad" with its spread.
 */
import type { MatrixValue } from "../wasm/types";

export type HeadRole = "previous-token" | "induction" | "first-token" | "same-token" | "broad";

export interface HeadReading {
  role: HeadRole;
  /** The figure behind the label. */
  score: number;
  scores: Record<HeadRole, number | null>;
}

/** The label's level: a head putting this much weight on one rule does it. */
export const ROLE_LEVEL = 0.3;

const at = (a: MatrixValue, i: number, j: number) => a.data[i * a.cols + j]!;

function mean(xs: number[]): number | null {
  return xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : null;
}

/** Row i's entropy over keys 0..i divided by log(i + 1). */
function spread(a: MatrixValue, i: number): number {
  let h = 0;
  for (let j = 0; j <= i; j++) {
    const p = at(a, i, j);
    if (p > 0) h -= p * Math.log(p);
  }
  return h / Math.log(i + 1);
}

/** Query i's induction weight, or null when its token did not occur before i − 1. */
function induction(a: MatrixValue, ids: readonly number[], i: number): number | null {
  let w = 0;
  let found = false;
  for (let j = 0; j < i - 1; j++) {
    if (ids[j] !== ids[i]) continue;
    found = true;
    w += at(a, i, j + 1);
  }
  return found ? w : null;
}

function sameToken(a: MatrixValue, ids: readonly number[], i: number): number {
  let w = 0;
  for (let j = 0; j <= i; j++) if (ids[j] === ids[i]) w += at(a, i, j);
  return w;
}

/** An even causal head over T tokens: row i is 1 / (i + 1) on keys 0..i. */
function evenHead(T: number): MatrixValue {
  const data = new Float64Array(T * T);
  for (let i = 0; i < T; i++) for (let j = 0; j <= i; j++) data[i * T + j] = 1 / (i + 1);
  return { rows: T, cols: T, data };
}

/** The reading of head weights `a` (T, T) over `ids` (T); T ≥ 2, else every figure is null. */
export function readHead(a: MatrixValue, ids: readonly number[]): HeadReading {
  const scores = figures(a, ids);
  const even = figures(evenHead(a.rows), ids);
  let role: HeadRole = "broad";
  let score = scores.broad ?? 0;
  for (const r of ["previous-token", "induction", "first-token", "same-token"] as const) {
    const s = scores[r];
    const clear = s !== null && s >= ROLE_LEVEL && s >= 2 * (even[r] ?? 0);
    if (clear && (role === "broad" || s > score)) {
      role = r;
      score = s;
    }
  }
  return { role, score, scores };
}

/** Each rule's figure for `a` over `ids`. */
function figures(a: MatrixValue, ids: readonly number[]): Record<HeadRole, number | null> {
  const cols = { prev: [] as number[], first: [] as number[], same: [] as number[] };
  const ind: number[] = [];
  const broad: number[] = [];
  for (let i = 1; i < a.rows; i++) {
    cols.prev.push(at(a, i, i - 1));
    cols.first.push(at(a, i, 0));
    cols.same.push(sameToken(a, ids, i));
    broad.push(spread(a, i));
    const w = induction(a, ids, i);
    if (w !== null) ind.push(w);
  }
  return {
    "previous-token": mean(cols.prev),
    induction: mean(ind),
    "first-token": mean(cols.first),
    "same-token": mean(cols.same),
    broad: mean(broad),
  };
}
