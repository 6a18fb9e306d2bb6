/**
 * Horizontal bars for one query's attention weights: one bar per key, labelled with the key's
 * token and its weight (4 decimals, as in A). Weights lie in [0, 1], so a bar's length is the
 * weight itself (a full bar is 1). Masked keys are hatched and read "0 (masked)".
 */
import { formatCell } from "./format";
import { el } from "./dom";

export interface BarChartSpec {
  caption: string;
  /** One label per bar: the key tokens. */
  labels: string[];
  values: ArrayLike<number>;
  /** Keys the mask hides (their weight is exactly 0). */
  masked?: (j: number) => boolean;
  /** The bar of the drilled cell, or -1. */
  highlight?: number;
  testId?: string;
}

/** The bar itself (a track with a fill of the weight's length) and the weight as text. */
export function barParts(x: number, masked: boolean): HTMLElement[] {
  const track = el("span", masked ? "bar-track masked" : "bar-track");
  const fill = el("span", "bar-fill");
  fill.style.width = `${Math.min(Math.max(x, 0), 1) * 100}%`;
  track.append(fill);
  track.setAttribute("aria-hidden", "true");
  const value = el("span", "bar-value", masked ? "0 (masked)" : formatCell(x));
  return [track, value];
}

export function renderBarChart(spec: BarChartSpec): HTMLElement {
  const fig = el("figure", "bars");
  if (spec.testId) fig.dataset.testid = spec.testId;
  fig.append(el("figcaption", "bars-caption", spec.caption));
  const list = el("ul", "bar-list");
  let sum = 0;
  spec.labels.forEach((label, j) => {
    const x = spec.values[j] ?? 0;
    sum += x;
    const item = el("li", j === spec.highlight ? "bar hl" : "bar");
    const name = el("span", "bar-label", label);
    name.title = label;
    item.append(name, ...barParts(x, spec.masked?.(j) ?? false));
    list.append(item);
  });
  fig.append(list, el("p", "bars-sum", `sum of the weights = ${formatCell(sum)}`));
  return fig;
}
