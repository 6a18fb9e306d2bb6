/**
 * The app state and pure functions that move through the step sequence. Nothing here touches the
 * DOM; the controller (app/app.ts) holds one AppState and hands new ones to the renderers.
 */
import { Granularity, Stage } from "../wasm/enums";
import type { ScenarioError } from "../wasm/scenario-error";
import type { RunResult, ScenarioFile, StepValue } from "../wasm/types";
import { isAllHeadsStage, isPerQueryStage, stageOrder } from "./stages";

/** A run that a newer one (another sentence, edit, preset) replaced before it was computed. */
export const SUPERSEDED = "superseded";
/** What asking the controller to run a scenario came to: shown (null), refused, or replaced. */
export type RunOutcome = ScenarioError | null | typeof SUPERSEDED;

/** The head and query the pickers show; kept while on steps without one (Concat, projections). */
export interface Focus {
  head: number;
  query: number;
}

export interface AppState {
  /** The scenario of `result` (the last one the core accepted). */
  scenario: ScenarioFile;
  granularity: Granularity;
  result: RunResult;
  /** Index into result.steps. */
  index: number;
  focus: Focus;
  /** The scenario's other algorithm (KV cache, FlashAttention) shown instead of the standard
   * steps, at this 0-based step of its own; absent: the standard steps. */
  algoStep?: number;
}

/** A place to jump to; query is ignored by whole-matrix steps, head by Concat/OutputProjection. */
export interface Target {
  stage: Stage;
  head: number;
  query: number;
}

export function currentStep(state: AppState): StepValue {
  return state.result.steps[state.index]!;
}

function clamp(x: number, lo: number, hi: number): number {
  return Math.min(Math.max(x, lo), hi);
}

/** The state at step `index` (clamped), with the focus following the step's head and query. */
export function atIndex(state: AppState, index: number): AppState {
  const i = clamp(index, 0, state.result.steps.length - 1);
  const step = state.result.steps[i]!;
  return {
    ...state,
    index: i,
    focus: {
      head: step.head >= 0 ? step.head : state.focus.head,
      query: step.query >= 0 ? step.query : state.focus.query,
    },
  };
}

export const stepBy = (s: AppState, delta: number): AppState => atIndex(s, s.index + delta);
export const toFirst = (s: AppState): AppState => atIndex(s, 0);
export const toLast = (s: AppState): AppState => atIndex(s, s.result.steps.length - 1);

function matches(step: StepValue, t: Target): boolean {
  if (step.stage !== t.stage) return false;
  if (step.head >= 0 && step.head !== t.head) return false;
  return step.query < 0 || step.query === t.query;
}

/**
 * Index of the step for `t`. Without an exact match (no Mask stage, no W_O, a query out of range)
 * the nearest step of the same head: closest stage first (later on ties), then closest query.
 */
export function findStep(steps: readonly StepValue[], t: Target): number {
  const exact = steps.findIndex((s) => matches(s, t));
  if (exact >= 0) return exact;
  const wantHead = isAllHeadsStage(t.stage) ? -1 : t.head;
  let best = -1;
  let bestCost = Infinity;
  steps.forEach((s, i) => {
    if (s.head !== wantHead) return;
    const dStage = stageOrder(s.stage) - stageOrder(t.stage);
    const stageCost = Math.abs(dStage) * 2 + (dStage < 0 ? 1 : 0);
    const queryCost = s.query < 0 || t.query < 0 ? 0 : Math.abs(s.query - t.query);
    const cost = stageCost * 1000 + queryCost;
    if (cost < bestCost) {
      bestCost = cost;
      best = i;
    }
  });
  if (best >= 0) return best;
  // No step for that head at all (e.g. Concat requested but absent): the last step.
  return isAllHeadsStage(t.stage) ? steps.length - 1 : 0;
}

/** Jumps to `stage` for the focused head and query (a click on the pipeline figure). */
export function toStage(s: AppState, stage: Stage): AppState {
  return { ...atIndex(s, findStep(s.result.steps, { stage, ...s.focus })), algoStep: undefined };
}

/** Whether a run has another algorithm to step through (KV cache, FlashAttention). */
export const hasOtherAlgorithm = (r: RunResult): boolean =>
  r.trace.algorithm === "kv-cache" || r.trace.algorithm === "flash";

/** Whether the walk is the other algorithm's steps. */
export const inAlgorithm = (s: AppState): boolean => s.algoStep !== undefined;

/** The other algorithm's step `to` of its `count` (clamped; `count` 0: not known yet, kept). */
export function toAlgoStep(s: AppState, to: number, count: number): AppState {
  if (count <= 0) return s;
  return { ...s, algoStep: clamp(to, 0, count - 1) };
}

/** One step (delta ±1) of the walk shown: the other algorithm's, or the standard one. */
export function walkBy(s: AppState, delta: number, algoCount: number): AppState {
  return inAlgorithm(s) ? toAlgoStep(s, s.algoStep! + delta, algoCount) : stepBy(s, delta);
}

