/**
 * Drilling into a cell: every cell of the step's matrices says what it means (tooltip, inspector),
 * and a cell of Q, K, V, the scores, the weights, a head's output or the final output Y opens a
 * panel with the numbers it is computed from, which come from the wasm core (drillProjection,
 * drillScore, drillWeight, drillOutput, drillFinal).
 */
import { plainLabel } from "../ui/format";
import type { Panel } from "../ui/panel";
import { el, quoted } from "../ui/dom";
import { DrillKind, MatrixId } from "../../wasm/enums";
import { whenLoaded } from "../../wasm/lazy-run";
import type { Attention, ProjectionKind } from "../../wasm/loader";
import type { OperandValue, ScenarioFile, StepValue, TraceValue } from "../../wasm/types";
import type { MatrixSpec } from "../matrix/matrix-model";
import { isPerHead } from "../matrix/trace-lookup";
import { describeCell } from "./describe-cell";
import { createDrillPanel } from "./drill-panel";
import { renderOutputDrill } from "./drill-output";
import { renderProductDrill, type ProductKind } from "./drill-product";
import { renderScoreDrill } from "./drill-score";
import { line } from "./drill-table";
import { renderWeightDrill } from "./drill-weight";

/** The module and the scenario of the trace on screen (what a drill-down is computed from). */
export interface DrillContext {
  attention: Attention;
  scenario: ScenarioFile;
}

export interface Drill extends Panel {
  /** The box the panel is in, after the step's matrices. */
  readonly box: HTMLElement;
  /** The hooks for one matrix of the step: what its cells mean, and drilling where possible. */
  decorate(trace: TraceValue, op: OperandValue): Pick<MatrixSpec, "describe" | "onActivate">;
  close(): void;
}

/** How a cell is drilled: a row times a column (with the core's projection drill, or drillFinal
 * for Y), a score, a weight, or a head's output. */
type DrillWay =
  | { kind: "product"; product: ProductKind; projection: ProjectionKind | null }
  | { kind: "score" | "weight" | "output" };

/** The matrices whose cells open a drill-down, by registry id, and how. */
const DRILLS = new Map<MatrixId, DrillWay>([
  [MatrixId.Q, { kind: "product", product: "q", projection: DrillKind.Query }],
  [MatrixId.K, { kind: "product", product: "k", projection: DrillKind.Key }],
  [MatrixId.V, { kind: "product", product: "v", projection: DrillKind.Value }],
  [MatrixId.Output, { kind: "product", product: "y", projection: null }],
  [MatrixId.Scores, { kind: "score" }],
  [MatrixId.Scaled, { kind: "score" }],
  [MatrixId.Masked, { kind: "score" }],
  [MatrixId.Weights, { kind: "weight" }],
  [MatrixId.HeadOutput, { kind: "output" }],
]);

/** The numbers behind stored cell (r, c) of `op`, as the panel's title and parts. */
async function drillParts(
  ctx: DrillContext,
  trace: TraceValue,
  op: OperandValue,
  r: number,
  c: number,
): Promise<[string, HTMLElement[]]> {
  const head = op.head;
  const name = plainLabel(op.label).replace(/ᵀ$/, "");
  const way = DRILLS.get(op.matrix);
  if (way?.kind === "product") {
    const { product: kind, projection: drillKind } = way;
    const token = kind === "k" || kind === "v" ? trace.keyLabels[r] : trace.queryLabels[r];
    const d = await (drillKind
      ? ctx.attention.drillProjection(ctx.scenario, drillKind, head, r, c)
      : ctx.attention.drillFinal(ctx.scenario, r, c));
    const title = `How ${name} [row ${r + 1} ${quoted(token)}, column ${c + 1}] is computed`;
    return [title, renderProductDrill(d, { trace, kind, head, i: r, c, name })];
  }
  const where = `row ${r + 1} ${quoted(trace.queryLabels[r])}`;
  if (way?.kind === "score") {
    const d = await ctx.attention.drillScore(ctx.scenario, head, r, c);
    const title = `How ${name} [${where}, key ${c + 1} ${quoted(trace.keyLabels[c])}] is computed`;
    return [title, renderScoreDrill(d, { trace, head, i: r, j: c })];
  }
  if (way?.kind === "weight") {
    const d = await ctx.attention.drillWeight(ctx.scenario, head, r, c);
    const title = `How ${name} [${where}, key ${c + 1} ${quoted(trace.keyLabels[c])}] is computed`;
    return [title, renderWeightDrill(d, { trace, head, i: r, j: c })];
  }
  const d = await ctx.attention.drillOutput(ctx.scenario, head, r, c);
  const title = `How ${name} [${where}, column ${c + 1}] is computed`;
  return [title, renderOutputDrill(d, { trace, head, i: r, c })];
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
      // The renderers read the trace's matrices too: loaded first if they are not yet.
      [title, parts] = await whenLoaded(() => drillParts(ctx, trace, op, r, c));
    } catch (e) {
      parts = [line(`Could not compute this cell: ${e instanceof Error ? e.message : String(e)}`)];
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
