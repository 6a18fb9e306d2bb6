/**
 * An embed's start step checked against the scenario once it is loaded: a head, query or stage
 * the scenario does not have is named with the allowed range, and the stepper shows the nearest
 * step (app-state.ts `atStart` picks it). Numbers in messages are 1-based, as authors write them.
 */
import type { StartStep, View } from "./app-state";
import { EmbedOptionError, stageName } from "./embed-options";
import { Stage } from "../wasm/enums";
import type { RunResult } from "../wasm/types";

/** Why a stage has no step, for the stages a scenario may lack. */
const MISSING_BECAUSE: Partial<Record<Stage, string>> = {
  [Stage.Mask]: "it masks nothing",
  [Stage.Scale]: "its scoring function does not divide by √d_k",
  [Stage.OutputProjection]: "it has no W_O",
  [Stage.RopeK]: "it has no rope",
  [Stage.RopeQ]: "it has no rope",
  [Stage.Alibi]: "alibi is off",
};

/** "heads 1 to 8", or "only head 1". */
function range(one: string, many: string, count: number): string {
  return count === 1 ? `only ${one} 1` : `${many} 1 to ${count}`;
}

/** The options of `start` that `result` cannot show; `shown` is the view the stepper opened at. */
export function checkStart(start: StartStep, result: RunResult, shown: View): EmbedOptionError[] {
  const errors: EmbedOptionError[] = [];
  const heads = result.trace.numHeads;
  const queries = result.trace.queryTokens.length;
  if (start.head !== undefined && start.head >= heads) {
    errors.push(
      new EmbedOptionError(
        "head",
        `${start.head + 1} is out of range; this scenario has ${range("head", "heads", heads)}.`,
        `Showing head ${shown.head + 1}.`,
      ),
    );
  }
  if (start.query !== undefined && start.query >= queries) {
    errors.push(
      new EmbedOptionError(
        "query",
        `${start.query + 1} is out of range; this scenario has ${range("query", "queries", queries)}.`,
        `Showing query ${shown.query + 1}.`,
      ),
    );
  }
  if (start.algoStep !== undefined && result.trace.algorithm === "standard") {
    errors.push(
      new EmbedOptionError(
        "algorithm-step",
        `this scenario has no other algorithm to step through (its algorithm is "standard"; "kv-cache" or "flash" have steps).`,
        "Showing the standard steps.",
      ),
    );
  }
  const stages = [...new Set(result.steps.map((s) => s.stage))];
  if (start.stage !== undefined && !stages.includes(start.stage)) {
    const why = MISSING_BECAUSE[start.stage];
    errors.push(
      new EmbedOptionError(
        "stage",
        `${stageName(start.stage)} is not a step of this scenario${why ? ` (${why})` : ""}; its stages are ${stages.map(stageName).join(", ")}.`,
        `Showing ${stageName(shown.stage)}.`,
      ),
    );
  }
  return errors;
}
