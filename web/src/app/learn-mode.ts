/**
 * The app page's two views: the stepper and Learn (views/learn/, loaded with import() the first
 * time it opens, so the stepper's first load does not grow). A "Stepper | Learn" switch in the top
 * bar; "#learn" and "#learn=copy" links open Learn (state/learn-link.ts); back and forward move
 * between the two. Learn's "Step through it" opens the learned scenario in the stepper the way a
 * link does (Stepper.open), so the URL, Share and Export follow it like any scenario.
 */
import type { Stepper } from "./app";
import { createLearnSwitch, guardKeys, type LearnSwitch } from "../views/learn-switch/learn-switch";
import { encodeView } from "../state/url-state";
import { learnHash, readLearnHash, type LearnLink, type TypedSettings } from "../state/learn-link";
import type { LearnView } from "../views/learn/learn-view";
import type { TaskName } from "../wasm/train-client";
import type { ScenarioFile } from "../wasm/types";

/** The root's class while Learn covers the stepper (styles/layout.css hides the stepper's parts). */
const LEARNING = "learning";

/**
 * Fetches the Learn view and starts a training worker (its module compiles while the rest loads;
 * train-client keeps it for the next session), before Learn is asked for: on a Learn link at
 * start, or when the pointer or the focus reaches the Learn link.
 */
function warmUp(task: TaskName): void {
  void import("../views/learn/learn-view");
  void import("../wasm/train-client").then((m) => m.defaultSettings(task)).catch(() => undefined);
}

/** On a Learn link, hides the stepper at once and loads Learn beside the stepper's core. */
export function learnAtStart(root: HTMLElement): void {
  const win = root.ownerDocument.defaultView ?? window;
  const link = readLearnHash(win.location.hash);
  if (!link) return;
  root.classList.add(LEARNING);
  warmUp(link.task);
}

/** Back in the stepper: a new history entry with its view's link. */
export function backToStepper(win: Window, stepper: Stepper): void {
  const shown = stepper.view();
  if (!shown) return;
  // A scenario too big for a link: the stepper's URL holds no view (url-sync.ts).
  void encodeView(shown).then(
    (text) => win.history.pushState(null, "", `#${text}`),
    () => win.history.pushState(null, "", win.location.pathname + win.location.search),
  );
}

/** Adds the switch and the Learn view to a started app page stepper; returns the switch. */
export function installLearnMode(root: HTMLElement, stepper: Stepper): LearnSwitch {
  const win = root.ownerDocument.defaultView ?? window;
  const views = createLearnSwitch(stepper.layout, warmUp);
  const { toStepper, toLearn, section, message, show } = views;

  let view: Promise<LearnView> | null = null;
  const learning = () => root.classList.contains(LEARNING);
  /** The Learn link being shown ("" while the stepper is): its second event (a fragment
   * navigation fires both popstate and hashchange) is not a new one. */
  let shownHash = "";

  const load = () =>
    (view ??= import("../views/learn/learn-view").then((m) =>
      m.createLearnView(section, { stepThrough, taskShown, settingsTyped }),
    ));

  function mark(on: boolean): void {
    if (!on) shownHash = "";
    root.classList.toggle(LEARNING, on);
    show(on ? "learn" : "stepper");
  }

  async function enter(link: LearnLink): Promise<void> {
    mark(true);
    // Whatever plays in the stepper stops: its URL writes would replace the Learn link.
    stepper.pause();
    // "#learn" (or a bad task) reads as the task shown: a reload or a shared link keeps it.
    const hash = learnHash(link.task, link.typed);
    toLearn.href = hash;
    if (win.location.hash !== hash) win.history.replaceState(win.history.state, "", hash);
    shownHash = hash;
    message.textContent = link.problem;
    try {
      (await load()).show(link.task, link.typed);
    } catch (e) {
      view = null;
      message.textContent = `The Learn view did not load: ${e instanceof Error ? e.message : e}`;
    }
  }

  function taskShown(task: TaskName): void {
    settingsTyped(task, {});
  }

  /** The settings typed go into the link, as the stepper's view does: a reload keeps them. */
  function settingsTyped(task: TaskName, typed: TypedSettings): void {
    const hash = learnHash(task, typed);
    toLearn.href = shownHash = hash;
    win.history.replaceState(win.history.state, "", hash);
  }

  /** Shows `scenario` in the stepper; url-sync gives it its own history entry and link. */
  async function stepThrough(scenario: ScenarioFile): Promise<void> {
    mark(false);
    const err = await stepper.open(scenario);
    if (err) stepper.say(`Not opened (${err.field}): ${err.message}`);
    stepper.layout.step.focus();
  }

  toStepper.addEventListener("click", (e) => {
    e.preventDefault();
    if (!learning()) return;
    mark(false);
    backToStepper(win, stepper);
  });
  guardKeys(win, section, learning);
  const follow = () => {
    if (win.location.hash === shownHash) return;
    const link = readLearnHash(win.location.hash);
    if (link) void enter(link);
    else if (learning()) mark(false);
  };
  win.addEventListener("hashchange", follow);
  win.addEventListener("popstate", follow);
  mark(learning());
  follow();
  return views;
}
