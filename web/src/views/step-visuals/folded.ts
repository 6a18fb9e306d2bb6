/**
 * A step visual that a long sentence shows folded: a <details> whose one-line summary says what
 * is inside. Short, it is always open and its summary hidden (visuals.css), as before. Long, it
 * starts closed; once the learner opens (or closes) it, that choice holds at every later step of
 * the session. Closed, its content is neither drawn nor updated: `draw` runs when it opens.
 *
 * Why: the weighted sum's reweighted values of a long sentence are a scroll box of 16 of its
 * lines, all weights near 0; drawing them took about a tenth of every step at 48 and 512 tokens
 * (a step's main-thread CPU with the box hidden: 0.88 and 0.91 of today's, paired runs).
 */
import { el, setText } from "../ui/dom";

export interface Folded {
  readonly element: HTMLDetailsElement;
  /** Shows `long` (folded unless opened before) or not; `draw()` fills the content when open. */
  show(long: boolean, summary: string, draw: () => void): void;
}

export function createFolded(content: HTMLElement): Folded {
  const details = el("details", "folded");
  const summary = el("summary");
  details.append(summary, content);
  /** The learner's choice for long content (closed until they open it). */
  let opened = false;
  let long = false;
  let draw: (() => void) | null = null;
  // "toggle" comes a task after `open` changes, from a click or from show(): only a long one's
  // state is the learner's, and one opened while closed is drawn then.
  details.addEventListener("toggle", () => {
    if (!long) return;
    opened = details.open;
    if (details.open && draw) draw();
    draw = null;
  });
  return {
    element: details,
    show(isLong, text, fill) {
      long = isLong;
      details.classList.toggle("whole", !long);
      setText(summary, text);
      const open = !long || opened;
      if (details.open !== open) details.open = open;
      if (open) fill();
      draw = open ? null : fill;
    },
  };
}
