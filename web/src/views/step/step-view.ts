/**
 * The current step: heading, flag, sentence, shapes, why a product's sizes fit, the formula in
 * symbols and in numbers (marked when wider than the panel), and its operands and result as
 * labelled matrices with the cells read and written marked. Each stage keeps its formulas and
 * matrices in a slot of its own, parked between its steps (stage-slots.ts).
 */
import { scoringOf } from "../../state/scoring";
import { headName, isMatMulStage, STAGE_INFO } from "../../state/stages";
import { ScoreKind, Stage } from "../../wasm/enums";
import { operandSpec, operatorBefore } from "../matrix/trace-lookup";
import type { OperandValue, StepValue, TraceValue } from "../../wasm/types";
import { el, setText } from "../ui/dom";
import { prepareFormulas, renderFormula } from "../matrix/formula";
import { createMatrixFigure, type MatrixFigure } from "../matrix/matrix";
import { COMPACT_LIMIT, matrixName, type MatrixSpec } from "../matrix/matrix-model";
import { createStageSlots } from "./stage-slots";
import type { Panel } from "../ui/panel";
import { expectedHook, lightRows, wirePointing, type Shown } from "./row-links";
import { keepHeight } from "./keep-height";
import { showAfterPaint, showNow } from "../ui/after-layout";

/** Extra MatrixSpec fields for one operand or result (what cells mean, what a click does). */
export type DecorateMatrix = (trace: TraceValue, op: OperandValue) => Partial<MatrixSpec>;

function specFor(
  trace: TraceValue,
  op: OperandValue,
  testId: string,
  role: MatrixSpec["role"],
  operator: string,
  decorate?: DecorateMatrix,
): MatrixSpec | null {
  const spec = operandSpec(trace, op, testId, role, operator);
  return spec && { ...spec, ...expectedHook(trace, spec), ...decorate?.(trace, op) };
}

/** "Head 2 of 8 · query 3 “sat”" for the heading (positions from 1, like the core's texts). */
function where(trace: TraceValue, step: StepValue): string {
  const parts: string[] = [];
  if (step.head >= 0) parts.push(`${headName(step.head)} of ${trace.numHeads}`);
  if (step.query >= 0)
    parts.push(`query ${step.query + 1} “${trace.queryLabels[step.query] ?? ""}”`);
  return parts.join(" · ");
}

export interface StepView extends Panel {
  /** Draws `step` (in place: figures, rows and cells are reused from the step before). */
  show(trace: TraceValue, step: StepValue): void;
  /**
   * Puts `node` right after the formulas, before what was put there earlier (the step's
   * visuals, the "Why √d_k?" link): other panels place their parts through this, by reference.
   */
  afterFormulas(node: Element): void;
  /**
   * The result's figure on screen, if the step has one (an embed keeps it in view), laid out:
   * asked for to be measured, it is shown at once if the page's first step put it off.
   */
  resultFigure(): HTMLElement | null;
  /** The step's title and its matrices' shapes: what decides its layout (presentation mode). */
  layoutKey(): string;
  /** Frames query row `query` in the (m, n) matrices shown (a token pointed at), or none. */
  light(query: number | null): void;
}

/** The step view's elements, built once. */
function buildStepDom(host: HTMLElement) {
  host.dataset.testid = "step-view";
  const header = el("div", "step-head");
  const title = el("h2", "step-title");
  title.id = "step-title";
  host.setAttribute("aria-labelledby", title.id);
  const context = el("p", "step-where");
  const flag = el("p", "flag");
  flag.hidden = true;
  header.append(title, context, flag);
  const sentence = el("p", "sentence");
  const shapes = el("p", "shapes");
  // Matrix products: why the sizes fit and what @ does, with this step's sizes (from the core).
  // Collapsed, so the formula and the matrices come first; its summary keeps the words.
  const rule = el("details", "size-rule");
  rule.dataset.testid = "size-rule";
  const ruleText = el("span");
  const summary = el("summary");
  summary.append(el("strong", "", "Why the sizes fit: "));
  rule.append(summary, ruleText);
  // One slot of formulas and matrices per stage, parked while another stage shows (stage-slots.ts).
  const formulas = el("div", "formula-slots");
  const operands = el("div", "operand-slots");
  const legend = el("p", "cell-legend");
  legend.innerHTML =
    '<span class="swatch rd"></span> read by this step <span class="swatch wr"></span> written by this step <span class="swatch dim">0.0</span> other cells';
  host.append(header, sentence, shapes, rule, formulas, operands, legend);
  return {
    host,
    title,
    context,
    flag,
    sentence,
    shapes,
    rule,
    ruleText,
    formulas,
    operands,
  };
}
type StepDom = ReturnType<typeof buildStepDom>;

/** The heading, flag, sentence, shapes and size rule of `step`. */
function showTexts(d: StepDom, trace: TraceValue, step: StepValue): void {
  const scoring = scoringOf(trace.score);
  const named = trace.score === ScoreKind.General || trace.score === ScoreKind.Additive;
  setText(
    d.title,
    step.stage === Stage.Scores && named
      ? `${scoring.title}: ${scoring.scores}`
      : STAGE_INFO[step.stage].title,
  );
  setText(d.context, where(trace, step));
  d.flag.hidden = !step.flagged;
  setText(
    d.flag,
    step.flagged ? "⚑ Flagged step: a fully masked query (every key is masked for it)." : "",
  );
  d.host.classList.toggle("flagged", step.flagged);
  setText(d.sentence, step.sentence);
  setText(d.shapes, step.shapes);
  d.rule.hidden = step.sizeRule === "";
  setText(d.ruleText, step.sizeRule);
}

