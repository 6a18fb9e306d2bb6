/**
 * What the step view shows besides its matrices: the meaning of every cell (tooltip, inspector),
 * the drill-down panel for score, weight and head-output cells, the current query's weights as
 * bars (SoftMax), the reweighted values (weighted sum) and the split/concat panel (projections,
 * Concat). The numbers of a drill-down come from the wasm core (drillScore/Weight/Output).
 */
import { describeCell } from "../views/drill/describe-cell";
import { plainLabel } from "../views/ui/format";
import { MatrixId, Stage } from "../wasm/enums";
import type { Attention } from "../wasm/loader";
import type { OperandValue, ScenarioFile, StepValue, TraceValue } from "../wasm/types";
import { renderBarChart } from "../views/ui/bar-chart";
import { el, quoted } from "../views/ui/dom";
import { createDrillPanel } from "../views/drill/drill-panel";
import { renderOutputDrill } from "../views/drill/drill-output";
import { renderScoreDrill } from "../views/drill/drill-score";
import { line } from "../views/drill/drill-table";
import { renderWeightDrill } from "../views/drill/drill-weight";
import type { MatrixSpec } from "../views/matrix/matrix-model";
import { renderReweighted } from "../views/matrix/reweighted";
import { renderSplitConcat } from "../views/split-concat/split-concat";

/** The module and the scenario of the trace on screen (what a drill-down is computed from). */
export interface DrillContext {
  attention: Attention;
  scenario: ScenarioFile;
}

export interface StepExtras {
  /** The hooks for one matrix of the step: what its cells mean, and drilling where possible. */
  decorate(trace: TraceValue, op: OperandValue): Pick<MatrixSpec, "describe" | "onActivate">;
  /** Redraws the visuals for the step (and, on whole-matrix steps, the focused query). */
  update(trace: TraceValue, step: StepValue, query: number): void;
}

const SCORE_IDS: readonly MatrixId[] = [MatrixId.Scores, MatrixId.Scaled, MatrixId.Masked];
const DRILLABLE: readonly MatrixId[] = [...SCORE_IDS, MatrixId.Weights, MatrixId.HeadOutput];

/** The numbers behind stored cell (r, c) of `op`, as the panel's title and parts. */
function drillParts(
  ctx: DrillContext,
  trace: TraceValue,
  op: OperandValue,
  r: number,
  c: number,
): [string, HTMLElement[]] {
  const head = op.head;
  const where = `row ${r + 1} ${quoted(trace.queryTokens[r])}`;
  const name = plainLabel(op.label).replace(/ᵀ$/, "");
  if (SCORE_IDS.includes(op.matrix)) {
    const d = ctx.attention.drillScore(ctx.scenario, head, r, c);
    const title = `How ${name} [${where}, key ${c + 1} ${quoted(trace.keyTokens[c])}] is computed`;
    return [title, renderScoreDrill(d, { trace, head, i: r, j: c })];
  }
  if (op.matrix === MatrixId.Weights) {
    const d = ctx.attention.drillWeight(ctx.scenario, head, r, c);
    const title = `How ${name} [${where}, key ${c + 1} ${quoted(trace.keyTokens[c])}] is computed`;
    return [title, renderWeightDrill(d, { trace, head, i: r, j: c })];
  }
  const d = ctx.attention.drillOutput(ctx.scenario, head, r, c);
  const title = `How ${name} [${where}, column ${c + 1}] is computed`;
  return [title, renderOutputDrill(d, { trace, head, i: r, c })];
}

/** The visual for the step's kind, or null. */
function visualFor(trace: TraceValue, step: StepValue, query: number): HTMLElement | null {
  const head = step.head;
  if (step.stage === Stage.Softmax && head >= 0) {
    const w = trace.headTraces[head]!.weights;
    const n = w.cols;
    const masked = (j: number) =>
      trace.hasMask && trace.mask.data[query * trace.mask.cols + j] === 0;
    return renderBarChart({
      caption: `Weights of query ${quoted(trace.queryTokens[query])} in head ${head + 1} (row ${query + 1} of A): one bar per key, a full bar is 1`,
      labels: trace.keyTokens,
      values: w.data.subarray(query * n, (query + 1) * n),
      masked,
      testId: "weights-bars",
    });
  }
  if (step.stage === Stage.WeightedSum && head >= 0) return renderReweighted(trace, head, query);
  return renderSplitConcat(trace, step);
}

export function createStepExtras(
  host: HTMLElement,
  context: () => DrillContext | null,
): StepExtras {
  // The visuals go between the formulas and the matrices (or last, if the view has no
  // formulas); the drill-down panel after the matrices, near the cell it explains.
  const drillHost = el("div", "drill-host");
  const visuals = el("div", "step-visuals");
  const formulas = host.querySelector(".formulas");
  if (formulas) formulas.after(visuals);
  else host.append(visuals);
  host.append(drillHost);
  const panel = createDrillPanel(drillHost);
  let shown: { trace: TraceValue; step: StepValue; query: number } | null = null;

  function drill(trace: TraceValue, op: OperandValue, r: number, c: number): void {
    const ctx = context();
    if (!ctx) return;
    let title = "Drill-down";
    let parts: HTMLElement[];
    try {
      [title, parts] = drillParts(ctx, trace, op, r, c);
    } catch (e) {
      parts = [line(`Could not compute this cell: ${e instanceof Error ? e.message : String(e)}`)];
    }
    panel.open(title, parts);
  }

  return {
    decorate(trace, op) {
      const describe = (r: number, c: number) => describeCell(op.matrix, op.head, r, c, trace);
      if (!DRILLABLE.includes(op.matrix) || op.head < 0) return { describe };
      return { describe, onActivate: (r, c) => drill(trace, op, r, c) };
    },
    update(trace, step, query) {
      const q = step.query >= 0 ? step.query : query;
      if (shown && shown.trace === trace && shown.step === step && shown.query === q) return;
      if (!shown || shown.trace !== trace || shown.step !== step) panel.close();
      shown = { trace, step, query: q };
      const visual = visualFor(trace, step, q);
      visuals.replaceChildren(...(visual ? [visual] : []));
    },
  };
}
