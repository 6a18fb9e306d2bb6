/**
 * The controller: holds the one AppState, runs scenarios through the wasm core, and hands each new
 * state to the renderers. Renderers never change state themselves; they call back here.
 */
import { announceStep } from "../views/ui/announcer";
import { createControls, DEFAULT_SPEED } from "../views/controls/controls";
import { createHeatmaps } from "../views/heatmaps/heatmap";
import { prepareFormulas } from "../views/matrix/formula";
import { createPipeline } from "../views/pipeline/pipeline";
import { createScenarioPanel } from "../views/scenario/scenario-panel";
import { showOrigin } from "../views/scenario/origin";
import { createStepExtras } from "./step-extras";
import { createStepView } from "../views/step/step-view";
import { installKeyboard } from "../views/ui/keyboard";
import { createLearnerTools } from "./learner-tools";
import { createExportMenu } from "../views/export/export-menu";
import { Player } from "./player";
import { createPresentMode } from "../views/present/present";
import { createThemeToggle } from "../views/ui/theme";
import { hidePanels, createLayout, scopeIds } from "./layout";
import {
  DEFAULT_PRESET,
  presetById,
  presetMatching,
  presetScenario,
  presetScenarioNow,
} from "../state/presets";
import { formFromScenario, scenarioFromForm } from "../views/scenario/scenario-form";
import {
  currentStep,
  stepBy,
  toFirst,
  toHead,
  toLast,
  toQuery,
  toStage,
  withResult,
  atStart,
  viewOf,
  SUPERSEDED,
  type RunOutcome,
  type AppState,
  type StartStep,
  type View,
} from "../state/app-state";
import { Granularity } from "../wasm/enums";
import { preload } from "../wasm/lazy-run";
import { CoreLostError, loadAttention, ScenarioError, type Attention } from "../wasm/loader";
import { renderReads } from "./render-reads";
import { createDrawing } from "./drawing";
import type { StepperOptions } from "../state/stepper-options";
import type { RunResult, ScenarioFile } from "../wasm/types";

/** "the core stopped …" as a sentence: "The core stopped …." */
const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;

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
}

/**
 * Builds a stepper inside `root` and loads the wasm core (shared by every stepper of the page).
 * Resolves once the first scenario is shown.
 */
