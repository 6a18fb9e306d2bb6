/** The aria-live region: says the step number and its sentence after every move. */

/** Updates the polite live region `el` (visually hidden) for step `index` of `total`. */
export function announceStep(
  el: HTMLElement,
  index: number,
  total: number,
  sentence: string,
): void {
  el.textContent = `Step ${index + 1} of ${total}. ${sentence}`;
}
