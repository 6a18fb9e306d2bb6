/**
 * The app page's counterpart of an embed's keepStepInView (embed-mount.ts): after a move to
 * another step, the window scrolls so the step's title sits under the sticky bar and, as far as
 * it fits, its result is on screen too. A step already in view does not move the page.
 */
import type { View } from "../state/app-state";
import { afterLayout } from "../views/ui/after-layout";
import type { Stepper } from "./app";

/** Room kept between the sticky bar and the step's top, and under the result (px). */
const MARGIN = 8;

/** The bottom of the sticky bar over the page (the top bar, or a phone's step bar), else 0. */
function barBottom(root: HTMLElement): number {
  const bars = root.querySelectorAll<HTMLElement>(".topbar, .step-bar");
  let bottom = 0;
  for (const bar of bars) {
    if (getComputedStyle(bar).position !== "sticky") continue;
    bottom = Math.max(bottom, bar.getBoundingClientRect().bottom);
  }
  return bottom;
}

/** Scrolls the window as little as possible: the result as far as it fits, never past the title. */
function reveal(s: Stepper): void {
  const win = s.layout.root.ownerDocument.defaultView;
  if (!win || s.layout.root.classList.contains("learning")) return;
  const above = barBottom(s.layout.root) + MARGIN;
  const top = s.layout.step.getBoundingClientRect().top - above;
  const end = (s.resultFigure() ?? s.layout.step).getBoundingClientRect().bottom + MARGIN;
  const below = end - win.innerHeight;
  if (top < 0) win.scrollBy(0, top);
  else if (below > 0) win.scrollBy(0, Math.min(top, below));
}

/** The page's onView hook, and where it learns the stepper once started. */
export function keepStepInWindow(): {
  onView: (view: View) => void;
  attach: (s: Stepper) => void;
} {
  let stepper: Stepper | null = null;
  let last = "";
  let pending = false;
  return {
    onView(view) {
      const key = `${view.stage}/${view.head}/${view.query}/${view.granularity}`;
      if (key === last) return;
      last = key;
      const s = stepper;
      // Measured before the next paint, once the browser has laid this redraw out: in an
      // animation frame it forced a layout of its own at every step.
      if (!s || pending) return;
      pending = true;
      afterLayout(s.layout.step, () => {
        pending = false;
        reveal(s);
      });
    },
    attach(s) {
      stepper = s;
    },
  };
}
