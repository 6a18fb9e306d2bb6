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
  return atIndex(s, findStep(s.result.steps, { stage, ...s.focus }));
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
  const base: AppState = { scenario, granularity, result, index: 0, focus };
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
}

/** What a link or an embed needs to reopen exactly this view. */
export interface View {
  scenario: ScenarioFile;
  granularity: Granularity;
  stage: Stage;
  head: number;
  query: number;
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
  };
}

/** Moves a fresh state to `start` (clamped to the scenario's heads and queries). */
export function atStart(s: AppState, start: StartStep): AppState {
  if (start.stage === undefined && start.head === undefined && start.query === undefined) return s;
  const heads = s.result.trace.numHeads;
  const m = s.result.trace.queryTokens.length;
  const clamp = (x: number | undefined, n: number) => Math.max(0, Math.min(n - 1, x ?? 0));
  const focus: Focus = { head: clamp(start.head, heads), query: clamp(start.query, m) };
  const stage = start.stage ?? currentStep(s).stage;
  return atIndex({ ...s, focus }, findStep(s.result.steps, { stage, ...focus }));
}
