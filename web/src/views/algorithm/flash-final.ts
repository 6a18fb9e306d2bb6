/**
 * FlashAttention's two last steps: each row of O divided by its ℓ (the output, beside the
 * standard one), and the weights recovered from the saved L = m + log ℓ, a_ij = e^(s_ij − L_i)
 * (beside the standard weights). m and ℓ are each query block's values after its last tile.
 */
import { el } from "../ui/dom";
import { formatCell } from "../ui/format";
import { whenLoaded } from "../../wasm/lazy-run";
import type { FlashTileDetail, FlashValue } from "../../wasm/algorithm-types";
import type { MatrixValue } from "../../wasm/types";
import { attentionOf, type AlgorithmData, type AlgorithmDeps } from "./algorithm-data";
import { differenceText, largestDifference, matrixTable, rowsTable } from "./tables";

/** Per query: m and ℓ after its block's last tile (−∞ and 0 when it saw no key). */
function finalRunning(f: FlashValue, m: number) {
  const mOf = new Float64Array(m).fill(-Infinity);
  const lOf = new Float64Array(m);
  for (const t of f.tiles) {
    t.m.forEach((x, r) => (mOf[t.qBlock * f.blockQ + r] = x));
    t.l.forEach((x, r) => (lOf[t.qBlock * f.blockQ + r] = x));
  }
  return { mOf, lOf };
}

/** The unnormalised O of every query: each block's O after its last tile (zeros without one). */
async function finalO(deps: AlgorithmDeps, data: AlgorithmData, m: number, dV: number) {
  const f = data.flash!;
  const last = new Map<number, number>();
  f.tiles.forEach((t, i) => last.set(t.qBlock, i));
  const o: MatrixValue = { rows: m, cols: dV, data: new Float64Array(m * dV) };
  const att = attentionOf(deps);
  const details = await Promise.all(
    [...last.values()].map((index) =>
      att.algorithm<FlashTileDetail>(data.scenario, {
        kind: "tile",
        head: data.head,
        blockQ: f.blockQ,
        blockK: f.blockK,
        index,
      }),
    ),
  );
  for (const d of details) o.data.set(d.oNew.data, d.row0 * dV);
  return o;
}

/** Step `which` (0: divide by ℓ; 1: recover the weights) of `total`. */
export async function finalSteps(
  deps: AlgorithmDeps,
  data: AlgorithmData,
  which: number,
  total: number,
) {
  const t = data.result.trace;
  const m = t.queryTokens.length;
  const queries = t.queryLabels.map((q, i) => `${i} '${q}'`);
  const standard = await whenLoaded(() => {
    const h = t.headTraces[data.head]!;
    return { output: h.output, weights: h.weights, masked: h.masked };
  });
  const { mOf, lOf } = finalRunning(data.flash!, m);
  const box = el("div", "flash-step");
  const counter = `Step ${total - 1 + which} of ${total}: ${which === 0 ? "divide by ℓ" : "recover the weights"}`;
  if (which === 0) {
    const o = await finalO(deps, data, m, t.dV);
    box.append(
      el(
        "p",
        "algorithm-sentence",
        `Every key block is folded in: each row of O is divided by its sum ℓ, once, at the end (a query that saw no key keeps a row of zeros).`,
      ),
      el("p", "algorithm-formula", "output_i = O_i / ℓ_i"),
      rowsTable(
        "ℓ of each query after its last tile",
        ["ℓ"],
        queries.map((label, i) => ({ label, values: [lOf[i]!] })),
      ),
      matrixTable(`O before the divide (${m}×${t.dV})`, o, queries, "o"),
      matrixTable(
        `O / ℓ: FlashAttention's output (${m}×${t.dV})`,
        data.flash!.output,
        queries,
        "o",
      ),
      check(
        `Beside the standard output of this head`,
        largestDifference(data.flash!.output.data, standard.output.data),
        "output",
      ),
    );
    return { counter, content: box };
  }
  const L = Array.from(mOf, (x, i) => (lOf[i]! > 0 ? x + Math.log(lOf[i]!) : NaN));
  box.append(
    el(
      "p",
      "algorithm-sentence",
      `FlashAttention stores no weights. The backward pass keeps L = m + log ℓ, one number per query, and recovers any weight from its score: a_ij = e^(s_ij − L_i). They are the softmax's weights, because Σ_j e^(s_ij − m) = ℓ.`,
    ),
    el("p", "algorithm-formula", "L_i = m_i + log ℓ_i    a_ij = e^(s_ij − L_i)"),
    rowsTable(
      "L per query (NaN: a query with no visible key has no L and weights 0)",
      ["m", "ℓ", "L"],
      queries.map((label, i) => ({ label, values: [mOf[i]!, lOf[i]!, L[i]!] })),
    ),
    oneWeight(standard.masked, data.flash!.weights, L, t.keyLabels),
    matrixTable(
      `Weights recovered from L (${m}×${t.keyTokens.length})`,
      data.flash!.weights,
      queries,
      keyNames(t.keyLabels),
    ),
    check(
      `Beside the standard weights of this head`,
      largestDifference(data.flash!.weights.data, standard.weights.data),
      "weights",
    ),
  );
  return { counter, content: box };
}

const keyNames = (labels: string[]) => labels.map((k, j) => `${j} '${k}'`);

/** The last query's first key, worked: "a_6,0 = e^(s − L) = e^(0.1234 − 1.7826) = 0.0633". */
function oneWeight(s: MatrixValue, a: MatrixValue, L: number[], keys: string[]): HTMLElement {
  const i = s.rows - 1;
  const j = Math.max(
    0,
    keys.findIndex((_, c) => s.data[i * s.cols + c] !== -Infinity),
  );
  const p = el("p", "algorithm-live");
  p.textContent =
    `For example a_${i},${j} = e^(s_${i},${j} − L_${i}) = e^(${formatCell(s.data[i * s.cols + j]!)} − ` +
    `${formatCell(L[i]!)}) = ${formatCell(a.data[i * a.cols + j]!)}`;
  return p;
}

function check(text: string, d: number, what: string): HTMLElement {
  const p = el(
    "p",
    "algorithm-check",
    `${text}: the largest difference is ${differenceText(d)} (${what}).`,
  );
  p.dataset.testid = "algorithm-check";
  return p;
}
