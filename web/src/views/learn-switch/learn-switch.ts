/**
 * The app page's switch between the stepper, the Learn view and the Model view: the "Stepper |
 * Learn | Model" links in the top bar and the two views' sections (hidden while the stepper
 * shows), placed beside the stepper's layout parts it is given. Which one shows is
 * app/learn-mode.ts's and app/model-mode.ts's to decide.
 */
import { readLearnHash, learnHash } from "../../state/learn-link";
import type { TaskName } from "../../wasm/train-client";
import { el } from "../ui/dom";

/** The view a page shows. */
export type PageView = "stepper" | "learn" | "model";

/** The "Stepper | Learn | Model" switch, after the brand in the top bar. */
function buildSwitch(brand: HTMLElement, warmUp: (task: TaskName) => void) {
  const nav = el("nav", "view-switch");
  nav.setAttribute("aria-label", "Views");
  const toStepper = el("a", "", "Stepper");
  toStepper.href = "#";
  const toLearn = el("a", "", "Learn");
  toLearn.href = learnHash("translate");
  toLearn.title = "Train a tiny Transformer and watch its attention form";
  const toModel = el("a", "", "Model");
  toModel.href = "#model";
  toModel.title = "A small language model trained on the King James Bible: its tokens and heads";
  nav.append(toStepper, toLearn, toModel);
  for (const type of ["pointerenter", "focus"]) {
    toLearn.addEventListener(type, () => warmUp(readLearnHash(toLearn.hash)?.task ?? "translate"), {
      once: true,
    });
  }
  brand.after(nav);
  return { toStepper, toLearn, toModel };
}

/** A view's section (hidden), after `before`, with its status line. */
function buildSection(before: HTMLElement, name: "learn" | "model") {
  const section = el("section", name);
  section.dataset.part = name;
  section.dataset.testid = name;
  section.setAttribute("aria-labelledby", `${name}-title`);
  section.hidden = true;
  // A click inside focuses the view, so keys start there, not on the page's body.
  section.tabIndex = -1;
  const message = el("p", `status ${name}-status`);
  message.setAttribute("role", "status");
  section.append(message);
  before.after(section);
  return { section, message };
}

export interface LearnSwitch {
  toStepper: HTMLAnchorElement;
  toLearn: HTMLAnchorElement;
  toModel: HTMLAnchorElement;
  section: HTMLElement;
  /** The Learn view's status line. */
  message: HTMLElement;
  /** The Model view's section and status line. */
  model: { section: HTMLElement; message: HTMLElement };
  /** Shows `view`'s section (none for the stepper), its link marked as the current one. */
  show(view: PageView): void;
}

/** The switch after `brand` and the section after `box`; `warmUp` loads Learn ahead of a click. */
export function createLearnSwitch(
  parts: { brand: HTMLElement; box: HTMLElement },
  warmUp: (task: TaskName) => void,
): LearnSwitch {
  const { toStepper, toLearn, toModel } = buildSwitch(parts.brand, warmUp);
  const { section, message } = buildSection(parts.box, "learn");
  const model = buildSection(section, "model");
  const links = { stepper: toStepper, learn: toLearn, model: toModel };
  return {
    toStepper,
    toLearn,
    toModel,
    section,
    message,
    model,
    show(view) {
      section.hidden = view !== "learn";
      model.section.hidden = view !== "model";
      for (const [name, link] of Object.entries(links)) {
        if (name === view) link.setAttribute("aria-current", "page");
        else link.removeAttribute("aria-current");
      }
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
