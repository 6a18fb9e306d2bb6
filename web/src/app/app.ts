/**
 * A stepper: the layout (views/layout), the controller (controller.ts: state, runs, moves) and
 * the screen's panels (screen.ts), which every redraw loops over. Renderers never change state
 * themselves; they call back into the controller.
 */
import { hidePanels, createLayout, scopeIds, type Layout } from "../views/layout/layout";
import { renderContext, type Panel } from "../views/ui/panel";
import { DEFAULT_PRESET, presetById, presetScenario, presetScenarioNow } from "../state/presets";
import { viewOf, type AppState, type StartStep, type View } from "../state/app-state";
import type { StepperOptions, Theme } from "../state/stepper-options";
import { formFromScenario } from "../views/scenario/scenario-form";
import { loadAttention, ScenarioError } from "../wasm/loader";
import type { RunResult, ScenarioFile } from "../wasm/types";
import { Controller } from "./controller";
import { createScreen, type Screen } from "./screen";

/** A stepper's options, and the hook the page uses to follow it. */
export interface AppOptions extends StepperOptions {
  /** Called after every redraw, e.g. to keep the URL in sync; `playing` while the player runs. */
  onView?: (view: View, playing: boolean) => void;
}

/** A stepper once started: read or move its view from outside (URL, share dialog). */
export interface Stepper {
  view(): View | null;
  /** What the core computed for the scenario shown (e.g. to check an embed's start step). */
  result(): RunResult | null;
  /**
   * Opens `scenario` at `start`; resolves with the core's error (the current view stays) or null
   * once it is shown (also null when a newer scenario replaced it before it was computed).
   */
  open(scenario: ScenarioFile, start?: StartStep): Promise<ScenarioError | null>;
  /** Stops playing (e.g. when another view covers the stepper). */
  pause(): void;
  /** The parts of the page the stepper fills (the page wrappers place things beside them). */
  readonly layout: Layout;
  /** The step's result figure, if it has one (an embed keeps it in view). */
  resultFigure(): HTMLElement | null;
  /** Shows the stepper in `theme` (an embedder's choice), the theme button following. */
  setTheme(theme: Theme): void;
  /** A line in the stepper's status area ("" clears it). */
  say(text: string): void;
}

/** Hands state `s` (drawn after `prev`) to every panel, then to the page's hook. */
function renderer(panels: () => Panel[], playing: () => boolean, options: AppOptions) {
  let measures = 0;
  return (prev: AppState | null, s: AppState): void => {
    performance.mark("step-render-start");
    const ctx = renderContext(prev, s, playing());
    for (const panel of panels()) panel.render(ctx);
    options.onView?.(viewOf(s), ctx.playing);
    // A measure per redraw, so tests and profiles can check "a step renders within a frame";
    // the buffer is emptied now and then so a long session does not collect them forever.
    performance.measure("step-render", "step-render-start");
    performance.clearMarks("step-render-start");
    if (++measures > 1000) {
      performance.clearMeasures("step-render");
      measures = 0;
    }
  };
}

/** Loads the core; says why in the status line when it cannot. */
async function loadCore(c: Controller): Promise<void> {
  c.say("Loading the WebAssembly core…");
  try {
    c.coreLoaded(await loadAttention());
  } catch (e) {
    c.say(`Could not load the WebAssembly core: ${e instanceof Error ? e.message : String(e)}`);
    throw e;
  }
  c.say("");
}

/** Opens the options' scenario, else their preset; a bad one says so and shows the default. */
async function openFirst(c: Controller, options: AppOptions): Promise<void> {
  let initial = options.scenario;
  let err: ScenarioError | null = null;
  if (!initial) {
    // A fetched preset (learned) is awaited; the others are at hand, with no wait.
    const preset = presetById(options.preset ?? "") ?? DEFAULT_PRESET;
    initial =
      presetScenarioNow(preset) ??
      (await presetScenario(preset).catch((e: Error) => {
        err = new ScenarioError("preset", e.message);
        return DEFAULT_PRESET.scenario;
      }));
  }
  // A preset opens a translation on its best-aligned head (unless the start names a step).
  err ??= await c.open(initial, options.start, !options.scenario);
  if (err) {
    // A bad scenario from a link or an attribute: say so, and show the default instead.
    await c.open(DEFAULT_PRESET.scenario, {});
    c.say(`The given scenario was not opened (${err.field || "scenario"}): ${err.message}`);
  }
}

/**
 * Builds a stepper inside `root` and loads the wasm core (shared by every stepper of the page).
 * Resolves once the first scenario is shown.
 */
export async function startApp(root: HTMLElement, options: AppOptions = {}): Promise<Stepper> {
  const layout = createLayout(root);
  let screen: Screen | null = null;
  const panels = () => screen?.panels ?? [];
  const c: Controller = new Controller(
    layout.status,
    renderer(panels, () => c.player.playing, options),
  );
  screen = createScreen(root, layout, c, options.keys === "root" ? root : root.ownerDocument);
  hidePanels(layout, options.hide ?? new Set());
  c.standardOnly = options.hide?.has("algorithm") ?? false;
  scopeIds(root);
  c.parts?.form.setValues(formFromScenario(DEFAULT_PRESET.scenario), DEFAULT_PRESET.id);
  await loadCore(c);
  await openFirst(c, options);
  if (options.autoplay) c.togglePlay();
  root.classList.add("ready");
  const shown = screen;
  return {
    view: () => (c.state ? viewOf(c.state) : null),
    result: () => c.state?.result ?? null,
    open: (scenario, start) => c.open(scenario, start),
    pause: () => c.player.pause(),
    layout,
    resultFigure: () => shown.stepView.resultFigure(),
    setTheme: (theme) => shown.theme.show(theme),
    say: (text) => c.say(text),
  };
}
