/**
 * Presentation mode, for a teacher stepping through a scenario live: the stepper's root goes full
 * screen (or, when the browser refuses, simply fills the window), the scenario panel, side panels
 * and top bar are hidden, the step grows as large as fits the screen (present-fit.ts), and a large
 * "Step 17 / 386" stays below it, never over it. The usual keys keep working (←/→, space, Home/End, [ ], ↑/↓); P toggles the mode and
 * Escape leaves it. Everything is scoped to `root`, so several steppers can share a page.
 */
import { keysBelongTo } from "../ui/keyboard";
import { eventOrigin, makeButton, rootOf } from "../ui/dom";
import type { Panel } from "../ui/panel";
import type { FitParts, StepFit } from "./present-fit";

export interface PresentMode extends Panel {
  /** The "Present" button (aria-pressed while presenting). */
  readonly button: HTMLButtonElement;
  readonly active: boolean;
  enter(): void;
  leave(): void;
  toggle(): void;
  /** Rescales the step to the screen after it changed (a no-op unless presenting). */
  refit(): void;
  dispose(): void;
}

export interface PresentOptions {
  /** Where the "Present" button goes (e.g. the controls area); none when omitted. */
  buttonHost?: HTMLElement;
  /** The step view's box, scaled to the screen while presenting. */
  step: HTMLElement;
  /** The step counters (the other algorithm's, the controls'): the first one shown is mirrored
   * large below the step. */
  counters: HTMLElement[];
  /** The step view's parts the fit reads (present-fit.ts). */
  fit: FitParts;
}

/** The class on the root while presenting; present.css keys off it. */
export const PRESENTING = "presenting";

/** Keys typed into a field belong to the field. */
function typing(el: EventTarget | null): boolean {
  if (!(el instanceof HTMLElement)) return false;
  if (el.isContentEditable || el instanceof HTMLTextAreaElement) return true;
  if (el instanceof HTMLSelectElement) return true;
  return (
    el instanceof HTMLInputElement &&
    !["checkbox", "radio", "button", "submit", "reset", "range", "color"].includes(el.type)
  );
}

/** "Step 17 of 386" (the controls' counter) → "Step 17 / 386". */
const bigCounterText = (text: string): string => text.replace(/\s+of\s+/, " / ");

/**
 * The always-visible counter and a way out for a mouse, appended to `root` (hidden); the counter
 * mirrors the first of the step counters `sources` that is shown, whatever moves the step.
 */
function createBar(root: HTMLElement, sources: HTMLElement[], leave: () => void) {
  const doc = root.ownerDocument;
  const bar = doc.createElement("div");
  bar.className = "present-bar";
  bar.hidden = true;
  const counter = doc.createElement("span");
  counter.className = "present-counter";
  counter.dataset.testid = "present-counter";
  const exit = makeButton("present-exit", "Exit (Esc)");
  exit.setAttribute("aria-label", "Leave presentation mode");
  exit.addEventListener("click", leave);
  bar.append(counter, exit);
  root.append(bar);
  const syncCounter = () => {
    // Only while presenting (the bar shows): checkVisibility() forces a layout, which ran on
    // every step and cost a 512-token page's first render ~30 ms (show() syncs it on entry).
    if (bar.hidden) return;
    const source = sources.find((s) => s.checkVisibility()) ?? sources[sources.length - 1]!;
    const text = bigCounterText(source.textContent ?? "");
    if (counter.textContent !== text) counter.textContent = text;
  };
  const observer = new MutationObserver(syncCounter);
  for (const source of sources) {
    observer.observe(source, { subtree: true, childList: true, characterData: true });
  }
  return { bar, syncCounter, observer };
}

/**
 * The "Present" button (aria-pressed while presenting). Hovering or focusing it calls `prefetch`
 * (the fit and CSS), so that pressing it shows large digits at once.
 */
function presentButton(toggle: () => void, prefetch: () => void): HTMLButtonElement {
  const button = makeButton(
    "present-toggle",
    "Present",
    "Presentation mode: full screen, large type, keys only (P; Esc leaves)",
  );
  button.setAttribute("aria-pressed", "false");
  button.addEventListener("click", toggle);
  button.addEventListener("pointerenter", prefetch, { once: true });
  button.addEventListener("focus", prefetch, { once: true });
  return button;
}

/**
 * The step scales to its box while `active()`, which follows the screen (a resized window). The
 * fit and presentation mode's CSS (present-fit.ts, present.css) load on first use: `load()` when
 * the Present button is hovered or focused, and presenting waits for it (enter below).
 */
