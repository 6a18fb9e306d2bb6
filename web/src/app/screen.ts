/**
 * The stepper's screen: every part is a view folder's panel, built here in page order and wired
 * to the controller. `render` in app.ts hands each redraw to `panels`, in the order listed.
 */
import { createAlgorithmPanel } from "../views/algorithm/algorithm-panel";
import { createAnnouncer } from "../views/ui/announcer";
import { createControls } from "../views/controls/controls";
import { createDrill } from "../views/drill/drill";
import { createExportMenu } from "../views/export/export-menu";
import { createHeatmaps } from "../views/heatmaps/heatmap";
import { createLinks } from "../views/links/links";
import { fillKeys } from "../views/keys/keys";
import type { Layout } from "../views/layout/layout";
import { createPipeline } from "../views/pipeline/pipeline";
import { createPresentMode } from "../views/present/present";
import { createOrigin } from "../views/scenario/origin";
import { createScenarioPanel } from "../views/scenario/scenario-panel";
import { scenarioFromForm } from "../views/scenario/scenario-form";
import { createSqrtDkView } from "../views/sqrt-dk/sqrt-dk-view";
import { createExperimentsPanel } from "../views/experiments/experiments-panel";
import { createStepView, type StepView } from "../views/step/step-view";
import { createStepVisuals } from "../views/step-visuals/step-visuals";
import { installKeyboard } from "../views/ui/keyboard";
import type { Panel } from "../views/ui/panel";
import { createThemeToggle, type ThemeToggle } from "../views/ui/theme";
import { formFromScenario } from "../views/scenario/scenario-form";
import { toAlgoStep, toHead, toQuery, toStage, walkBy, walkTo } from "../state/app-state";
import type { OperandValue, TraceValue } from "../wasm/types";
import type { Controller } from "./controller";
import { createLearnerTools, type LearnerTools } from "./learner-tools";

export interface Screen {
  /** Every panel, in drawing order. */
  panels: Panel[];
  stepView: StepView;
  theme: ThemeToggle;
}

/** The moves that the step controls and the keys share. */
const movesOf = (c: Controller) => ({
  first: () => c.update((s) => walkTo(s, false, c.algoCount)),
  previous: () => c.update((s) => walkBy(s, -1, c.algoCount)),
  next: () => c.update((s) => walkBy(s, 1, c.algoCount)),
  last: () => c.update((s) => walkTo(s, true, c.algoCount)),
  togglePlay: () => c.togglePlay(),
});

/** The other algorithm's walk (views/algorithm/), driven by the controller like the steps. */
function createAlgorithm(layout: Layout, c: Controller, refit: () => void) {
  return createAlgorithmPanel(layout.step, {
    attention: () => c.attention,
    go: (step) =>
      c.update((s) =>
        step === undefined ? { ...s, algoStep: undefined } : toAlgoStep(s, step, c.algoCount),
      ),
    counted: (n) => {
      // Its length is known: a step past the end (a link's) becomes the last, and the step bar
      // (which counts the walk too) is drawn again.
      const past = (c.state?.algoStep ?? 0) >= n;
      if (n === c.algoCount && !past) return;
      c.algoCount = n;
      c.update((s) => (s.algoStep === undefined ? { ...s } : toAlgoStep(s, s.algoStep, n)));
    },
    drawn: refit,
  });
}

/** The top bar's step controls. */
function createMoves(layout: Layout, c: Controller) {
  return createControls(layout.controls, {
    ...movesOf(c),
    setSpeed: (x) => c.player.setSpeed(x),
    setGranularity: (g) => c.state && c.run(c.state.scenario, g, false),
    setHead: (h) => c.update((s) => toHead(s, h)),
    setQuery: (q) => c.update((s) => toQuery(s, q)),
    algoCount: () => c.algoCount,
  });
}

/** The stepping keys (listening on `keysOn`: the document, or the embed's root). */
function installKeys(c: Controller, keysOn: Document | HTMLElement): void {
  installKeyboard(keysOn, {
    ...movesOf(c),
    previousHead: () => c.update((s) => toHead(s, s.focus.head - 1)),
    nextHead: () => c.update((s) => toHead(s, s.focus.head + 1)),
    previousQuery: () => c.update((s) => toQuery(s, s.focus.query - 1)),
    nextQuery: () => c.update((s) => toQuery(s, s.focus.query + 1)),
  });
}

