/**
 * What the step view shows besides its matrices: the drill-down (views/drill), the current query's
 * weights as bars (SoftMax), the reweighted values (weighted sum) and the split/concat panel
 * (projections, Concat). Composes those views for the step on screen; each is kept and updated in
 * place from step to step (a split/concat panel is built once per trace, stage and head).
 */
import { Stage } from "../wasm/enums";
import type { OperandValue, StepValue, TraceValue } from "../wasm/types";
import { createDrill, type DrillContext } from "../views/drill/drill";
import type { MatrixSpec } from "../views/matrix/matrix-model";
import { createReweighted } from "../views/matrix/reweighted";
import { renderSplitConcat } from "../views/split-concat/split-concat";
import { createBarChart } from "../views/ui/bar-chart";
import { el, quoted } from "../views/ui/dom";

export interface StepExtras {
  /** The hooks for one matrix of the step: what its cells mean, and drilling where possible. */
  decorate(trace: TraceValue, op: OperandValue): Pick<MatrixSpec, "describe" | "onActivate">;
  /** Redraws the visuals for the step (and, on whole-matrix steps, the focused query). */
  update(trace: TraceValue, step: StepValue, query: number): void;
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
  const drill = createDrill(drillHost, context);
  const bars = createBarChart("weights-bars");
  const reweighted = createReweighted();
  let panels = new Map<string, HTMLElement | null>();
  let shown: { trace: TraceValue; step: StepValue; query: number } | null = null;

  /** The visual for the step's kind, updated for it, or null. */
  function visualFor(trace: TraceValue, step: StepValue, query: number): HTMLElement | null {
    const head = step.head;
    if (step.stage === Stage.Softmax && head >= 0) {
      const w = trace.headTraces[head]!.weights;
      const n = w.cols;
      bars.show({
        caption: `Weights of query ${quoted(trace.queryLabels[query])} in head ${head + 1} (row ${query + 1} of A): one bar per key, a full bar is 1`,
        labels: trace.keyLabels,
        values: w.data.subarray(query * n, (query + 1) * n),
        masked: (j) => trace.hasMask && trace.mask.data[query * trace.mask.cols + j] === 0,
      });
      return bars.element;
    }
    if (step.stage === Stage.WeightedSum && head >= 0) {
      reweighted.show(trace, head, query);
      return reweighted.element;
    }
    const key = `${step.stage}:${head}`;
    if (!panels.has(key)) panels.set(key, renderSplitConcat(trace, step));
    return panels.get(key)!;
  }

  return {
    decorate: drill.decorate,
    update(trace, step, query) {
      const q = step.query >= 0 ? step.query : query;
      if (shown && shown.trace === trace && shown.step === step && shown.query === q) return;
      if (!shown || shown.trace !== trace || shown.step !== step) drill.close();
      if (shown?.trace !== trace) panels = new Map();
      shown = { trace, step, query: q };
      const visual = visualFor(trace, step, q);
      if (visuals.firstElementChild !== visual || visuals.childElementCount > 1)
        visuals.replaceChildren(...(visual ? [visual] : []));
    },
  };
}
