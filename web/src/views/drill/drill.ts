/**
 * Drilling into a cell: every cell of the step's matrices says what it means (tooltip, inspector),
 * and a cell of Q, K, V, the scores, the weights, a head's output or the final output Y opens a
 * panel with the numbers it is computed from, which come from the wasm core (drillProjection,
 * drillScore, drillWeight, drillOutput, drillFinal). The panel's contents (drill-parts.ts and its
 * renderers) load with import() on the first drill; the tooltips are in the first load.
 */
import type { Panel } from "../ui/panel";
import { el } from "../ui/dom";
import { whenLoaded } from "../../wasm/lazy-run";
import type { OperandValue, StepValue, TraceValue } from "../../wasm/types";
import type { MatrixSpec } from "../matrix/matrix-model";
import { isPerHead } from "../matrix/trace-lookup";
import { describeCell } from "./describe-cell";
import { createDrillPanel } from "./drill-panel";
import type { DrillContext } from "./drill-parts";
import { DRILLS } from "./drill-ways";

export interface Drill extends Panel {
  /** The box the panel is in, after the step's matrices. */
  readonly box: HTMLElement;
  /** The hooks for one matrix of the step: what its cells mean, and drilling where possible. */
  decorate(trace: TraceValue, op: OperandValue): Pick<MatrixSpec, "describe" | "onActivate">;
  close(): void;
}

/**
 * The drill-down, its box appended to `host` (the step view's, after the matrices, near the cell
 * it explains); `context` gives what a drill is computed from.
 */
export function createDrill(host: HTMLElement, context: () => DrillContext | null): Drill {
  const box = el("div", "drill-host");
  host.append(box);
  const panel = createDrillPanel(box);

  /** The latest cell asked for: the answer for an earlier one that comes after is dropped. */
  let asked = 0;
  /** The step the open panel's cell belongs to. */
  let shown: { trace: TraceValue; step: StepValue } | null = null;

  async function drill(trace: TraceValue, op: OperandValue, r: number, c: number): Promise<void> {
    const ctx = context();
    if (!ctx) return;
    const mine = ++asked;
    let title = "Drill-down";
    let parts: HTMLElement[];
    try {
      const { drillParts } = await import("./drill-parts");
      // The renderers read the trace's matrices too: loaded first if they are not yet.
      [title, parts] = await whenLoaded(() => drillParts(ctx, trace, op, r, c));
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      parts = [el("p", "dline", `Could not compute this cell: ${why}`)];
    }
    if (mine === asked) panel.open(title, parts);
  }

  return {
    box,
    // Another step (or trace) closes the panel: its cell is no longer on screen.
    render({ state, step }) {
      const trace = state.result.trace;
      if (shown && shown.trace === trace && shown.step === step) return;
      shown = { trace, step };
      this.close();
    },
    decorate(trace, op) {
      const describe = (r: number, c: number) => describeCell(op.matrix, op.head, r, c, trace);
      // A head's matrix drills only as one head's (Y belongs to no head).
      if (!DRILLS.has(op.matrix) || (op.head < 0 && isPerHead(op.matrix))) return { describe };
      return { describe, onActivate: (r, c) => void drill(trace, op, r, c) };
    },
    close() {
      asked++;
      panel.close();
    },
  };
}
