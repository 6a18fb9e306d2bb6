/**
 * Every layer × head's attention over the text: one small heat map per head (rows = queries,
 * columns = keys, causal), labelled by what it measurably does on this text with the figure
 * behind the label (state/head-roles.ts). Pick a head (its button) and a query, and "Step through
 * it" opens exactly that head's attention for that query in the stepper.
 */
import { el, makeButton } from "../ui/dom";
import { drawHeatmap } from "../ui/heatmap-draw";
import { readHead, type HeadReading, type HeadRole } from "../../state/head-roles";
import type { MatrixValue } from "../../wasm/types";

export interface HeadsData {
  /** weights[layer][head] (T, T). */
  weights: MatrixValue[][];
  ids: number[];
  labels: string[];
  /** Query heads per K/V head. */
  group: number;
}

export interface HeadsCallbacks {
  /** The link that opens (layer, head, query) in the stepper, or "" when none can name it. */
  linkOf(layer: number, head: number, query: number): string;
  stepThrough(layer: number, head: number, query: number): void;
}

const ROLE_WORDS: Record<HeadRole, string> = {
  "previous-token": "mean weight on the token just before",
  induction: "mean weight on the token after an earlier copy of the query's token",
  "first-token": "mean weight on the first token (BOS)",
  "same-token": "mean weight on copies of the query's own token",
  broad: "spread: row entropy ÷ log(keys), 1 = even",
};

/** "previous-token 0.50". */
const short = (r: HeadReading) => `${r.role} ${r.score.toFixed(2)}`;

function figures(r: HeadReading): string {
  return (Object.keys(ROLE_WORDS) as HeadRole[])
    .map((k) => `${k}: ${r.scores[k] === null ? "none here" : r.scores[k]!.toFixed(3)}`)
    .join(" · ");
}

export interface HeadsPanel {
  element: HTMLElement;
  draw(data: HeadsData): void;
}

/** The panel's elements: what the labels mean, the grid, the picked head's figures and query. */
function buildHeads() {
  const element = el("div", "lm-heads");
  const about = el(
    "p",
    "lm-heads-about",
    "Each head's weights over the text as the tokenizer cuts it (rows: queries, columns: " +
      "keys; causal, so nothing above the diagonal). Its label is the rule it follows most on " +
      "this text, with the figure: a mean weight of 0.3 or more, and twice an even head's; " +
      "else broad, with how evenly it spreads (1 = evenly).",
  );
  const grid = el("div", "lm-grid");
  const detail = el("div", "lm-head-detail");
  const queryLabel = el("label", "", "Query");
  const query = el("select");
  query.id = "lm-query";
  queryLabel.htmlFor = query.id;
  const step = el("a", "button primary", "Step through it");
  const figuresText = el("p", "lm-head-figures");
  detail.append(figuresText, queryLabel, query, step);
  element.append(about, grid, detail);
  return { element, grid, query, step, figuresText };
}

/** The query picker's options, one per token ("3: ␣God"), `keep` chosen (else the last). */
function fillQueries(query: HTMLSelectElement, labels: string[]): void {
  const keep = Math.min(Number(query.value) || labels.length - 1, labels.length - 1);
  query.replaceChildren(
    ...labels.map((l, i) => {
      const o = el("option", "", `${i + 1}: ${l}`);
      o.value = String(i);
      return o;
    }),
  );
  query.value = String(keep);
}

export function createHeads(cb: HeadsCallbacks): HeadsPanel {
  const { element, grid, query, step, figuresText } = buildHeads();
  let data: HeadsData | null = null;
  let picked = { layer: 0, head: 0 };
  const buttons: HTMLButtonElement[] = [];

  function update(): void {
    if (!data) return;
    const reading = readHead(data.weights[picked.layer]![picked.head]!, data.ids);
    const kv = Math.floor(picked.head / data.group) + 1;
    figuresText.textContent =
      `Layer ${picked.layer + 1}, head ${picked.head + 1} (K/V head ${kv}): ` +
      `${short(reading)}, ${ROLE_WORDS[reading.role]}. ${figures(reading)}.`;
    const q = Number(query.value);
    step.href = cb.linkOf(picked.layer, picked.head, q) || "#";
    const heads = data.weights[0]!.length;
    buttons.forEach((b, i) =>
      b.setAttribute("aria-pressed", String(i === picked.layer * heads + picked.head)),
    );
  }

  step.addEventListener("click", (e) => {
    e.preventDefault();
    cb.stepThrough(picked.layer, picked.head, Number(query.value));
  });
  query.addEventListener("change", update);

  function cell(layer: number, head: number, w: MatrixValue, d: HeadsData): HTMLButtonElement {
    const reading = readHead(w, d.ids);
    const name = `Layer ${layer + 1} head ${head + 1}`;
    const button = makeButton("lm-head", "");
    const canvas = el("canvas");
    canvas.setAttribute("aria-hidden", "true");
    const size = Math.max(1, Math.floor(120 / Math.max(w.rows, 1)));
    drawHeatmap(canvas, w, null, { cell: size, left: 0, top: 0, row: -1 });
    button.append(canvas, el("span", "lm-head-name", name), el("span", "lm-role", short(reading)));
    button.setAttribute("aria-label", `${name}: ${short(reading)}`);
    button.addEventListener("click", () => {
      picked = { layer, head };
      update();
    });
    return button;
  }

  return {
    element,
    draw(d) {
      data = d;
      buttons.length = 0;
      grid.replaceChildren();
      d.weights.forEach((heads, layer) => {
        heads.forEach((w, head) => {
          const b = cell(layer, head, w, d);
          buttons.push(b);
          grid.append(b);
        });
      });
      grid.style.setProperty("--lm-heads", String(d.weights[0]?.length ?? 1));
      if (picked.layer >= d.weights.length || picked.head >= (d.weights[0]?.length ?? 0)) {
        picked = { layer: 0, head: 0 };
      }
      fillQueries(query, d.labels);
      update();
    },
  };
}
