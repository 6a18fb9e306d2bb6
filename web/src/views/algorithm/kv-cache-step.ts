/**
 * A KV-cache decoding step t (0-based, as K[0..t] counts): token t's key and value are appended
 * to the cache, which then holds K[0..t] (t+1, d_k) and V[0..t] (t+1, d_v); q_t attends over
 * those rows only. Set beside row t of the standard causal weights and output, which it equals.
 */
import { el, quoted } from "../ui/dom";
import { formatShape } from "../ui/format";
import { whenLoaded } from "../../wasm/lazy-run";
import type { AlgorithmDifference } from "../../wasm/algorithm-types";
import type { TraceValue } from "../../wasm/types";
import type { AlgorithmData } from "./algorithm-data";
import { differenceText, largestDifference, rowOf, rowsTable, type Row } from "./tables";

/** Why decode with a cache, and how far its numbers are from the standard ones. */
export function kvCacheNote(t: TraceValue, d: AlgorithmDifference): string {
  return (
    `Generating text, a model computes one new token at a time: it keeps every earlier key and ` +
    `value in a cache and adds one row per token, so step t costs O(t) instead of recomputing ` +
    `all t + 1 rows, and the cache takes O(n) memory per head. The numbers are the standard ` +
    `ones up to rounding: over the ${t.numHeads} head${t.numHeads === 1 ? "" : "s"} of this ` +
    `scenario the largest difference is ${differenceText(d.weights)} in the weights and ` +
    `${differenceText(d.output)} in the outputs.`
  );
}

/** The cache rows shown at most (the latest). */
const CACHE_ROWS = 24;

const numbered = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, c) => `${prefix}${c + 1}`);

/** Step `index` of the head's decoding: its counter text and its content. */
export async function kvCacheStep(data: AlgorithmData, index: number) {
  const tr = data.result.trace;
  const step = data.decode![index]!;
  const t = step.t;
  const h = await whenLoaded(() => {
    const x = tr.headTraces[data.head]!;
    // With RoPE the cache holds the rotated keys, and q_t is rotated too.
    const q = x.qRotated ?? x.q;
    const k = x.kRotated ?? x.k;
    return { q, k, v: x.v, weights: x.weights, output: x.output };
  });
  const token = (j: number) => `${j} ${quoted(tr.keyLabels[j])}`;
  const box = el("div", "kv-step");
  // The cache first: on a phone it is on screen without scrolling.
  // A long sentence: the latest CACHE_ROWS rows, the ones before counted in the caption.
  const first = Math.max(0, step.cacheLen - CACHE_ROWS);
  const cache: Row[] = Array.from({ length: step.cacheLen - first }, (_, r) => {
    const j = first + r;
    return {
      label: j === t ? `${token(j)} appended` : token(j),
      values: [...rowOf(h.k, j), ...rowOf(h.v, j)],
      className: j === t ? "hl" : "",
    };
  });
  const cacheColumns = [...numbered("k", tr.dK), ...numbered("v", tr.dV)];
  box.append(
    rowsTable(
      `The cache after step ${t}: K[0..${t}] ${formatShape(step.cacheLen, tr.dK)} | V[0..${t}] ` +
        `${formatShape(step.cacheLen, tr.dV)}; row ${t} was appended now.` +
        (first > 0 ? ` Rows 0 to ${first - 1} are held too, not shown.` : ""),
      cacheColumns,
      cache,
    ),
  );
  box.append(
    el(
      "p",
      "algorithm-sentence",
      `Token t = ${t}, ${quoted(tr.queryLabels[t])}, arrives: its key k_${t} and value v_${t} ` +
        `are appended as row ${t} of the cache, which now holds K[0..${t}] ` +
        `${formatShape(step.cacheLen, tr.dK)} and V[0..${t}] ${formatShape(step.cacheLen, tr.dV)}. ` +
        `The new query q_${t} attends over these ${step.cacheLen} rows only; the earlier rows are ` +
        `read from the cache, not recomputed.`,
    ),
  );
  box.append(
    el(
      "p",
      "algorithm-shapes",
      `q_${t} (1×${tr.dK}) @ K[0..${t}]ᵀ (${tr.dK}×${step.cacheLen}) → scores 1×${step.cacheLen} → ` +
        `softmax → a_${t} (1×${step.cacheLen}) @ V[0..${t}] (${formatShape(step.cacheLen, tr.dV)}) → ` +
        `o_${t} (1×${tr.dV})`,
    ),
  );
  box.append(
    rowsTable(`The new query q_${t} (1×${tr.dK})`, numbered("q", tr.dK), [
      { label: `q_${t}`, values: rowOf(h.q, t) },
    ]),
  );
  box.append(...compared(data, step, h.weights, h.output, token));
  return { counter: `Step ${index + 1} of ${data.decode!.length}: t = ${t}`, content: box };
}

/** a_t and o_t beside row t of the standard weights and output, with the largest difference. */
function compared(
  data: AlgorithmData,
  step: NonNullable<AlgorithmData["decode"]>[number],
  weights: TraceValue["headTraces"][number]["weights"],
  output: TraceValue["headTraces"][number]["output"],
  token: (j: number) => string,
): HTMLElement[] {
  const t = step.t;
  const standardRow = rowOf(weights, t);
  const standardHead = standardRow.subarray(0, step.cacheLen);
  const later = standardRow.subarray(step.cacheLen);
  const keys = Array.from({ length: step.cacheLen }, (_, j) => token(j));
  const wTable = rowsTable(
    `Weights of q_${t} over the cache, beside row ${t} of the standard causal weights`,
    keys,
    [
      { label: `KV cache a_${t}`, values: step.weights, className: "hl" },
      { label: `standard A row ${t}`, values: standardHead },
    ],
  );
  const oTable = rowsTable(
    `Output o_${t} = a_${t} V[0..${t}], beside row ${t} of the standard output`,
    numbered("o", data.result.trace.dV),
    [
      { label: `KV cache o_${t}`, values: step.output, className: "hl" },
      { label: `standard row ${t}`, values: rowOf(output, t) },
    ],
  );
  const dw = largestDifference(step.weights, standardHead);
  const dout = largestDifference(step.output, rowOf(output, t));
  const zeros = later.every((x) => x === 0);
  const check = el(
    "p",
    "algorithm-check",
    `Row ${t} of the standard causal weights is what this step computed: largest difference ` +
      `${differenceText(dw)} (weights), ${differenceText(dout)} (output)` +
      (later.length > 0 && zeros
        ? `; the standard row's ${later.length} later key${later.length === 1 ? "" : "s"} ` +
          `weigh exactly 0 (the causal mask), so no cache row is needed for them.`
        : "."),
  );
  check.dataset.testid = "algorithm-check";
  return [wTable, oTable, check];
}
