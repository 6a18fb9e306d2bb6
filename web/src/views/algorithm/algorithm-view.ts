/**
 * The other algorithm's own steps (loaded lazily by algorithm-panel.ts): the KV cache decodes
 * one position per step; FlashAttention folds one tile per step, then divides by ℓ, then
 * recovers the weights from L. The head is the stepper's focused head; the numbers come from
 * the core's worker (wasm/algorithm-types.ts) for the run on screen, and are kept per head.
 */
import "./algorithm.css";
import { el, makeButton, setText } from "../ui/dom";
import type { AppState } from "../../state/app-state";
import type { AlgorithmDifference, DecodeStepValue, FlashValue } from "../../wasm/algorithm-types";
import type { RunResult } from "../../wasm/types";
import {
  attentionOf,
  type AlgorithmData,
  type AlgorithmDeps,
  type AlgorithmView,
} from "./algorithm-data";
import { kvCacheNote, kvCacheStep } from "./kv-cache-step";
import { flashNote, flashStep, flashStepCount } from "./flash-step";

/** The title and the switch between the walks, the step buttons and `counter`, the step's box,
 * the note, and an error line. */
function buildView(box: HTMLElement, counter: HTMLElement) {
  const head = el("div", "algorithm-head");
  const title = el("h3", "algorithm-title");
  const toggle = makeButton("small algorithm-switch", "");
  head.append(title, toggle);
  const note = el("p", "algorithm-note");
  note.setAttribute("role", "note");
  note.dataset.testid = "algorithm-note";
  const nav = el("div", "algorithm-nav");
  const buttons = {
    first: makeButton("small", "First", "First step of the algorithm (Home)"),
    previous: makeButton("small", "Previous", "Previous step of the algorithm (←)"),
    next: makeButton("small", "Next", "Next step of the algorithm (→)"),
    last: makeButton("small", "Last", "Last step of the algorithm (End)"),
  };
  counter.setAttribute("aria-live", "polite");
  counter.dataset.testid = "algorithm-counter";
  nav.append(buttons.first, buttons.previous, counter, buttons.next, buttons.last);
  const body = el("div", "algorithm-body");
  body.dataset.testid = "algorithm-step";
  const error = el("p", "field-error");
  error.setAttribute("role", "alert");
  error.hidden = true;
  box.append(head, nav, body, note, error);
  return { title, toggle, note, nav, buttons, counter, body, error };
}

/** The step buttons: each asks `go` for the step it names from the one shown. */
function wire(v: ReturnType<typeof buildView>, go: (to: (i: number) => number) => void): void {
  const { first, previous, next, last } = v.buttons;
  first.addEventListener("click", () => go(() => 0));
  previous.addEventListener("click", () => go((i) => i - 1));
  next.addEventListener("click", () => go((i) => i + 1));
  last.addEventListener("click", () => go(() => Infinity));
}

/** Asks the worker for the head's steps or tiles and the scenario's difference. */
async function fetchData(deps: AlgorithmDeps, state: AppState): Promise<AlgorithmData> {
  const att = attentionOf(deps);
  const { result, scenario } = state;
  const t = result.trace;
  const head = state.focus.head;
  const blocks = { blockQ: t.blockQ, blockK: t.blockK };
  const algorithm = t.algorithm === "flash" ? "flash" : "kv-cache";
  const difference = att.algorithm<AlgorithmDifference>(scenario, {
    kind: "difference",
    algorithm,
    ...blocks,
  });
  if (algorithm === "flash") {
    const flash = await att.algorithm<FlashValue>(scenario, { kind: "flash", head, ...blocks });
    return { result, scenario, head, flash, difference: await difference };
  }
  const decode = await att.algorithm<DecodeStepValue[]>(scenario, { kind: "kv-cache", head });
  return { result, scenario, head, decode, difference: await difference };
}

export function createAlgorithmView(
  box: HTMLElement,
  counter: HTMLElement,
  deps: AlgorithmDeps,
): AlgorithmView {
  const v = buildView(box, counter);
  let data: AlgorithmData | null = null;
  let shownFor: { result: RunResult; head: number } | null = null;
  /** The step the state asks for (undefined: the standard steps are shown), and the one drawn. */
  let want: number | undefined;
  let index = -1;
  let drawn = 0;

  const count = () => {
    if (!data) return 0;
    return data.flash ? flashStepCount(data.flash) : (data.decode?.length ?? 0);
  };

  /** Draws the step asked for (an older draw still loading is dropped when it lands). */
  function draw(): void {
    v.nav.hidden = v.body.hidden = want === undefined;
    const name = data?.flash ? "FlashAttention" : "the KV cache";
    setText(v.toggle, want === undefined ? `Step through ${name}` : "Back to the standard steps");
    if (!data || want === undefined) return;
    const n = count();
    const at = Math.max(0, Math.min(n - 1, want));
    if (at === index) return;
    index = at;
    const mine = ++drawn;
    v.buttons.first.disabled = v.buttons.previous.disabled = at <= 0;
    v.buttons.next.disabled = v.buttons.last.disabled = at >= n - 1;
    const step = data.flash ? flashStep(deps, data, at) : kvCacheStep(data, at);
    void step.then(
      ({ counter, content }) => {
        if (mine !== drawn) return;
        setText(v.counter, counter);
        v.body.replaceChildren(content);
        v.error.hidden = true;
        deps.drawn();
      },
      (e: Error) => showError(e),
    );
  }

  function showError(e: Error): void {
    v.error.textContent = e.message;
    v.error.hidden = false;
  }

  wire(v, (to) => deps.go(Math.max(0, Math.min(count() - 1, to(index)))));
  v.toggle.addEventListener("click", () => deps.go(want === undefined ? 0 : undefined));

  /** The worker's numbers for `state`'s run and head are in: titles, note, count, the step. */
  function landed(got: AlgorithmData): void {
    data = got;
    index = -1;
    deps.counted(count());
    const t = got.result.trace;
    setText(v.title, got.flash ? flashTitle(got.flash, got.head) : kvTitle(t, got.head));
    setText(v.note, got.flash ? flashNote(t, got.difference) : kvCacheNote(t, got.difference));
    draw();
  }

  return {
    show(state) {
      want = state.algoStep;
      const head = state.focus.head;
      if (shownFor && shownFor.result === state.result && shownFor.head === head) return draw();
      shownFor = { result: state.result, head };
      fetchData(deps, state).then(
        (got) => {
          if (shownFor?.result === got.result && shownFor.head === got.head) landed(got);
        },
        (e: Error) => showError(e),
      );
    },
  };
}

/** "KV cache · head 2", and its K/V head when heads share them (grouped-query attention). */
function kvTitle(t: RunResult["trace"], head: number): string {
  const group = t.numHeads / t.kvHeads;
  const shared = group > 1 ? ` (its cache is K/V head ${Math.floor(head / group) + 1}'s)` : "";
  return `KV cache · head ${head + 1}${shared}`;
}

const flashTitle = (f: FlashValue, head: number) =>
  `FlashAttention · head ${head + 1} · tiles of B_r = ${f.blockQ} queries × B_c = ${f.blockK} keys`;
