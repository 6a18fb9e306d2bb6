/**
 * The app page's Model view (views/model/, loaded with import() the first time it opens, with
 * its worker and the language model's wasm, so the stepper's first load does not grow): "#model"
 * links open it (state/model-link.ts), the "Model" link in the top bar too. Its "Step through it"
 * opens a head's scenario in the stepper the way a link does (Stepper.open).
 */
import type { Stepper } from "./app";
import { backToStepper } from "./learn-mode";
import { guardKeys, type LearnSwitch } from "../views/learn-switch/learn-switch";
import { modelHash, readModelHash, type ModelLink, type ModelName } from "../state/model-link";
import type { StartStep } from "../state/app-state";
import type { ModelView } from "../views/model/model-view";
import type { ScenarioFile } from "../wasm/types";

/** The root's class while the Model view covers the stepper (styles/layout.css). */
const MODELLING = "modelling";

const warmUp = () => void import("../views/model/model-view");

/** On a Model link at start, hides the stepper at once and loads the view. */
export function modelAtStart(root: HTMLElement): void {
  const win = root.ownerDocument.defaultView ?? window;
  if (!readModelHash(win.location.hash)) return;
  root.classList.add(MODELLING);
  warmUp();
}

/** Adds the Model view to a started app page stepper, through the page's view switch. */
export function installModelMode(root: HTMLElement, stepper: Stepper, views: LearnSwitch): void {
  const win = root.ownerDocument.defaultView ?? window;
  const { section, message } = views.model;
  let view: Promise<ModelView> | null = null;
  let shownHash = "";
  const modelling = () => root.classList.contains(MODELLING);

  const load = () =>
    (view ??= import("../views/model/model-view").then((m) =>
      m.createModelView(section, message, { stepThrough, textShown }),
    ));

  function mark(on: boolean): void {
    if (!on) shownHash = "";
    root.classList.toggle(MODELLING, on);
    if (on) views.show("model");
  }

  async function enter(link: ModelLink): Promise<void> {
    mark(true);
    stepper.pause();
    shownHash = win.location.hash;
    try {
      (await load()).show(link);
    } catch (e) {
      view = null;
      message.textContent = `The Model view did not load: ${e instanceof Error ? e.message : e}`;
    }
  }

  function textShown(model: ModelName, text: string): void {
    const hash = modelHash(model, model === "kjv" ? text : "");
    views.toModel.href = shownHash = hash;
    if (modelling() && win.location.hash !== hash)
      win.history.replaceState(win.history.state, "", hash);
  }

  /** Shows `scenario` in the stepper; url-sync gives it its own history entry and link. */
  async function stepThrough(scenario: ScenarioFile, start: StartStep): Promise<void> {
    mark(false);
    views.show("stepper");
    const err = await stepper.open(scenario, start);
    if (err) stepper.say(`Not opened (${err.field}): ${err.message}`);
    stepper.layout.step.focus();
  }

  views.toModel.addEventListener("pointerenter", warmUp, { once: true });
  views.toModel.addEventListener("focus", warmUp, { once: true });
  views.toStepper.addEventListener("click", (e) => {
    if (!modelling()) return;
    e.preventDefault();
    mark(false);
    views.show("stepper");
    backToStepper(win, stepper);
  });
  guardKeys(win, section, modelling);
  const follow = () => {
    if (win.location.hash === shownHash) return;
    const link = readModelHash(win.location.hash);
    if (link) void enter(link);
    else if (modelling()) mark(false);
  };
  win.addEventListener("hashchange", follow);
  win.addEventListener("popstate", follow);
  follow();
}
