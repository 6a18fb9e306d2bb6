/**
 * What each head of a trace does, in words with the figure behind them, read from its weights
 * A (m, n): "previous token: 0.62 of the weight on the token before", "sharp: 0.81 of a row's
 * weight on one key (chat → cat, noir → black, …)", or "spread". Also whether the weights are
 * random (generated from a seed), where a pattern would be chance.
 */
import type { MatrixValue, ScenarioFile, TraceValue } from "../wasm/types";

/** A head whose rows put this much (on average) on one key is called sharp. */
export const SHARP = 0.6;
/** A self-attention head putting this much on the previous (or its own) token is named so. */
export const POSITIONAL = 0.4;

const fixed2 = (x: number) => x.toFixed(2);

/** The mean of A[i][i + offset] over the rows that have that key and are not fully masked. */
function diagonalMean(w: MatrixValue, offset: number, skip: Set<number>): number {
  let sum = 0;
  let count = 0;
  for (let i = 0; i < w.rows; i++) {
    const j = i + offset;
    if (skip.has(i) || j < 0 || j >= w.cols) continue;
    sum += w.data[i * w.cols + j]!;
    count++;
  }
  return count > 0 ? sum / count : 0;
}

/** Each row's strongest key (-1 for a fully masked row) and the mean of the row maxima. */
function peaks(w: MatrixValue, skip: Set<number>): { keys: number[]; mean: number } {
  const keys: number[] = [];
  let sum = 0;
  for (let i = 0; i < w.rows; i++) {
    // The first of the row's largest (a plain loop: Math.max(...row) spread 512 arguments).
    let top = -Infinity;
    let key = -1;
    for (let j = 0, k = i * w.cols; j < w.cols; j++, k++) {
      const x = w.data[k]!;
      if (x > top) {
        top = x;
        key = j;
      }
    }
    keys.push(skip.has(i) ? -1 : key);
    if (!skip.has(i)) sum += top;
  }
  const rows = w.rows - skip.size;
  return { keys, mean: rows > 0 ? sum / rows : 0 };
}

/** One head's label: "previous token: 0.62 of the weight on the token before", … */
export function headLabel(t: TraceValue, head: number): string {
  const w = t.headTraces[head]!.weights;
  const skip = new Set(t.fullyMaskedQueries);
  if (t.selfAttention) {
    const before = diagonalMean(w, -1, skip);
    const itself = diagonalMean(w, 0, skip);
    if (before >= POSITIONAL && before >= itself) {
      return `previous token: ${fixed2(before)} of the weight on the token before`;
    }
    if (itself >= POSITIONAL) return `itself: ${fixed2(itself)} of the weight on its own token`;
  }
  const { keys, mean } = peaks(w, skip);
  if (mean >= SHARP) {
    const pairs = keys
      .map((k, i) => (k < 0 ? "" : `${t.queryLabels[i]} → ${t.keyLabels[k]}`))
      .filter((p) => p !== "");
    const shown = pairs.slice(0, 4).join(", ") + (pairs.length > 4 ? ", …" : "");
    return `sharp: ${fixed2(mean)} of a row's weight on one key on average (${shown})`;
  }
  return `spread: a row's largest weight is ${fixed2(mean)} on average (even would be ${fixed2(1 / w.cols)})`;
}

/** Whether the scenario's weights are drawn from its seed (none of W_Q, W_K, W_V written). */
export function randomWeightsNote(s: ScenarioFile): string | null {
  if (s.w_q || s.w_k || s.w_v) return null;
  return `Random weights (seed ${s.seed ?? 42}): no pattern to find; the maps show chance, not meaning.`;
}