function fitStep(step: HTMLElement, parts: FitParts, active: () => boolean) {
  const doc = step.ownerDocument;
  let fit: StepFit | null = null;
  let loading: Promise<unknown> | null = null;
  const load = (): Promise<unknown> =>
    (loading ??= import("./present-fit").then(
      (m) => (fit = m.createStepFit(step, parts)),
      // Not arrived (offline, a failed chunk): the next use asks again.
      () => (loading = null),
    ));
  const refit = () => {
    if (!active()) return;
    if (fit) fit.fit(doc.documentElement.clientHeight);
    else void load().then(() => fit && refit());
  };
  const stepFit = { clear: () => fit?.clear(), ready: () => fit !== null, load };
  let boxSize = "";
  const resized = new ResizeObserver(() => {
    const size = `${step.clientWidth}×${step.clientHeight}`;
    if (size !== boxSize) refit();
    boxSize = size;
  });
  resized.observe(step);
  return { stepFit, refit, resized };
}

/** Asks for full screen for `root`; `granted` is called once it is. */
function goFullscreen(root: HTMLElement, granted: () => void): void {
  const doc = root.ownerDocument;
  if (!doc.fullscreenEnabled || doc.fullscreenElement || !root.requestFullscreen) return;
  // Refused (no user gesture, an iframe without allowfullscreen): the layout still switches.
  root.requestFullscreen().then(granted, () => undefined);
}

/** The handler of P (toggle) and Escape (leave) for the stepper in `root`. */
function presentKeys(root: HTMLElement, m: Pick<PresentMode, "active" | "toggle" | "leave">) {
  return (e: KeyboardEvent) => {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || typing(eventOrigin(e))) return;
    // This stepper's keys: from inside it, or from the page while presenting (or if it is alone).
    if (!keysBelongTo(root, e, m.active)) return;
    if (e.key === "p" || e.key === "P") {
      e.preventDefault();
      m.toggle();
    } else if (e.key === "Escape" && m.active) {
      e.preventDefault();
      m.leave();
    }
  };
}

export function createPresentMode(root: HTMLElement, options: PresentOptions): PresentMode {
  const doc = root.ownerDocument;
  let active = false;
  let wentFullscreen = false;
  // In a shadow root the document's fullscreenElement is the host: ask the root's own tree.
  const fullscreenElement = () => rootOf(root).fullscreenElement;

  const step = options.step;
  const { stepFit, refit, resized } = fitStep(step, options.fit, () => active);

  const prefetch = () => void stepFit.load();
  const button = presentButton(() => toggle(), prefetch);
  options.buttonHost?.append(button);

  const { bar, syncCounter, observer } = createBar(root, options.counters, () => leave());

  /** Enters once the fit and CSS are at hand: the first frame presenting is already scaled. */
  function enter(): void {
    if (active) return;
    active = true;
    button.setAttribute("aria-pressed", "true");
    if (stepFit.ready()) show();
    // Left before they arrived: stay out. Failed to arrive: present at the normal scale.
    else void stepFit.load().then(() => active && show());
  }

  function show(): void {
    if (root.classList.contains(PRESENTING)) return;
    root.classList.add(PRESENTING);
    bar.hidden = false;
    syncCounter();
    refit();
    // Formulas drawn before the page's fonts arrived change size once they do.
    if (doc.fonts.status !== "loaded") void doc.fonts.ready.then(refit);
    // Keys must reach this stepper once the focused control is hidden: focus the step view.
    step.focus({ preventScroll: true });
    wentFullscreen = false;
    goFullscreen(root, () => (wentFullscreen = active));
  }

  function leave(): void {
    if (!active) return;
    active = false;
    root.classList.remove(PRESENTING);
    button.setAttribute("aria-pressed", "false");
    bar.hidden = true;
    stepFit.clear();
    if (fullscreenElement() === root) void doc.exitFullscreen().catch(() => undefined);
    wentFullscreen = false;
  }

  function toggle(): void {
    if (active) leave();
    else enter();
  }

  // The browser leaves full screen by itself on Escape: leave the mode with it.
  const onFullscreen = () => {
    if (active && wentFullscreen && fullscreenElement() !== root) leave();
  };

  const onKey = presentKeys(root, {
    get active() {
      return active;
    },
    toggle,
    leave,
  });

  doc.addEventListener("keydown", onKey);
  doc.addEventListener("fullscreenchange", onFullscreen);

  return {
    button,
    get active() {
      return active;
    },
    enter,
    leave,
    toggle,
    refit,
    render() {
      // Another walk (the standard steps, the other algorithm's) shows another counter.
      if (active) syncCounter();
      refit();
    },
    dispose() {
      leave();
      observer.disconnect();
      resized.disconnect();
      doc.removeEventListener("keydown", onKey);
      doc.removeEventListener("fullscreenchange", onFullscreen);
      button.remove();
      bar.remove();
    },
  };
}
