/**
 * The current step as a standalone SVG, drawn from the trace (not a screenshot): title, where
 * (head, query), sentence, shapes, why a product's sizes fit, the formula as plain text lines
 * (the page's MathML cannot go into an SVG file as is), and the operands and result as labelled grids of
 * numbers, headed by their shape and the part the step uses, with the cells read and written
 * marked as on the page. Large matrices are compact, as on the page: first and last
 * rows and columns and the marked ones, with "…" for the rest.
 */
import { formatCell, formatShape } from "../ui/format";
import { makeView, visibleIndices, type MatrixPart, type MatrixView } from "../matrix/matrix-model";
import { scoringOf } from "../../state/scoring";
import { headName, isMatMulStage, STAGE_INFO } from "../../state/stages";
import { operandSpec, operatorBefore } from "../matrix/trace-lookup";
import { ScoreKind, Stage } from "../../wasm/enums";
import type { OperandValue, StepValue, TraceValue } from "../../wasm/types";
import { clip, rect, svgDocument, text, textWidth, wrap } from "./svg";

const READ_BG = "#d6e6fb";
const WRITE_BG = "#fde68a";
const WRITE_LINE = "#92400e";
const MUTED = "#57606a";
const DIM = "#6e7781";
const CELL_W = 62;
const CELL_H = 20;
const PAD = 24;
const GAP = 28;

/** The heading, as the step view writes it. */
export function stepTitle(trace: TraceValue, step: StepValue): string {
  const custom = trace.score === ScoreKind.General || trace.score === ScoreKind.Additive;
  if (step.stage === Stage.Scores && custom) {
    const s = scoringOf(trace.score);
    return `${s.title}: ${s.scores}`;
  }
  return STAGE_INFO[step.stage].title;
}

function where(trace: TraceValue, step: StepValue): string {
  const parts: string[] = [];
  if (step.head >= 0) parts.push(`${headName(step.head)} of ${trace.numHeads}`);
  if (step.query >= 0) parts.push(`query ${step.query + 1} “${trace.queryLabels[step.query]}”`);
  return parts.join(" · ");
}

/** One operand or result, laid out: its view, visible rows and columns, and its size in px. */
interface Grid {
  view: MatrixView;
  part: MatrixPart | undefined;
  operator: string;
  rows: (number | null)[];
  cols: (number | null)[];
  labelW: number;
  width: number;
  height: number;
}

function gridFor(trace: TraceValue, op: OperandValue, role: "read" | "written", operator: string) {
  const spec = operandSpec(trace, op, "", role, operator);
  if (!spec) return null;
  const view = makeView(spec);
  const rows = visibleIndices(view.rows, ...view.markedRows);
  const cols = visibleIndices(view.cols, ...view.markedCols);
  const longest = Math.max(
    ...rows.map((r) => (r === null ? 1 : clip(view.rowLabel(r), 12).length)),
  );
  const labelW = Math.max(24, longest * 7 + 10);
  const opW = operator ? 22 : 0;
  const headW = drawHeader(view, spec.part, 0, 0).width;
  return {
    view,
    part: spec.part,
    operator,
    rows,
    cols,
    labelW: labelW + opW,
    width: opW + labelW + Math.max(cols.length * CELL_W, headW),
    height: 26 + CELL_H + rows.length * CELL_H,
  } satisfies Grid;
}

/** A shape badge at (x, y) in the given fill: its SVG and its width. */
function badge(x: number, y: number, rows: number, cols: number, fill: string) {
  const shape = formatShape(rows, cols);
  const w = textWidth(shape, 11, true) + 10;
  const style = { size: 11, mono: true, anchor: "middle", fill: "#0b5cad" } as const;
  return {
    svg: [rect(x, y + 2, w, 16, fill, "#0b5cad"), text(x + w / 2, y + 14, shape, style)],
    w,
  };
}

/**
 * The header at (x, y), as the page shows it: the matrix's name and shape and, when the step uses
 * less, the part ("columns 5–8 = W_Q^(2) 8×4", its badge in the colour of its cells).
 */
function drawHeader(view: MatrixView, part: MatrixPart | undefined, x: number, y: number) {
  const parts = [text(x, y + 14, view.plain, { size: 15, weight: "bold" })];
  let at = x + textWidth(view.plain, 15) + 8;
  const whole = badge(at, y, view.rows, view.cols, "#e7f0fb");
  parts.push(...whole.svg);
  at += whole.w;
  if (part) {
    const range = `${part.range} = `;
    parts.push(text(at + 8, y + 14, range, { size: 12, fill: MUTED }));
    at += 8 + textWidth(range, 12);
    parts.push(text(at, y + 14, part.plain, { size: 15, weight: "bold" }));
    at += textWidth(part.plain, 15) + 8;
    const lit = badge(at, y, part.rows, part.cols, view.role === "written" ? WRITE_BG : READ_BG);
    parts.push(...lit.svg);
    at += lit.w;
  }
  return { parts, width: at - x };
}