/** The first (or last) step of the walk shown. */
export function walkTo(s: AppState, last: boolean, algoCount: number): AppState {
  if (inAlgorithm(s)) return toAlgoStep(s, last ? Infinity : 0, algoCount);
  return last ? toLast(s) : toFirst(s);
}

/** The same stage and query in another head (wrapping around); from Concat, that head's scores. */
export function toHead(s: AppState, head: number): AppState {
  const heads = s.result.trace.numHeads;
  const h = ((head % heads) + heads) % heads;
  const step = currentStep(s);
  const stage = step.head < 0 ? Stage.Scores : step.stage;
  const next = atIndex(s, findStep(s.result.steps, { stage, head: h, query: s.focus.query }));
  return { ...next, focus: { ...next.focus, head: h } };
}

/**
 * The same stage for another query (clamped). From a projection step this goes to the scores of
 * that query; in per-matrix granularity (no per-query steps) only the focus moves.
 */
export function toQuery(s: AppState, query: number): AppState {
  const q = clamp(query, 0, s.result.trace.queryTokens.length - 1);
  const step = currentStep(s);
  const perQuery = s.granularity === Granularity.PerQuery;
  if (!perQuery || step.head < 0) return { ...s, focus: { ...s.focus, query: q } };
  const stage = isPerQueryStage(step.stage) ? step.stage : Stage.Scores;
  const next = atIndex(s, findStep(s.result.steps, { stage, head: s.focus.head, query: q }));
  return { ...next, focus: { ...next.focus, query: q } };
}

/**
 * The state for a new run (another scenario or granularity), at the step that corresponds to
 * where `prev` was, or at the first step when there is no `prev`.
 */
export function withResult(
  prev: AppState | null,
  scenario: ScenarioFile,
  granularity: Granularity,
  result: RunResult,
): AppState {
  const heads = result.trace.numHeads;
  const m = result.trace.queryTokens.length;
  const focus: Focus = prev
    ? { head: Math.min(prev.focus.head, heads - 1), query: Math.min(prev.focus.query, m - 1) }
    : { head: 0, query: 0 };
  // A scenario with another algorithm opens on that algorithm's first step (kept across a
  // rerun of the same algorithm, e.g. an edit).
  const other = hasOtherAlgorithm(result);
  const sameAlgorithm = prev?.result.trace.algorithm === result.trace.algorithm;
  const algoStep = other ? (sameAlgorithm ? prev?.algoStep : 0) : undefined;
  const base: AppState = { scenario, granularity, result, index: 0, focus, algoStep };
  if (!prev) return atIndex(base, 0);
  const was = currentStep(prev);
  const index = findStep(result.steps, { stage: was.stage, head: focus.head, query: focus.query });
  return atIndex(base, index);
}

/**
 * Head `head` in focus, at the same stage and query (a whole-matrix step stays where it is): a
 * fresh state's opening head.
 */
export function onHead(s: AppState, head: number): AppState {
  if (currentStep(s).head < 0) return { ...s, focus: { ...s.focus, head } };
  return toHead(s, head);
}

/** A step to open: any part left out falls back to the first step's. */
export interface StartStep {
  stage?: Stage;
  head?: number;
  query?: number;
  granularity?: Granularity;
  /** The other algorithm's step (0-based); a stage without it opens the standard steps. */
  algoStep?: number;
}

/** What a link or an embed needs to reopen exactly this view. */
export interface View {
  scenario: ScenarioFile;
  granularity: Granularity;
  stage: Stage;
  head: number;
  query: number;
  /** The other algorithm's step (0-based) when its steps are shown. */
  algoStep?: number;
}

/** The view of a state: its scenario and where the walk is. */
export function viewOf(s: AppState): View {
  const step = currentStep(s);
  return {
    scenario: s.scenario,
    granularity: s.granularity,
    stage: step.stage,
    head: s.focus.head,
    query: s.focus.query,
    algoStep: s.algoStep,
  };
}

/** Moves a fresh state to `start` (clamped to the scenario's heads and queries). */
export function atStart(s: AppState, start: StartStep): AppState {
  const walk = walkOf(s, start);
  if (start.stage === undefined && start.head === undefined && start.query === undefined) {
    return walk;
  }
  const heads = s.result.trace.numHeads;
  const m = s.result.trace.queryTokens.length;
  const clamp = (x: number | undefined, n: number) => Math.max(0, Math.min(n - 1, x ?? 0));
  const focus: Focus = { head: clamp(start.head, heads), query: clamp(start.query, m) };
  const stage = start.stage ?? currentStep(s).stage;
  return atIndex({ ...walk, focus }, findStep(s.result.steps, { stage, ...focus }));
}

/** The walk `start` asks for: the algorithm's step it names, the standard steps for a stage
 * named alone, else the fresh state's (a scenario with another algorithm opens on it). */
function walkOf(s: AppState, start: StartStep): AppState {
  const other = hasOtherAlgorithm(s.result);
  const algoStep = !other
    ? undefined
    : (start.algoStep ?? (start.stage !== undefined ? undefined : s.algoStep));
  return algoStep === s.algoStep ? s : { ...s, algoStep };
}
