/**
 * FlashAttention's steps: one per tile (the grid, the score tile, and the update of m, ℓ and O
 * with its numbers), then the divide by ℓ, then the weights recovered from L = m + log ℓ and
 * set beside the standard ones.
 */
import { el } from "../ui/dom";
import { formatCell } from "../ui/format";
import { whenLoaded } from "../../wasm/lazy-run";
import type { AlgorithmDifference, FlashTileDetail, FlashValue } from "../../wasm/algorithm-types";
import type { MatrixValue, TraceValue } from "../../wasm/types";
import { attentionOf, type AlgorithmData, type AlgorithmDeps } from "./algorithm-data";
import { tileGrid } from "./flash-grid";
import { differenceText, matrixTable, rowsTable } from "./tables";
import { finalSteps } from "./flash-final";

/** The tiles, then "divide by ℓ", then "recover the weights". */
export const flashStepCount = (f: FlashValue) => f.tiles.length + 2;

/** Why tiles, and how far the numbers are from the standard ones. */
export function flashNote(t: TraceValue, d: AlgorithmDifference): string {
  const m = t.queryTokens.length;
  const n = t.keyTokens.length;
  return (
    `FlashAttention never forms the ${m}×${n} score matrix: it holds one B_r×B_c tile of scores ` +
    `at a time, and per query only its running maximum m, running sum ℓ and a row of O, so its ` +
    `memory grows as O(n), not O(n²); what it saves for the backward pass is L = m + log ℓ, one ` +
    `number per query. The numbers are the standard ones up to rounding: over the ` +
    `${t.numHeads} head${t.numHeads === 1 ? "" : "s"} of this scenario the largest difference is ` +
    `${differenceText(d.output)} in the outputs and ${differenceText(d.weights)} in the recovered weights.`
  );
}

/** Step `index`: a tile, or one of the two last steps. */
export async function flashStep(deps: AlgorithmDeps, data: AlgorithmData, index: number) {
  const f = data.flash!;
  const total = flashStepCount(f);
  if (index >= f.tiles.length) return finalSteps(deps, data, index - f.tiles.length, total);
  const att = attentionOf(deps);
  const tile = await att.algorithm<FlashTileDetail>(data.scenario, {
    kind: "tile",
    head: data.head,
    blockQ: f.blockQ,
    blockK: f.blockK,
    index,
  });
  const v = await whenLoaded(() => data.result.trace.headTraces[data.head]!.v);
  return {
    counter: `Step ${index + 1} of ${total}: tile ${index + 1} of ${f.tiles.length}`,
    content: tileContent(data, tile, v),
  };
}

const label = (t: TraceValue, side: "queryLabels" | "keyLabels", i: number) =>
  `${i} '${t[side][i] ?? "?"}'`;

/** The grid, what the tile is, its scores, the update table and the accumulator O. */
function tileContent(data: AlgorithmData, d: FlashTileDetail, v: MatrixValue): HTMLElement {
  const t = data.result.trace;
  const f = data.flash!;
  const box = el("div", "flash-step");
  const vBlock = {
    rows: d.cols,
    cols: v.cols,
    data: v.data.subarray(d.col0 * v.cols, (d.col0 + d.cols) * v.cols),
  };
  const queries = Array.from({ length: d.rows }, (_, r) => label(t, "queryLabels", d.row0 + r));
  const keys = Array.from({ length: d.cols }, (_, c) => label(t, "keyLabels", d.col0 + c));
  box.append(
    tileGrid(f, t.queryTokens.length, t.keyTokens.length, d.index),
    el(
      "p",
      "algorithm-sentence",
      `Tile ${d.index + 1}: queries ${queries.join(", ")} meet keys ${keys.join(", ")}. ` +
        `Only this ${d.rows}×${d.cols} tile of scores exists now: S = Q_block K_blockᵀ` +
        `${t.scoreName === "scaled_dot" ? " / √d_k" : ""}, −∞ where the mask hides a key.`,
    ),
    matrixTable(`Score tile S (${d.rows}×${d.cols})`, d.s, queries, keys),
    updateTable(d, queries),
    el(
      "p",
      "algorithm-formula",
      "m_new = max(m_old, max_j S_j)   ℓ_new = e^(m_old − m_new)·ℓ_old + Σ_j e^(S_j − m_new)",
    ),
    ...liveNumbers(d, queries),
    el(
      "p",
      "algorithm-formula",
      "O_new = diag(e^(m_old − m_new))·O_old + P·V_block, with P = e^(S − m_new)",
    ),
    matrixTable(`P = e^(S − m_new) (${d.rows}×${d.cols})`, d.p, queries, keys),
    matrixTable(`V_block: the tile's rows of V (${d.cols}×${t.dV})`, vBlock, keys, "v"),
    matrixTable(
      `O before the tile (${d.rows}×${t.dV}, not yet divided by ℓ)`,
      d.oOld,
      queries,
      "o",
    ),
    matrixTable(`O after the tile`, d.oNew, queries, "o"),
  );
  return box;
}

/** Row r's largest score in the tile (−∞ when the mask hides every key of it). */
const tileMax = (d: FlashTileDetail, r: number) =>
  Math.max(...Array.from(d.s.data.subarray(r * d.cols, (r + 1) * d.cols)));

/** Per row: m_old, the tile's max, m_new, the factor, ℓ_old, Σ P, ℓ_new. */
function updateTable(d: FlashTileDetail, queries: string[]): HTMLElement {
  const rows = queries.map((label, r) => {
    return {
      label,
      values: [
        d.mOld[r]!,
        tileMax(d, r),
        d.m[r]!,
        d.rescale[r]!,
        d.lOld[r]!,
        d.rowSum[r]!,
        d.l[r]!,
      ],
    };
  });
  const columns = ["m_old", "max_j S", "m_new", "e^(m_old − m_new)", "ℓ_old", "Σ_j P", "ℓ_new"];
  return rowsTable(
    "The running maximum m and sum ℓ of each query, before and after the tile",
    columns,
    rows,
  );
}

/** ℓ's update with its numbers, row by row ("ℓ = 0.6065 × 1.0000 + 1.2345 = 1.8410"). */
function liveNumbers(d: FlashTileDetail, queries: string[]): HTMLElement[] {
  return queries.map((q, r) => {
    const p = el("p", "algorithm-live");
    p.dataset.testid = "flash-live";
    p.textContent =
      d.m[r] === -Infinity
        ? `${q}: no visible key yet: m stays −∞, ℓ stays 0.`
        : `${q}: m = max(${formatCell(d.mOld[r]!)}, ${formatCell(tileMax(d, r))}) = ${formatCell(d.m[r]!)};  ` +
          `ℓ = ${formatCell(d.rescale[r]!)} × ${formatCell(d.lOld[r]!)} + ` +
          `${formatCell(d.rowSum[r]!)} = ${formatCell(d.l[r]!)}`;
    return p;
  });
}
