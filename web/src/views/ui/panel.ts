/**
 * The one interface of a part of the screen: the controller (app/app.ts) keeps a list of panels
 * and hands each redraw to every one of them, in order. A panel draws from the context only and
 * writes only its own elements; it never changes the state (it calls back into the controller)
 * and never looks up another panel's elements (the controller passes references instead).
 */
import { currentStep, type AppState } from "../../state/app-state";
import type { StepValue } from "../../wasm/types";

/** One redraw: the state to show and what changed since the one drawn before. */
export interface RenderContext {
  state: AppState;
  /** The state drawn before; null when drawing from scratch. */
  prev: AppState | null;
  /** The step shown (state.result.steps[state.index]). */
  step: StepValue;
  /** Another result (a new scenario or granularity): everything is drawn anew. */
  newResult: boolean;
  /** Another step, or another result. */
  newStep: boolean;
  /** Whether the player runs. */
  playing: boolean;
}

export interface Panel {
  render(ctx: RenderContext): void;
}

/** The context of drawing `state` after `prev`. */
export function renderContext(
  prev: AppState | null,
  state: AppState,
  playing: boolean,
): RenderContext {
  const newResult = !prev || prev.result !== state.result;
  const newStep = newResult || prev.index !== state.index;
  return { state, prev, step: currentStep(state), newResult, newStep, playing };
}
