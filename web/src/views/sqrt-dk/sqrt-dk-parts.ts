/**
 * Pieces of the √d_k experiment view that are plain markup: the sweep's numbers grouped by d_k,
 * the table of every number, the comparison of the current row with and without scaling, and the
 * sentence that says what the charts show.
 */
import type { SweepMeasures, SweepPointValue } from "../../wasm/types";
import { escapeHtml } from "../matrix/matrix-model";

/** The sweep as one column per measure: index i is d_k = dims[i]; `draws` per point. */
export interface SweepSeries {
  dims: number[];
  draws: number;
  unscaled: SweepPointValue[];
  scaled: SweepPointValue[];
}

export function groupSweep(points: readonly SweepPointValue[]): SweepSeries {
  const dims = [...new Set(points.map((p) => p.dK))];
  const pick = (d: number, scaled: boolean) =>
    points.find((p) => p.dK === d && p.scaled === scaled)!;
  return {
    dims,
    draws: points[0]?.draws ?? 0,
    unscaled: dims.map((d) => pick(d, false)),
    scaled: dims.map((d) => pick(d, true)),
  };
}

const SUPERSCRIPT: Record<string, string> = {
  "-": "⁻",
  "0": "⁰",
  "1": "¹",
  "2": "²",
  "3": "³",
  "4": "⁴",
  "5": "⁵",
  "6": "⁶",
  "7": "⁷",
  "8": "⁸",
  "9": "⁹",
};

/** A measured value: 4 decimals, or 3 significant digits in exponent form when tiny or huge. */
export function fmt(x: number): string {
  if (x === 0) return "0";
  const a = Math.abs(x);
  if (a >= 1e-3 && a < 1e5) return x.toFixed(4);
  const [mantissa, exponent] = x.toExponential(2).split("e");
  const sup = [...String(Number(exponent))].map((ch) => SUPERSCRIPT[ch] ?? ch).join("");
  return `${mantissa}×10${sup}`;
}

type Measure = keyof SweepMeasures;

export const MEASURES: { key: Measure; title: string; short: string }[] = [
  { key: "scoreStd", title: "Spread of the scores (standard deviation)", short: "score std" },
  { key: "meanMaxWeight", title: "Largest weight in a row (mean over rows)", short: "max weight" },
  { key: "meanEntropy", title: "Entropy of a row, nats (mean over rows)", short: "entropy" },
  {
    key: "meanGradientNorm",
    title: "Size of the softmax's gradient, ‖J‖ (mean over rows)",
    short: "gradient ‖J‖",
  },
];

/** Every number of the sweep: one row per d_k, an unscaled and a scaled column per measure. */
export function sweepTableHtml(s: SweepSeries): string {
  const head1 = MEASURES.map((m) => `<th scope="colgroup" colspan="2">${m.short}</th>`).join("");
  const head2 = MEASURES.map(
    () => `<th scope="col">without ÷√d_k</th><th scope="col">with ÷√d_k</th>`,
  ).join("");
  const rows = s.dims
    .map((d, i) => {
      const cells = MEASURES.map(
        (m) => `<td>${fmt(s.unscaled[i]![m.key])}</td><td>${fmt(s.scaled[i]![m.key])}</td>`,
      ).join("");
      return `<tr><th scope="row">${d}</th>${cells}</tr>`;
    })
    .join("");
  const maxEntropy = s.scaled[0]?.meanMaxEntropy ?? 0;
  return (
    `<table class="xp-table" data-testid="sqrt-dk-table"><caption>The numbers behind the charts: ` +
    `means over ${s.draws} draws of W_Q and W_K (a uniform row's entropy, log n, is ` +
    `${fmt(maxEntropy)} on average)</caption>` +
    `<thead><tr><th scope="col" rowspan="2">d_k</th>${head1}</tr><tr>${head2}</tr></thead>` +
    `<tbody>${rows}</tbody></table>`
  );
}

