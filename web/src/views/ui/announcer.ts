/** The aria-live region: says the step number and its sentence after every move. */
import type { Panel } from "./panel";

/** Updates the polite live region `el` (visually hidden) for step `index` of `total`. */
export function announceStep(
  el: HTMLElement,
  index: number,
  total: number,
  sentence: string,
): void {
  el.textContent = `Step ${index + 1} of ${total}. ${sentence}`;
}

/** The live region `el` as a panel: it speaks once per new step. */
export function createAnnouncer(el: HTMLElement): Panel {
  return {
    render({ state, step, newStep }) {
      if (newStep) announceStep(el, state.index, state.result.steps.length, step.sentence);
    },
  };
}