/** The specs of the step's operands and result; operators go in the matrix headers. */
function specsOf(trace: TraceValue, step: StepValue, decorate?: DecorateMatrix): MatrixSpec[] {
  const matmul = isMatMulStage(step.stage);
  const specs: MatrixSpec[] = [];
  step.operands.forEach((o, i) => {
    const operator = operatorBefore(step.stage, o, i);
    const spec = specFor(trace, o, `matrix-operand-${i}`, "read", operator, decorate);
    if (spec) specs.push(spec);
  });
  const result = specFor(
    trace,
    step.result,
    "matrix-result",
    "written",
    matmul ? "=" : "→",
    decorate,
  );
  if (result) specs.push(result);
  return specs;
}

/**
 * A step with a big matrix (more than COMPACT_LIMIT rows or columns) or with four operands (a
 * Concat) is laid out densely (step.css): the operands on one row sharing its width, each box
 * scrolling what it cannot show, the result whole on the row under them, the numbers smaller.
 */
function denseLayout(operands: HTMLElement, specs: MatrixSpec[]): void {
  const big = specs.some((s) => Math.max(s.matrix.rows, s.matrix.cols) > COMPACT_LIMIT);
  const reads = specs.filter((s) => s.role === "read").length;
  operands.classList.toggle("dense", big || reads >= 4);
  const n = String(Math.max(1, reads));
  if (operands.style.getPropertyValue("--operands") !== n)
    operands.style.setProperty("--operands", n);
}

/**
 * One figure per place (operand 1, 2, result) of a stage's slot stays on the page: each step of
 * that stage updates it in place (matrix.ts), so the next query's step reuses its rows and cells
 * and changes only the values and marks that differ.
 */
function showFigures(
  operands: HTMLElement,
  figures: Map<string, MatrixFigure>,
  specs: MatrixSpec[],
): Shown[] {
  const pairs = specs.map((spec) => {
    let figure = figures.get(spec.testId);
    if (!figure) figures.set(spec.testId, (figure = createMatrixFigure()));
    figure.show(spec);
    return { element: figure.element, spec };
  });
  const shown = pairs.map((p) => p.element);
  // Only the figures that come or go move: re-inserting one that stays would rebuild the
  // layout of all its cells (a stage with one operand follows one with two, step after step).
  for (const f of [...operands.children]) if (!shown.includes(f as HTMLElement)) f.remove();
  shown.forEach((f, i) => {
    const at = operands.children[i];
    if (at !== f) operands.insertBefore(f, at ?? null);
  });
  denseLayout(operands, specs);
  const label = `Operands and result: ${specs.map(matrixName).join("; ")}`;
  if (operands.getAttribute("aria-label") !== label) operands.setAttribute("aria-label", label);
  return pairs;
}

/**
 * The step view in `host`; `decorate` adds to each matrix's spec, `onPoint` hears the query row
 * pointed at or focused in an (m, n) matrix (null on leaving).
 */
export function createStepView(
  host: HTMLElement,
  decorate?: DecorateMatrix,
  onPoint: (query: number | null) => void = () => {},
): StepView {
  const d = buildStepDom(host);
  const slots = createStageSlots(d.formulas, d.operands);
  let shown: Shown[] = [];
  let lit: number | null = null;
  wirePointing(d.operands, () => shown, onPoint);
  const resetHeight = keepHeight(host);

  return {
    render({ state, step, newStep, newResult }) {
      if (newResult) resetHeight();
      if (newStep) this.show(state.result.trace, step);
      // A new trace: the other stages' slots hold the last trace's steps, and go (the slot shown
      // stays, patched, so a cell being edited keeps its focus).
      if (newResult) slots.dropParked();
      if (!newStep) return;
      // The likely next moves (forward, back) get their formulas typeset while idle.
      const near = [state.result.steps[state.index + 1], state.result.steps[state.index - 1]];
      prepareFormulas(near.flatMap((n) => (n ? [n.formula, n.formulaNumbers] : [])));
    },
    afterFormulas: (node) => d.formulas.after(node),
    layoutKey() {
      const badges = slots.current()?.operands.querySelectorAll(".badge") ?? [];
      return `${d.title.textContent ?? ""}|${[...badges].map((b) => b.textContent).join(",")}`;
    },
    resultFigure() {
      showNow(d.operands);
      const slot = slots.current();
      const fig = slot?.figures.get("matrix-result")?.element;
      return fig && slot?.operands.contains(fig) ? fig : null;
    },
    show(trace, step) {
      const first = slots.current() === null;
      showTexts(d, trace, step);
      const slot = slots.show(step.stage);
      // Per query a stage's symbols recur: typeset (and measured) only when changed.
      if (renderFormula(slot.symbols, step.formula)) slot.checkSymbols();
      if (renderFormula(slot.numbers, step.formulaNumbers)) slot.checkNumbers();
      shown = showFigures(slot.operands, slot.figures, specsOf(trace, step, decorate));
      lightRows(shown, lit);
      // The page's first step shows its matrices a frame after the rest: laid out for the first
      // time with the formulas and their fonts, they made one task of 22-30 ms at 512 tokens.
      if (first) showAfterPaint(d.operands);
    },
    light(query) {
      lit = query;
      lightRows(shown, lit);
    },
  };
}