/**
 * The step view and what it holds besides its matrices: the visuals between formulas and
 * matrices, and the drill-down after them. `decorate` adds the learner's edit hook to a matrix.
 */
function createStepPanels(
  layout: Layout,
  c: Controller,
  tools: () => LearnerTools,
  point: (q: number | null) => void,
) {
  const decorate = (trace: TraceValue, op: OperandValue) => ({
    ...drill.decorate(trace, op),
    ...tools().decorate(trace, op),
  });
  const stepView = createStepView(layout.step, decorate, point);
  const visuals = createStepVisuals((box) => stepView.afterFormulas(box));
  const drill = createDrill(layout.step, () =>
    c.attention && c.state ? { attention: c.attention, scenario: c.state.scenario } : null,
  );
  return { stepView, visuals, drill };
}

/** The scenario form, the learner's tools (edits, files) and the "Why √d_k?" experiment. */
function createScenarioParts(root: HTMLElement, layout: Layout, c: Controller, step: StepView) {
  const form = createScenarioPanel(layout.scenario, {
    apply: (v) => tools.applyForm(scenarioFromForm(v)),
    preset: (id) => c.choosePreset(id),
  });
  const tools = createLearnerTools(root, layout.tools, layout.scenario, {
    attention: () => c.attention,
    state: () => c.state,
    tryRun: (s, reset) => c.compute(s, c.granularity, reset),
    report: (err) => c.report(err),
    setForm: (s) => form.setValues(formFromScenario(s), ""),
    say: (text) => c.say(text),
  });
  const sqrtDk = createSqrtDkView(root, {
    attention: () => c.attention,
    state: () => c.state,
    bar: layout.tools,
    placeLink: (link) => step.afterFormulas(link),
  });
  const experiments = createExperimentsPanel({
    attention: () => c.attention,
    state: () => c.state,
    place: (box) => step.afterFormulas(box),
  });
  c.attach({ form, tools });
  return { form, tools, sqrtDk, experiments };
}

/** Builds every part of the stepper in `layout` and wires it to `c`. */
export function createScreen(
  root: HTMLElement,
  layout: Layout,
  c: Controller,
  keysOn: Document | HTMLElement,
): Screen {
  const controls = createMoves(layout, c);
  const pipeline = createPipeline(layout.pipeline, (stage) => c.update((s) => toStage(s, stage)));
  let tools: LearnerTools | null = null;
  // Linked views: a query pointed at in one view is lit in all of them.
  const point = (q: number | null) => {
    step.stepView.light(q);
    heatmaps.light(q);
    links.light(q);
  };
  const pickQuery = (q: number) => c.update((s) => toQuery(s, q));
  const step = createStepPanels(layout, c, () => tools!, point);
  const heatmaps = createHeatmaps(
    layout.heatmaps,
    (h) => c.update((s) => toHead(s, h)),
    pickQuery,
    point,
  );
  const links = createLinks(layout.links, point, pickQuery);
  const scenario = createScenarioParts(root, layout, c, step.stepView);
  tools = scenario.tools;
  // Export: what is on screen (the exports read the step view and heat maps too).
  createExportMenu(layout.tools, () => {
    const s = c.drawing.drawn();
    if (!s) return null;
    const loadAll = async (steps: boolean) => c.attention?.loadAll(s.result, steps);
    const hosts = { stepHost: layout.step, heatmapsHost: layout.heatmaps };
    return { scenario: s.scenario, result: s.result, index: s.index, ...hosts, loadAll };
  });
  const algorithm = createAlgorithm(layout, c, () => present.refit());
  const present = createPresentMode(root, {
    buttonHost: layout.controls,
    step: layout.step,
    counters: [algorithm.counter, controls.counter],
    fit: {
      hasVisual: () => step.visuals.shown(),
      extras: [step.visuals.box, step.drill.box],
      layoutKey: () => `${step.stepView.layoutKey()}|${algorithm.counter.textContent ?? ""}`,
    },
  });
  const theme = createThemeToggle(layout.tools, root);
  installKeys(c, keysOn);
  fillKeys(layout.keys);
  const panels: Panel[] = [
    pipeline,
    heatmaps,
    links,
    createOrigin(layout.origin),
    step.stepView,
    scenario.sqrtDk,
    scenario.experiments,
    step.visuals,
    step.drill,
    algorithm,
    createAnnouncer(layout.announcer),
    controls,
    present,
  ];
  return { panels, stepView: step.stepView, theme };
}
