/**
 * The numbers behind one drilled cell, as the drill-down panel's title and parts: asked of the
 * core, drawn by one renderer per kind. Loaded with import() on the first drill (drill.ts).
 */
import { plainLabel } from "../ui/format";
import { quoted } from "../ui/dom";
import type { Attention } from "../../wasm/loader";
import type { OperandValue, ScenarioFile, TraceValue } from "../../wasm/types";
import { renderOutputDrill } from "./drill-output";
import { renderProductDrill } from "./drill-product";
import { renderScoreDrill } from "./drill-score";
import { renderWeightDrill } from "./drill-weight";
import { DRILLS } from "./drill-ways";

/** The module and the scenario of the trace on screen (what a drill-down is computed from). */
export interface DrillContext {
  attention: Attention;
  scenario: ScenarioFile;
}

/** The numbers behind stored cell (r, c) of `op`, as the panel's title and parts. */
export async function drillParts(
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
