/**
 * What the algorithm view's files share: the panel's dependencies, the view's one method, and
 * the numbers one step is drawn from (the worker's answers for the run and head on screen).
 */
import type { AppState } from "../../state/app-state";
import type { AlgorithmDifference, DecodeStepValue, FlashValue } from "../../wasm/algorithm-types";
import type { Attention } from "../../wasm/loader";
import type { RunResult, ScenarioFile } from "../../wasm/types";

export interface AlgorithmDeps {
  attention(): Attention | null;
  /** Shows the algorithm's step `step` (0-based), or the standard steps (undefined). */
  go(step: number | undefined): void;
  /** The walk on screen has `count` steps (known once the worker answered). */
  counted(count: number): void;
  /** A step was drawn (presentation mode fits it to the screen). */
  drawn(): void;
}

export interface AlgorithmView {
  /** Shows the algorithm of `state`'s run for its focused head (fetched once per run and head) at
   * the state's `algoStep`, or only the way into it while the standard steps are shown. */
  show(state: AppState): void;
}

/** What one step is drawn from: the run and its scenario, its head, and what the worker answered
 * for them. */
export interface AlgorithmData {
  result: RunResult;
  scenario: ScenarioFile;
  head: number;
  decode?: DecodeStepValue[];
  flash?: FlashValue;
  difference: AlgorithmDifference;
}

/** A step as drawn: its counter text and its content. */
export interface DrawnStep {
  counter: string;
  content: HTMLElement;
}

/** The core's module through the worker, or why not yet. */
export function attentionOf(deps: AlgorithmDeps): Attention {
  const att = deps.attention();
  if (!att) throw new Error("The WebAssembly core is not loaded yet.");
  return att;
}
