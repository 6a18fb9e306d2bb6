/**
 * Which experiment a step offers, and what the experiments need from the app: shared by the
 * panel's shell (experiments-panel.ts, first load) and its body (experiments.ts, loaded later).
 */
import type { AppState } from "../../state/app-state";
import { Stage } from "../../wasm/enums";
import type { Attention } from "../../wasm/loader";
import type { StepValue } from "../../wasm/types";

export interface ExperimentDeps {
  attention(): Attention | null;
  state(): AppState | null;
  /** Puts the panel's box in the step view (its `afterFormulas`), once. */
  place(box: HTMLElement): void;
}

export type Experiment = "shift" | "sinks" | null;

/** RoPE's shift on the Scores step of a self-attention RoPE scenario; dropping the sinks on the
 * Mask step of a window with sink tokens; else null. */
export function experimentOf(state: AppState, step: StepValue): Experiment {
  const t = state.result.trace;
  if (step.stage === Stage.Mask && t.sinkTokens > 0 && t.window > 0) return "sinks";
  return step.stage === Stage.Scores && t.rope !== undefined && t.selfAttention ? "shift" : null;
}
