/**
 * What a render of a state reads from its result beyond the summary, so the controller loads it
 * from the core's worker in one or two requests before drawing (wasm/lazy-run.ts `preload`): the
 * step with its neighbours' formulas, the matrices its operands and result name, every head's
 * weights (heat maps, bars; for a long sentence only the focused head's: the heat maps load the
 * others themselves, after the first step is shown) and the mask, the focused head's values
 * (reweighted rows), and the small matrices the cell descriptions and split/concat read. A part
 * left out here still arrives: its read throws NotLoadedError and the controller loads it and
 * draws again.
 */
import type { AppState } from "../state/app-state";
import { drawnLater } from "../views/heatmaps/heatmap";
import { matrixOf } from "../views/matrix/trace-lookup";
import { loadedOr } from "../wasm/lazy-run";
import type { OperandValue } from "../wasm/types";

export function renderReads(s: AppState): (() => unknown)[] {
  const { trace, steps } = s.result;
  const step = steps[s.index]!;
  const near = [s.index - 1, s.index + 1].flatMap((k) => {
    const n = steps[k];
    return n ? [() => n.formula] : [];
  });
  const ops = loadedOr((): OperandValue[] => [...step.operands, step.result], []);
  const head = trace.headTraces[s.focus.head];
  const weighed = drawnLater(trace) ? [head] : trace.headTraces;
  return [
    () => step.formula,
    ...near,
    ...ops.map((op) => () => matrixOf(trace, op.matrix, op.head)),
    ...weighed.map((h) => () => h?.weights),
    () => head?.v,
    () => trace.mask,
    () => trace.positionalQ,
    () => trace.positionalKv,
    () => trace.wO,
    () => trace.bO, // the output cells' description names b_O when there is one
  ];
}
