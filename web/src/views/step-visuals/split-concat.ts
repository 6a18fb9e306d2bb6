/**
 * Split and concat made visible. On a projection step: X (m×d_model) → Q (m×h·d_k) → h blocks of
 * (m×d_k), each head's column block in its own colour with its column range, and the batch form
 * (1, m, h·d_k) → reshape (1, m, h, d_k) → transpose (1, h, m, d_k). On the Concat step the
 * reverse, saying that heads are concatenated along the last axis (the columns).
 */
import { schemeSet2 } from "d3-scale-chromatic";
import { formatShape } from "../ui/format";
import { isBias } from "../matrix/trace-lookup";
import { Stage } from "../../wasm/enums";
import type { StepValue, TraceValue } from "../../wasm/types";
import { el } from "../ui/dom";

/** Set2 (colour-blind-aware); dark text on every colour has a contrast of at least 6:1. */
export const headColour = (h: number): string => schemeSet2[h % schemeSet2.length]!;

/** "(1, 9, 512)": a shape with a batch axis of 1, as PyTorch prints it. */
const tuple = (...dims: number[]) => `(${dims.join(", ")})`;

/** "columns 65–128": the columns (from 1) of head h in blocks of `width`. */
export const headColumns = (h: number, width: number): string =>
  `columns ${h * width + 1}–${(h + 1) * width}`;

/** Drawing width in px of a matrix with `cols` columns, where `widest` columns take 300 px. */
const widthOf = (cols: number, widest: number) => Math.max(40, Math.round((cols / widest) * 300));

/** A grey matrix outline. */
function plainBox(px: number): HTMLElement {
  const box = el("div", "sbox plain");
  box.style.width = `${px}px`;
  return box;
}

/** A matrix drawn as h coloured column blocks (head numbers inside), `current` outlined. */
function blockBox(h: number, w: number, px: number, current: number): HTMLElement {
  const strip = el("div", "sblocks");
  strip.style.width = `${px}px`;
  for (let i = 0; i < h; i++) {
    const b = el("span", i === current ? "sblock current" : "sblock", String(i + 1));
    b.style.background = headColour(i);
    b.title = `head ${i + 1}: ${headColumns(i, w)}`;
    strip.append(b);
  }
  return strip;
}

/** h separate blocks, one per head, named `name`1 … `name`h. */
function headBoxes(name: string, h: number, current: number): HTMLElement {
  const group = el("div", "sheads");
  for (let i = 0; i < h; i++) {
    const b = el("span", i === current ? "shead current" : "shead", `${name}${i + 1}`);
    b.style.background = headColour(i);
    group.append(b);
  }
  return group;
}

/**
 * The drawing, top to bottom: [name, shape, drawing] rows with an arrow line between each two.
 * Hidden from screen readers: the numbered steps and the ranges below say the same in words.
 */
function figure(rows: [string, string, HTMLElement][], arrows: string[]): HTMLElement {
  const fig = el("div", "sfigure");
  fig.setAttribute("aria-hidden", "true");
  rows.forEach(([name, shape, drawing], i) => {
    fig.append(el("span", "sname", name), el("span", "sshape", shape), drawing);
    const a = arrows[i];
    if (a) fig.append(el("span", "sarrow", `↓ ${a}`));
  });
  return fig;
}

/** The list "head 2: columns 65–128" with a colour swatch per head. */
function ranges(h: number, w: number, what: string, current: number): HTMLElement {
  const list = el("ul", "sranges");
  for (let i = 0; i < h; i++) {
    const item = el("li", i === current ? "current" : "");
    const swatch = el("span", "sswatch");
    swatch.style.background = headColour(i);
    item.append(swatch, `head ${i + 1}: ${headColumns(i, w)} of ${what}`);
    list.append(item);
  }
  return list;
}

/** A collapsed <details> under its title: the step's formula and matrices come first. */
function section(testId: string, title: string): HTMLElement {
  const s = el("details", "split");
  s.dataset.testid = testId;
  const h = el("h3", "split-title", title);
  h.id = `${testId}-title`;
  s.setAttribute("aria-labelledby", h.id);
  const summary = el("summary");
  summary.append(h);
  s.append(summary);
  return s;
}

function steps(items: string[]): HTMLElement {
  const ol = el("ol", "ssteps");
  for (const t of items) ol.append(el("li", "", t));
  return ol;
}

