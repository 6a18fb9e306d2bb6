/**
 * The parts of an embedded stepper's page that are not the stepper: the message box above it
 * (rejected options, a `src` that did not load) and keeping the current step in view inside the
 * embed's own scroll box. Elements come by reference from the stepper's layout.
 */

/** The message box above an embedded stepper (hidden while empty); returns its writer. */
export function messageBox(host: HTMLElement | ShadowRoot): (lines: string[]) => void {
  const doc = host.ownerDocument;
  const box = doc.createElement("div");
  box.className = "attention-stepper-error";
  box.setAttribute("role", "alert");
  box.dataset.testid = "embed-error";
  box.hidden = true;
  host.append(box);
  return (lines) => {
    box.replaceChildren(
      ...lines.map((l) => {
        const p = doc.createElement("p");
        p.textContent = l;
        return p;
      }),
    );
    box.hidden = lines.length === 0;
  };
}

/** Room left above the step panel when it is scrolled to the top of the embed (px). */
const MARGIN = 8;

/** The embed's scroll box, the step panel in it, and the step's result figure if any. */
export interface StepInBox {
  box: HTMLElement;
  step: HTMLElement;
  result(): HTMLElement | null;
}

/** Scrolls the embed's scroll box so the step's title is in view and, when both fit, its result. */
export function reveal({ box, step, result }: StepInBox): void {
  const end = result() ?? step; // first: asked for, the result is laid out (step-view.ts)
  if (box.scrollHeight <= box.clientHeight) return;
  // Positions inside the scroll box's content, from its top.
  const origin = box.getBoundingClientRect().top - box.scrollTop;
  const top = step.getBoundingClientRect().top - origin - MARGIN;
  const bottom = end.getBoundingClientRect().bottom - origin + MARGIN;
  const height = box.clientHeight;
  // As little as possible: the result as far as it fits, never past the title.
  if (top < box.scrollTop) box.scrollTop = top;
  else if (bottom > box.scrollTop + height) box.scrollTop = Math.min(top, bottom - height);
}

/**
 * On opening at a named stage: as reveal, and if the result still does not show whole (a tall
 * step), the result at the top of the box, its title scrolled away: the stage the author named
 * is what the reader came for.
 */
export function revealResult(parts: StepInBox): void {
  reveal(parts);
  const { box } = parts;
  const result = parts.result();
  if (!result) return;
  const view = box.getBoundingClientRect();
  const r = result.getBoundingClientRect();
  if (r.top >= view.top && r.bottom <= view.top + box.clientHeight) return;
  box.scrollTop += r.top - view.top - MARGIN;
}
