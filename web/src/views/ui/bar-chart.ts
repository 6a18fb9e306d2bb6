/**
 * Horizontal bars for one query's attention weights: one bar per key, labelled with the key's
 * token and its weight (4 decimals, as in A). Weights lie in [0, 1], so a bar's length is the
 * weight itself (a full bar is 1). Masked keys are hatched and read "0 (masked)". The chart is
 * kept across steps (its bars rewritten in place); many keys scroll, only those in view drawn.
 */
import { formatCell } from "./format";
import { el, setText } from "./dom";
import { windowedRows } from "./windowed";

export interface BarChartSpec {
  caption: string;
  /** One label per bar: the key tokens. */
  labels: string[];
  values: ArrayLike<number>;
  /** Keys the mask hides (their weight is exactly 0). */
  masked?: (j: number) => boolean;
  /** The bar of the drilled cell, or -1. */
  highlight?: number;
}

/** The bar itself (a track with a fill of the weight's length) and the weight as text. */
export function barParts(x: number, masked: boolean): HTMLElement[] {
  const track = el("span", "bar-track");
  const fill = el("span", "bar-fill");
  track.append(fill);
  track.setAttribute("aria-hidden", "true");
  const value = el("span", "bar-value");
  setBar([track, value], x, masked);
  return [track, value];
}

/** Rewrites the parts barParts made for weight `x`. */
export function setBar(parts: ArrayLike<Element>, x: number, masked: boolean): void {
  const track = parts[0] as HTMLElement;
  const cls = masked ? "bar-track masked" : "bar-track";
  if (track.className !== cls) track.className = cls;
  const width = `${Math.min(Math.max(x, 0), 1) * 100}%`;
  const fill = track.firstElementChild as HTMLElement;
  if (fill.style.width !== width) fill.style.width = width;
  setText(parts[1] as HTMLElement, masked ? "0 (masked)" : formatCell(x));
}

/** Pixels from one bar to the next, and the height of a long chart's scroll box (visuals.css). */
const BAR_PX = 21;
const VIEW_PX = 378;

export interface BarChart {
  readonly element: HTMLElement;
  show(spec: BarChartSpec): void;
}

export function createBarChart(testId = ""): BarChart {
  const fig = el("figure", "bars");
  if (testId) fig.dataset.testid = testId;
  const caption = el("figcaption", "bars-caption");
  const box = el("div", "bar-box");
  const list = el("ul", "bar-list");
  box.append(list);
  const sumLine = el("p", "bars-sum");
  fig.append(caption, box, sumLine);
  const rows = windowedRows({
    scroller: box,
    body: list,
    makeRow: () => {
      const name = el("span", "bar-label");
      const item = el("li", "bar");
      item.append(name, ...barParts(0, false));
      return item;
    },
    makeSpacer: () => el("li", "bar-spacer"),
    rowPx: BAR_PX,
    viewPx: VIEW_PX,
    label: "Weights, one bar per key: scroll for the rest",
  });

  return {
    element: fig,
    show(spec) {
      setText(caption, spec.caption);
      let sum = 0;
      for (let j = 0; j < spec.labels.length; j++) sum += spec.values[j] ?? 0;
      rows.update(spec.labels.length, (item, j) => {
        const cls = j === spec.highlight ? "bar hl" : "bar";
        if (item.className !== cls) item.className = cls;
        const name = item.children[0] as HTMLElement;
        const label = spec.labels[j] ?? "";
        setText(name, label);
        if (name.title !== label) name.title = label;
        setBar(
          [item.children[1]!, item.children[2]!],
          spec.values[j] ?? 0,
          spec.masked?.(j) ?? false,
        );
      });
      setText(sumLine, `sum of the weights = ${formatCell(sum)}`);
    },
  };
}