/** One weight row computed both ways, for the current head and query. */
export interface RowComparison {
  keys: string[];
  /** Raw dot products q · k_j (−Infinity where masked). */
  scores: number[];
  withScaling: number[];
  withoutScaling: number[];
  dK: number;
}

const entropy = (a: number[]) => -a.reduce((s, x) => (x > 0 ? s + x * Math.log(x) : s), 0);

/** The row comparison as a table with a bar for each weight; `scaling` marks the shown column. */
export function rowTableHtml(r: RowComparison, scaling: boolean): string {
  const bar = (w: number, cls: string) =>
    `<span class="xp-bar ${cls}" style="width:${(w * 100).toFixed(1)}%"></span>`;
  const rows = r.keys
    .map((k, j) => {
      const s = r.scores[j]!;
      const scoreText = s === -Infinity ? "masked" : fmt(s);
      const scaledText = s === -Infinity ? "masked" : fmt(s / Math.sqrt(r.dK));
      const a = r.withScaling[j]!;
      const b = r.withoutScaling[j]!;
      return (
        `<tr><th scope="row">${escapeHtml(k)}</th><td>${scoreText}</td><td>${scaledText}</td>` +
        `<td class="${scaling ? "on" : ""}">${fmt(a)} ${bar(a, "scaled")}</td>` +
        `<td class="${scaling ? "" : "on"}">${fmt(b)} ${bar(b, "unscaled")}</td></tr>`
      );
    })
    .join("");
  const max = (a: number[]) => Math.max(...a);
  const foot =
    `<tr><th scope="row">largest</th><td></td><td></td><td>${fmt(max(r.withScaling))}</td>` +
    `<td>${fmt(max(r.withoutScaling))}</td></tr>` +
    `<tr><th scope="row">entropy</th><td></td><td></td><td>${fmt(entropy(r.withScaling))}</td>` +
    `<td>${fmt(entropy(r.withoutScaling))}</td></tr>`;
  return (
    `<table class="xp-row" data-testid="sqrt-dk-row"><thead><tr><th scope="col">key</th>` +
    `<th scope="col">q · k</th><th scope="col">q · k / √${r.dK}</th>` +
    `<th scope="col">weight with ÷√d_k</th><th scope="col">weight without</th></tr></thead>` +
    `<tbody>${rows}</tbody><tfoot>${foot}</tfoot></table>`
  );
}

/** What the charts show, in words, with this scenario's own numbers. */
export function sweepSentence(s: SweepSeries): string {
  const last = s.dims.length - 1;
  const [u0, uN, sN] = [s.unscaled[0]!, s.unscaled[last]!, s.scaled[last]!];
  const spread = s.scaled.map((p) => p.scoreStd);
  const [lo, hi] = [Math.min(...spread), Math.max(...spread)];
  const d0 = s.dims[0];
  const dN = s.dims[last];
  return (
    `A score is a sum of d_k products, so without the division its spread grows like √d_k: ` +
    `on average over ${s.draws} draws, from ${fmt(u0.scoreStd)} at d_k = ${d0} to ` +
    `${fmt(uN.scoreStd)} at d_k = ${dN}. ` +
    `The softmax turns such wide rows into nearly one-hot ones: the largest weight climbs to ` +
    `${fmt(uN.meanMaxWeight)} on average, the entropy falls from ${fmt(u0.meanEntropy)} to ` +
    `${fmt(uN.meanEntropy)} nats (a uniform row has ${fmt(uN.meanMaxEntropy)}), and the ` +
    `softmax's gradient — how much the weights still move when a score moves — shrinks from ` +
    `${fmt(u0.meanGradientNorm)} to ${fmt(uN.meanGradientNorm)}, so less and less of a training signal gets through. ` +
    `Dividing by √d_k keeps the spread between ${fmt(lo)} and ${fmt(hi)} at every d_k, so the weights stay soft (largest ${fmt(sN.meanMaxWeight)}) and the gradient stays ` +
    `near ${fmt(sN.meanGradientNorm)}.`
  );
}
