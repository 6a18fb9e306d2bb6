/**
 * The controller: holds the one AppState, runs scenarios through the wasm core, and hands each new
 * state to the renderers. Renderers never change state themselves; they call back here.
 */
import { announceStep } from "./render/announcer";
import { createControls, DEFAULT_SPEED } from "./render/controls";
import { createHeatmaps } from "./render/heatmap";
import { prepareFormulas } from "./render/formula";
import { createPipeline } from "./render/pipeline";
import { createScenarioPanel } from "./render/scenario-panel";
import { createStepExtras } from "./render/step-extras";
import { createStepView } from "./render/step-view";
import { installKeyboard } from "./keyboard";
import { createLearnerTools } from "./learner-tools";
import { Player } from "./player";
import { DEFAULT_PRESET, presetById } from "./presets";
import { formFromScenario, scenarioFromForm } from "./scenario-form";
import {
  currentStep,
  stepBy,
  toFirst,
  toHead,
  toLast,
  toQuery,
  toStage,
  withResult,
  type AppState,
} from "./state";
import { Granularity } from "./wasm/enums";
import { loadAttention, ScenarioError, type Attention } from "./wasm/loader";
import type { ScenarioFile } from "./wasm/types";

function byId(doc: Document, id: string): HTMLElement {
  const el = doc.getElementById(id);
  if (!el) throw new Error(`index.html has no #${id}`);
  return el;
}

export async function startApp(doc: Document): Promise<void> {
  const status = byId(doc, "status");
  const live = byId(doc, "announcer");
  let attention: Attention | null = null;
  let state: AppState | null = null;

  /** Applies `f` to the state (if any) and redraws what changed. */
  const update = (f: (s: AppState) => AppState) => {
    if (!state) return;
    const prev = state;
    state = f(state);
    render(prev);
  };
  const atEnd = () => !state || state.index >= state.result.steps.length - 1;

  const player = new Player(
    () => {
      update((s) => stepBy(s, 1));
      return !atEnd();
    },
    () => render(state),
    DEFAULT_SPEED,
  );
  const togglePlay = () => {
    if (!player.playing && atEnd()) update(toFirst);
    player.toggle();
  };

  const controls = createControls(byId(doc, "controls"), {
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
  const pipeline = createPipeline(byId(doc, "pipeline"), (stage) =>
    update((s) => toStage(s, stage)),
  );
  const stepHost = byId(doc, "step");
  const stepView = createStepView(stepHost, (trace, op) => ({
    ...extras.decorate(trace, op),
    ...tools.decorate(trace, op),
  }));
  // Drill-down panel, weight bars, reweighted values, split/concat: computed from this state.
  const extras = createStepExtras(stepHost, () =>
    attention && state ? { attention, scenario: state.scenario } : null,
  );
  const heatmaps = createHeatmaps(
    byId(doc, "heatmaps"),
    (h) => update((s) => toHead(s, h)),
    (q) => update((s) => toQuery(s, q)),
  );
  const panel = createScenarioPanel(byId(doc, "scenario"), {
    apply: (v) => tools.applyForm(scenarioFromForm(v)),
    preset: (id) => choosePreset(id),
  });
  // Edits (undo, redo, reset), Save / Load scenario, and the "Why √d_k?" experiment.
  const tools = createLearnerTools(doc, byId(doc, "tools"), byId(doc, "scenario"), {
    attention: () => attention,
    state: () => state,
    tryRun: (s, reset) => compute(s, state?.granularity ?? Granularity.PerQuery, reset),
    report,
    setForm: (s) => panel.setValues(formFromScenario(s), ""),
    say: (text) => (status.textContent = text),
  });
  installKeyboard(doc, {
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

  /** Redraws for the current state; `prev` says what may be reused. */
  function render(prev: AppState | null): void {
    if (!state) return;
    const s = state;
    const newResult = !prev || prev.result !== s.result;
    const step = currentStep(s);
    performance.mark("step-render-start");
    if (newResult) {
      pipeline.setTrace(s.result.trace);
      heatmaps.setTrace(s.result.trace);
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
      queryTokens: s.result.trace.queryTokens,
      query: s.focus.query,
    });
    // A measure per redraw, so tests and profiles can check "a step renders within a frame";
    // the buffer is emptied now and then so a long session does not collect them forever.
    performance.measure("step-render", "step-render-start");
    performance.clearMarks("step-render-start");
    if (performance.getEntriesByName("step-render").length > 1000) {
      performance.clearMeasures("step-render");
    }
  }

  /**
   * Runs `scenario` through the core and shows the result (from the first step when `reset`).
   * A rejection is returned, not shown: the last good result stays on screen.
   */
  function compute(
    scenario: ScenarioFile,
    granularity: Granularity,
    reset: boolean,
  ): ScenarioError | null {
    if (!attention) return new ScenarioError("", "The WebAssembly core is not loaded yet.");
    let result;
    try {
      result = attention.run(scenario, granularity);
    } catch (e) {
      return e instanceof ScenarioError ? e : new ScenarioError("", String(e));
    }
    panel.clearErrors();
    status.textContent = "";
    const prev = state;
    state = withResult(reset ? null : prev, scenario, granularity, result);
    render(reset ? null : prev);
    return null;
  }

  /** A rejected field's message goes beside that field in the scenario panel. */
  function report(err: ScenarioError): void {
    panel.showError(err.field, err.message);
    status.textContent = state ? "Not applied; the last good result is still shown." : "";
  }

  function run(scenario: ScenarioFile, granularity: Granularity, reset: boolean): boolean {
    const err = compute(scenario, granularity, reset);
    if (err) report(err);
    return err === null;
  }

  function choosePreset(id: string): void {
    const preset = presetById(id) ?? DEFAULT_PRESET;
    panel.setValues(formFromScenario(preset.scenario), preset.id);
    tools.restart();
    run(preset.scenario, state?.granularity ?? Granularity.PerQuery, true);
  }

  panel.setValues(formFromScenario(DEFAULT_PRESET.scenario), DEFAULT_PRESET.id);
  status.textContent = "Loading the WebAssembly core…";
  try {
    attention = await loadAttention();
  } catch (e) {
    status.textContent = `Could not load the WebAssembly core: ${e instanceof Error ? e.message : String(e)}`;
    return;
  }
  status.textContent = "";
  choosePreset(DEFAULT_PRESET.id);
  doc.body.classList.add("ready");
}