export async function startApp(root: HTMLElement, options: AppOptions = {}): Promise<Stepper> {
  const doc = root.ownerDocument;
  const layout = createLayout(root);
  const status = layout.status;
  const live = layout.announcer;
  let attention: Attention | null = null;
  /** The state the controller is at (ahead of the one on screen while its parts load). */
  let state: AppState | null = null;
  const drawing = createDrawing(
    () => state,
    (prev, s) => render(prev, s),
    (text) => (status.textContent = text),
  );
  const draw = drawing.draw;

  /**
   * Applies `f` to the state (if any) and redraws what changed. When the core's worker died, its
   * run went with it: the scenario (edits included) is run again in a new worker, then moved.
   */
  const update = (f: (s: AppState) => AppState) => {
    if (!state) return;
    if (attention?.lost(state.result)) return run(state.scenario, state.granularity, false, f);
    state = f(state);
    draw();
  };
  const atEnd = () => !state || state.index >= state.result.steps.length - 1;

  const player = new Player(
    () => {
      update((s) => stepBy(s, 1));
      return !atEnd();
    },
    () => drawing.drawn() === state && draw(true),
    DEFAULT_SPEED,
  );
  const togglePlay = () => {
    if (!player.playing && atEnd()) update(toFirst);
    player.toggle();
  };

  const controls = createControls(layout.controls, {
    first: () => update(toFirst),
    previous: () => update((s) => stepBy(s, -1)),
    togglePlay,
    next: () => update((s) => stepBy(s, 1)),
    last: () => update(toLast),
    setSpeed: (x) => player.setSpeed(x),
    setGranularity: (g) => state && run(state.scenario, g, false),
    setHead: (h) => update((s) => toHead(s, h)),
    setQuery: (q) => update((s) => toQuery(s, q)),
  });
  const pipeline = createPipeline(layout.pipeline, (stage) => update((s) => toStage(s, stage)));
  const stepHost = layout.step;
  const stepView = createStepView(stepHost, (trace, op) => ({
    ...extras.decorate(trace, op),
    ...tools.decorate(trace, op),
  }));
  // Drill-down panel, weight bars, reweighted values, split/concat: computed from this state.
  const extras = createStepExtras(stepHost, () =>
    attention && state ? { attention, scenario: state.scenario } : null,
  );
  const heatmaps = createHeatmaps(
    layout.heatmaps,
    (h) => update((s) => toHead(s, h)),
    (q) => update((s) => toQuery(s, q)),
  );
  const panel = createScenarioPanel(layout.scenario, {
    apply: (v) => tools.applyForm(scenarioFromForm(v)),
    preset: (id) => choosePreset(id),
  });
  // Edits (undo, redo, reset), Save / Load scenario, and the "Why √d_k?" experiment.
  const tools = createLearnerTools(root, layout.tools, layout.scenario, {
    attention: () => attention,
    state: () => state,
    tryRun: (s, reset) => compute(s, state?.granularity ?? Granularity.PerQuery, reset),
    report,
    setForm: (s) => panel.setValues(formFromScenario(s), ""),
    say: (text) => (status.textContent = text),
  });
  // Export: this step, a heat map, the trace, a matrix, and Python that reproduces the numbers.
  createExportMenu(layout.tools, () => {
    // What is on screen: the exports read the step view and heat maps too.
    const s = drawing.drawn();
    if (!s) return null;
    return {
      scenario: s.scenario,
      result: s.result,
      index: s.index,
      stepHost,
      heatmapsHost: layout.heatmaps,
      loadAll: async (steps) => attention?.loadAll(s.result, steps),
    };
  });
  // Presentation mode (button and P) in the controls; the light/dark theme button in the tools.
  const present = createPresentMode(root, { buttonHost: layout.controls });
  createThemeToggle(layout.tools, root);
  installKeyboard(options.keys === "root" ? root : doc, {
    previous: () => update((s) => stepBy(s, -1)),
    next: () => update((s) => stepBy(s, 1)),
    first: () => update(toFirst),
    last: () => update(toLast),
    togglePlay,
    previousHead: () => update((s) => toHead(s, s.focus.head - 1)),
    nextHead: () => update((s) => toHead(s, s.focus.head + 1)),
    previousQuery: () => update((s) => toQuery(s, s.focus.query - 1)),
    nextQuery: () => update((s) => toQuery(s, s.focus.query + 1)),
  });

  /** Redraws for state `s`; `prev` (the state drawn before) says what may be reused. */
  function render(prev: AppState | null, s: AppState): void {
    const newResult = !prev || prev.result !== s.result;
    const step = currentStep(s);
    performance.mark("step-render-start");
    if (newResult) {
      pipeline.setTrace(s.result.trace);
      heatmaps.setTrace(s.result.trace);
      showOrigin(layout.origin, s.scenario);
    }
    if (newResult || prev?.index !== s.index) {
      stepView.render(s.result.trace, step);
      // The likely next moves (forward, back) get their formulas typeset while idle.
      const near = [s.result.steps[s.index + 1], s.result.steps[s.index - 1]];
      prepareFormulas(near.flatMap((n) => (n ? [n.formula, n.formulaNumbers] : [])));
      announceStep(live, s.index, s.result.steps.length, step.sentence);
      tools.afterStep(stepHost, step.stage);
    }
    extras.update(s.result.trace, step, s.focus.query);
    pipeline.setCurrent(step.stage, s.focus.head);
    heatmaps.setCurrent(s.focus.head, s.focus.query);
    controls.update({
      index: s.index,
      total: s.result.steps.length,
      playing: player.playing,
      granularity: s.granularity,
      numHeads: s.result.trace.numHeads,
      head: s.focus.head,
      queryTokens: s.result.trace.queryLabels,
      query: s.focus.query,
    });
    present.refit();
    // A measure per redraw, so tests and profiles can check "a step renders within a frame";
    // the buffer is emptied now and then so a long session does not collect them forever.
    options.onView?.(viewOf(s), player.playing);
    performance.measure("step-render", "step-render-start");
    performance.clearMarks("step-render-start");
    if (performance.getEntriesByName("step-render").length > 1000) {
      performance.clearMeasures("step-render");
    }
  }

  /** The latest run asked for: an answer to an older one is dropped (latest wins). */
  let latest = 0;

  /**
   * Runs `scenario` through the core's worker and shows the result (from the first step when
   * `reset`, then at `place`), once what its first render reads is loaded. A rejection is
   * returned, not shown: the last good result stays on screen. A run that a newer one replaced
   * before it was computed comes to SUPERSEDED, and its run is closed in the worker.
   */
  async function compute(
    scenario: ScenarioFile,
    granularity: Granularity,
    reset: boolean,
    place: (s: AppState) => AppState = (s) => s,
  ): Promise<RunOutcome> {
    if (!attention) return new ScenarioError("", "The WebAssembly core is not loaded yet.");
    const att = attention;
    const mine = ++latest;
    status.textContent = "Computing…";
    let next: AppState;
    try {
      const result = await att.run(scenario, granularity);
      // Placed from the state as it is when shown: a move made while this loaded is kept.
      const placed = () => place(withResult(reset ? null : state, scenario, granularity, result));
      await preload(() => (mine === latest ? renderReads(placed()) : []));
      next = placed();
      if (mine !== latest) {
        att.release(result);
        return SUPERSEDED;
      }
    } catch (e) {
      if (mine !== latest) return SUPERSEDED;
      status.textContent = "";
      return e instanceof ScenarioError ? e : new ScenarioError("", String(e));
    }
    panel.clearErrors();
    status.textContent = "";
    const prev = state;
    state = next;
    if (reset) drawing.reset();
    draw();
    // The worker keeps each run until released: free the one this result replaced.
    if (prev && prev.result !== next.result) att.release(prev.result);
    return null;
  }

  /** A rejected field's message goes beside that field in the scenario panel. */
  function report(err: ScenarioError): void {
    if (err instanceof CoreLostError) return void (status.textContent = sentence(err.message));
    panel.showError(err.field, err.message);
    status.textContent = state ? "Not applied; the last good result is still shown." : "";
  }

  function run(
    scenario: ScenarioFile,
    granularity: Granularity,
    reset: boolean,
    place?: (s: AppState) => AppState,
  ): void {
    void compute(scenario, granularity, reset, place).then((err) => {
      if (err instanceof ScenarioError) report(err);
    });
  }

  /** The latest preset chosen: a fetched one that arrives after a later choice is dropped. */
  let chosen = 0;
  function choosePreset(id: string): void {
    const preset = presetById(id) ?? DEFAULT_PRESET;
    const mine = ++chosen;
    const show = (scenario: ScenarioFile) => {
      if (mine !== chosen) return;
      panel.setValues(formFromScenario(scenario), preset.id);
      tools.restart();
      run(scenario, state?.granularity ?? Granularity.PerQuery, true);
    };
    const now = presetScenarioNow(preset);
    if (now) return show(now);
    status.textContent = `Loading the preset "${preset.name}"…`;
    presetScenario(preset).then(show, (e: Error) => {
      if (mine !== chosen) return;
      // What was typed stays; the picker names what is still shown.
      const shown = state && presetMatching(state.scenario);
      panel.setValues(panel.values(), shown ? shown.id : "");
      status.textContent = `${e.message} The last scenario is still shown.`;
    });
  }

  /** Opens a scenario (from a link or an embedder) at a step; the form shows it as Custom. */
  async function open(
    scenario: ScenarioFile,
    start: StartStep = {},
  ): Promise<ScenarioError | null> {
    const granularity = start.granularity ?? state?.granularity ?? Granularity.PerQuery;
    tools.restart(scenario.edits ?? []);
    const err = await compute(scenario, granularity, true, (st) => atStart(st, start));
    if (err === SUPERSEDED) return null;
    if (err) return err;
    const preset = presetMatching(scenario);
    panel.setValues(formFromScenario(scenario), preset?.id ?? "");
    return null;
  }

  hidePanels(layout, options.hide ?? new Set());
  scopeIds(root);
  panel.setValues(formFromScenario(DEFAULT_PRESET.scenario), DEFAULT_PRESET.id);
  status.textContent = "Loading the WebAssembly core…";
  try {
    attention = await loadAttention();
  } catch (e) {
    status.textContent = `Could not load the WebAssembly core: ${e instanceof Error ? e.message : String(e)}`;
    throw e;
  }
  status.textContent = "";
  attention.onLost((e) => {
    player.pause();
    status.textContent = sentence(e.message);
  });
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
  err ??= await open(initial, options.start);
  if (err) {
    // A bad scenario from a link or an attribute: say so, and show the default instead.
    await open(DEFAULT_PRESET.scenario, {});
    status.textContent = `The given scenario was not opened (${err.field || "scenario"}): ${err.message}`;
  }
  if (options.autoplay) togglePlay();
  root.classList.add("ready");
  return {
    view: () => (state ? viewOf(state) : null),
    result: () => state?.result ?? null,
    open,
    pause: () => player.pause(),
  };
}
