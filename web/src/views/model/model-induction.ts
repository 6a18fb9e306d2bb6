/**
 * The induction demo: a random token sequence (ids 259 and up, not words) followed by the same
 * sequence again. An induction head, on the second copy, looks at the token after the earlier
 * occurrence of the current token, and the loss on the second copy drops. The demo shows the best
 * candidate head's weights, its score and the loss per position of each copy, as measured; the
 * shipped model has no strong induction head, and the figures say so.
 */
import { el, makeButton } from "../ui/dom";
import { drawHeatmap, legendGradient } from "../ui/heatmap-draw";
import { lineChart, swatch, type Series } from "../ui/line-chart";
import type { InductionDemo } from "../../wasm/lm-client";

/** The induction test's level (issue 19): a head with this much weight does it. */
const LEVEL = 0.3;

function summary(d: InductionDemo): string {
  const score = d.scores[d.layer]![d.head]!;
  const verdict =
    score >= LEVEL
      ? `an induction head (${LEVEL} or more).`
      : `far below the ${LEVEL} of an induction head: this model has none.`;
  return (
    `${d.length} random tokens, then the same ${d.length} again. The best induction candidate, ` +
    `layer ${d.layer + 1} head ${d.head + 1}, puts ${score.toFixed(3)} of its weight on the ` +
    `token after the earlier occurrence: ${verdict} Mean loss: first copy ` +
    `${d.loss_first.toFixed(2)} nats, second copy ${d.loss_second.toFixed(2)} nats.`
  );
}

/** The two loss lines: copy 1 (nothing to copy yet) in grey, copy 2 dashed in blue. */
const COPIES: Series[] = [
  {
    name: "first copy",
    values: [],
    color: "#6b7280",
    dash: "",
    marker: "none",
    emphasis: "normal",
  },
  {
    name: "second copy",
    values: [],
    color: "#2563eb",
    dash: "4 3",
    marker: "none",
    emphasis: "strong",
  },
];
const COPY_WORDS = [
  "first copy: the loss of each next token seen for the first time (nothing to copy)",
  "second copy: the same tokens again; an induction head copies them, so it drops",
];

/** A figure: its caption, the chart and a legend of one line per entry. */
function figure(caption: string, chart: Element, legend: (string | Element)[][]): HTMLElement {
  const fig = el("figure", "lm-induction-figure");
  const list = el("ul", "lm-induction-legend");
  for (const parts of legend) {
    const li = el("li");
    li.append(...parts);
    list.append(li);
  }
  fig.append(el("figcaption", "", caption), chart, list);
  return fig;
}

function lossFigure(d: InductionDemo): HTMLElement {
  const n = d.length;
  const xs = Array.from({ length: n - 1 }, (_, i) => i + 1);
  const values = [xs.map((p) => d.loss[p]!), xs.map((p) => d.loss[n + p]!)];
  const series = COPIES.map((s, i) => ({ ...s, values: values[i]! }));
  const title = "Loss per position, first copy against second";
  const chart = lineChart({
    title,
    xs,
    xScale: "linear",
    xTicks: xs.filter((x) => x === 1 || x % 20 === 0),
    xLabel: "position in the copy",
    yLabel: "loss (nats)",
    series,
  });
  return figure(
    title,
    chart,
    series.map((s, i) => [swatch(s), ` ${COPY_WORDS[i]}`]),
  );
}

function weightsFigure(d: InductionDemo): HTMLElement {
  const name = `Layer ${d.layer + 1} head ${d.head + 1}`;
  const canvas = el("canvas");
  canvas.setAttribute("role", "img");
  canvas.setAttribute("aria-label", `${name}'s weights over both copies (rows: queries)`);
  drawHeatmap(canvas, d.weights, null, { cell: 2, left: 0, top: 0, row: -1 });
  const bar = el("span", "legend-bar");
  bar.style.background = legendGradient();
  return figure(`${name}'s weights over both copies`, canvas, [
    [`rows: the ${2 * d.length} queries, columns: the keys, copy 1 then copy 2 (causal)`],
    ["weight 0 ", bar, " 1 (viridis); each row sums to 1"],
    [
      `an induction head lights the line ${d.length - 1} below the diagonal, lower left: ` +
        "each token of copy 2 on the token after its earlier occurrence",
    ],
  ]);
}

export interface InductionPanel {
  element: HTMLElement;
  reset(): void;
}

export function createInduction(run: (seed: number) => Promise<InductionDemo>): InductionPanel {
  const element = el("div", "lm-induction");
  const seedLabel = el("label", "", "Seed");
  const seed = el("input");
  seed.id = "lm-induction-seed";
  seed.value = "1";
  seed.inputMode = "numeric";
  seedLabel.htmlFor = seed.id;
  const button = makeButton("", "Run the induction demo");
  const status = el("p", "lm-induction-summary");
  status.setAttribute("role", "status");
  const figures = el("div", "lm-induction-figures");
  element.append(seedLabel, seed, button, status, figures);

  button.addEventListener("click", () => {
    const text = seed.value.trim();
    if (!/^\d{1,9}$/.test(text)) {
      status.textContent = `seed: “${text.slice(0, 20)}” must be a whole number from 0 to 999999999.`;
      return;
    }
    button.disabled = true;
    status.textContent = "Running…";
    run(Number(text))
      .then((d) => {
        status.textContent = summary(d);
        figures.replaceChildren(weightsFigure(d), lossFigure(d));
      })
      .catch((e: unknown) => {
        status.textContent = `Not run: ${e instanceof Error ? e.message : String(e)}`;
      })
      .finally(() => {
        button.disabled = false;
      });
  });

  return {
    element,
    reset() {
      status.textContent = "";
      figures.replaceChildren();
    },
  };
}