/** Draws grid `g` with its top-left corner at (x, y). */
function drawGrid(g: Grid, x: number, y: number): string[] {
  const out: string[] = [];
  const { view } = g;
  if (g.operator)
    out.push(text(x + 4, y + 26 + CELL_H + 14, g.operator, { size: 22, weight: "bold" }));
  const gx = x + g.labelW;
  out.push(...drawHeader(view, g.part, gx, y).parts);
  const top = y + 26;
  g.cols.forEach((c, j) => {
    const label = c === null ? "…" : clip(view.colLabel(c), 8);
    out.push(
      text(gx + j * CELL_W + CELL_W / 2, top + 14, label, {
        size: 11,
        anchor: "middle",
        fill: MUTED,
      }),
    );
  });
  g.rows.forEach((r, i) => {
    const cy = top + CELL_H + i * CELL_H;
    const label = r === null ? "⋮" : clip(view.rowLabel(r), 12);
    out.push(text(gx - 6, cy + 14, label, { size: 11, anchor: "end", fill: MUTED }));
    g.cols.forEach((c, j) => {
      const cx = gx + j * CELL_W;
      if (r === null || c === null) {
        out.push(
          text(cx + CELL_W / 2, cy + 14, r === null ? "⋮" : "…", {
            size: 12,
            anchor: "middle",
            fill: DIM,
          }),
        );
        return;
      }
      const marked = view.marked(r, c);
      const written = marked && view.role === "written";
      if (marked)
        out.push(
          rect(
            cx + 1,
            cy + 1,
            CELL_W - 2,
            CELL_H - 2,
            written ? WRITE_BG : READ_BG,
            written ? WRITE_LINE : "",
            1.5,
          ),
        );
      const fill = marked ? "#1c2128" : DIM;
      const weight = written ? "bold" : "normal";
      out.push(
        text(cx + CELL_W - 5, cy + 14, formatCell(view.value(r, c)), {
          size: 12,
          mono: true,
          anchor: "end",
          fill,
          weight,
        }),
      );
    });
  });
  // A thin frame around the numbers.
  out.push(
    rect(gx, top + CELL_H, g.cols.length * CELL_W, g.rows.length * CELL_H, "none", "#d0d7de"),
  );
  return out;
}

/** The SVG file of `step` (at most ~1600 px of matrices per line; more wrap onto a new line). */
export function stepSvg(trace: TraceValue, step: StepValue): string {
  const matmul = isMatMulStage(step.stage);
  const grids: Grid[] = [];
  step.operands.forEach((o, i) => {
    const g = gridFor(trace, o, "read", operatorBefore(step.stage, o, i));
    if (g) grids.push(g);
  });
  const result = gridFor(trace, step.result, "written", matmul ? "=" : "→");
  if (result) grids.push(result);

  // Lay the grids out in lines no wider than MAX_W.
  const MAX_W = 1600;
  const lines: Grid[][] = [[]];
  let lineW = 0;
  for (const g of grids) {
    const current = lines[lines.length - 1]!;
    if (current.length > 0 && lineW + GAP + g.width > MAX_W) {
      lines.push([g]);
      lineW = g.width;
    } else {
      lineW += (current.length > 0 ? GAP : 0) + g.width;
      current.push(g);
    }
  }
  const gridsW = Math.max(
    ...lines.map((l) => l.reduce((w, g) => w + g.width, 0) + GAP * (l.length - 1)),
  );
  const width = Math.max(720, gridsW + 2 * PAD);
  const chars = Math.floor((width - 2 * PAD) / 7.3);

  const body: string[] = [];
  let y = PAD + 18;
  const title = stepTitle(trace, step);
  body.push(text(PAD, y, title, { size: 20, weight: "bold" }));
  const context = where(trace, step);
  if (context) body.push(text(PAD, (y += 22), context, { size: 14, fill: MUTED }));
  if (step.flagged) {
    const flag = "⚑ Flagged step: a fully masked query (every key is masked for it).";
    body.push(text(PAD, (y += 22), flag, { size: 13, fill: "#9a3412", weight: "bold" }));
  }
  y += 8;
  for (const line of wrap(step.sentence, chars))
    body.push(text(PAD, (y += 19), line, { size: 14 }));
  y += 6;
  for (const line of wrap(step.shapes, chars))
    body.push(text(PAD, (y += 18), line, { size: 13, mono: true, fill: "#0b5cad" }));
  if (step.sizeRule) {
    for (const line of wrap(`Why the sizes fit: ${step.sizeRule}`, chars))
      body.push(text(PAD, (y += 18), line, { size: 13 }));
  }
  y += 6;
  const formulas: [string, string][] = [
    ["Formula (LaTeX): ", step.formula],
    ["With numbers (LaTeX): ", step.formulaNumbers],
  ];
  for (const [label, latex] of formulas) {
    const wrapped = wrap(label + latex, chars);
    const shown = wrapped.length > 6 ? [...wrapped.slice(0, 5), "…"] : wrapped;
    for (const line of shown)
      body.push(text(PAD, (y += 17), line, { size: 12, mono: true, fill: MUTED }));
  }
  y += 18;
  for (const line of lines) {
    let x = PAD;
    for (const g of line) {
      body.push(...drawGrid(g, x, y));
      x += g.width + GAP;
    }
    y += Math.max(...line.map((g) => g.height)) + 18;
  }
  // Legend of the marks.
  y += 4;
  body.push(rect(PAD, y, 16, 12, READ_BG));
  body.push(text(PAD + 22, y + 11, "read by this step", { size: 12, fill: MUTED }));
  body.push(rect(PAD + 140, y, 16, 12, WRITE_BG, WRITE_LINE, 1.5));
  body.push(text(PAD + 162, y + 11, "written by this step", { size: 12, fill: MUTED }));
  body.push(
    text(PAD + 300, y + 11, "numbers shown to 4 decimals; −∞ = masked", { size: 12, fill: MUTED }),
  );
  y += 12 + PAD;
  return svgDocument(width, y, `${title} — ${context || "whole matrices"}`, body);
}