/** On ProjectQ/K/V: how the projected matrix splits into heads. */
function renderSplit(trace: TraceValue, step: StepValue): HTMLElement {
  const letter = step.stage === Stage.ProjectQ ? "Q" : step.stage === Stage.ProjectK ? "K" : "V";
  const rows = letter === "Q" ? trace.queryTokens.length : trace.keyTokens.length;
  const h = trace.numHeads;
  const w = letter === "V" ? trace.dV : trace.dK;
  const d = trace.dModel;
  const all = h * w;
  // The projection's bias, when the scenario has one: an operand of this step.
  const b = step.operands.some((o) => isBias(o.matrix))
    ? ` + b_${letter} (${formatShape(1, all)})`
    : "";
  const s = section("split-panel", `Split ${letter} into ${h} head${h > 1 ? "s" : ""}`);
  const shapes = `${tuple(1, rows, all)} → reshape ${tuple(1, rows, h, w)} → transpose ${tuple(1, h, rows, w)}`;
  s.append(el("p", "sshapes", shapes));
  const widest = Math.max(d, all);
  const drawing = figure(
    [
      ["X", formatShape(rows, d), plainBox(widthOf(d, widest))],
      [letter, formatShape(rows, all), blockBox(h, w, widthOf(all, widest), step.head)],
      [
        `${letter}_1…${letter}_${h}`,
        `${h} × ${formatShape(rows, w)}`,
        headBoxes(letter, h, step.head),
      ],
    ],
    [
      `· W_${letter} (${formatShape(d, all)})${b}`,
      `split the ${all} columns into ${h} heads of ${w}`,
    ],
  );
  s.append(
    drawing,
    steps([
      `${letter} = X W_${letter}${b ? ` + b_${letter}` : ""}: ${tuple(1, rows, d)} · ${formatShape(d, all)}${b ? ` + ${formatShape(1, all)}` : ""} → ${tuple(1, rows, all)} (batch 1, ${rows} tokens, ${h}·${w} = ${all} columns).`,
      `reshape: the last axis of ${all} becomes ${h} heads × ${w}: ${tuple(1, rows, h, w)}.`,
      `transpose the token and head axes: ${tuple(1, h, rows, w)}, so each of the ${h} heads holds a ${formatShape(rows, w)} matrix.`,
    ]),
    el("p", "snote", `Head i takes ${w} consecutive columns of ${letter}:`),
    ranges(h, w, letter, step.head),
  );
  return s;
}

/** On Concat: the reverse, along the last axis. */
function renderConcat(trace: TraceValue): HTMLElement {
  const h = trace.numHeads;
  const w = trace.dV;
  const m = trace.queryTokens.length;
  const all = h * w;
  const s = section("concat-panel", "Concatenate the heads along the last axis (columns)");
  s.append(
    el(
      "p",
      "sshapes",
      `${tuple(1, h, m, w)} → transpose ${tuple(1, m, h, w)} → reshape ${tuple(1, m, all)}`,
    ),
  );
  const drawing = figure(
    [
      [`O_1…O_${h}`, `${h} × ${formatShape(m, w)}`, headBoxes("O", h, -1)],
      ["Concat", formatShape(m, all), blockBox(h, w, 300, -1)],
    ],
    [`side by side along the columns`],
  );
  const project = trace.wO
    ? ` Then Concat ${formatShape(m, all)} · W_O ${formatShape(all, trace.dModel)}${trace.bO ? ` + b_O ${formatShape(1, trace.dModel)}` : ""} → ${formatShape(m, trace.dModel)}.`
    : " There is no W_O here: Concat is the output.";
  s.append(
    drawing,
    steps([
      `the ${h} head outputs: ${tuple(1, h, m, w)}, each ${formatShape(m, w)}.`,
      `transpose the head and token axes back: ${tuple(1, m, h, w)}.`,
      `reshape the last two axes into one of ${h}·${w} = ${all}: ${tuple(1, m, all)}.`,
    ]),
    el(
      "p",
      "snote",
      `Heads are concatenated along the last axis, the columns (not the rows): every token keeps its row, and head i fills columns (i−1)·${w}+1 to i·${w}.${project}`,
    ),
    ranges(h, w, "Concat", -1),
  );
  return s;
}

/** The panel for `step`, or null on steps that neither split nor concatenate. */
export function renderSplitConcat(trace: TraceValue, step: StepValue): HTMLElement | null {
  if (step.stage <= Stage.ProjectV) return renderSplit(trace, step);
  if (step.stage === Stage.Concat) return renderConcat(trace);
  return null;
}
