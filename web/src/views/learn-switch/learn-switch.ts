/**
 * The app page's switch between the stepper and the Learn view: the "Stepper | Learn" links in the
 * top bar and the Learn view's section (hidden while the stepper shows), placed beside the
 * stepper's layout parts it is given. Which one shows is app/learn-mode.ts's to decide.
 */
import { readLearnHash, learnHash } from "../../state/learn-link";
import type { TaskName } from "../../wasm/train-client";
import { el } from "../ui/dom";

/** The "Stepper | Learn" switch, after the brand in the top bar. */
function buildSwitch(brand: HTMLElement, warmUp: (task: TaskName) => void) {
  const nav = el("nav", "view-switch");
  nav.setAttribute("aria-label", "Views");
  const toStepper = el("a", "", "Stepper");
  toStepper.href = "#";
  const toLearn = el("a", "", "Learn");
  toLearn.href = learnHash("translate");
  toLearn.title = "Train a tiny Transformer and watch its attention form";
  nav.append(toStepper, toLearn);
  for (const type of ["pointerenter", "focus"]) {
    toLearn.addEventListener(type, () => warmUp(readLearnHash(toLearn.hash)?.task ?? "translate"), {
      once: true,
    });
  }
  brand.after(nav);
  return { toStepper, toLearn };
}

/** The Learn view's section (hidden), after the stepper's box, with its status line. */
function buildSection(box: HTMLElement) {
  const section = el("section", "learn");
  section.dataset.part = "learn";
  section.dataset.testid = "learn";
  section.setAttribute("aria-labelledby", "learn-title");
  section.hidden = true;
  // A click inside focuses the view, so keys start there, not on the page's body.
  section.tabIndex = -1;
  const message = el("p", "status learn-status");
  message.setAttribute("role", "status");
  section.append(message);
  box.after(section);
  return { section, message };
}

export interface LearnSwitch {
  toStepper: HTMLAnchorElement;
  toLearn: HTMLAnchorElement;
  section: HTMLElement;
  /** The Learn view's status line. */
  message: HTMLElement;
  /** Shows the Learn section (on) or not, the current link marked. */
  show(on: boolean): void;
}

/** The switch after `brand` and the section after `box`; `warmUp` loads Learn ahead of a click. */
export function createLearnSwitch(
  parts: { brand: HTMLElement; box: HTMLElement },
  warmUp: (task: TaskName) => void,
): LearnSwitch {
  const { toStepper, toLearn } = buildSwitch(parts.brand, warmUp);
  const { section, message } = buildSection(parts.box);
  return {
    toStepper,
    toLearn,
    section,
    message,
    show(on) {
      section.hidden = !on;
      const [current, other] = on ? [toLearn, toStepper] : [toStepper, toLearn];
      current.setAttribute("aria-current", "page");
      other.removeAttribute("aria-current");
    },
  };
}

/**
 * The stepper's keys (arrows, space, P) never act while Learn covers it: Learn's controls own
 * their keys, and keys from elsewhere on the page (the body, the top bar) stop here.
 */
export function guardKeys(win: Window, section: HTMLElement, learning: () => boolean): void {
  section.addEventListener("keydown", (e) => e.stopPropagation());
  win.addEventListener(
    "keydown",
    (e) => {
      if (learning() && !(e.target instanceof Node && section.contains(e.target))) {
        e.stopPropagation();
      }
    },
    true,
  );
}
