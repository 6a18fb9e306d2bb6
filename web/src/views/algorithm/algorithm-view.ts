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

/** The title, the note, the step buttons and counter, the step's box, and an error line. */
function buildView(box: HTMLElement) {
  const title = el("h3", "algorithm-title");
  const note = el("p", "algorithm-note");
  note.setAttribute("role", "note");
  note.dataset.testid = "algorithm-note";
  const nav = el("div", "algorithm-nav");
  const buttons = {
    first: makeButton("small", "First", "First step of the algorithm"),
    previous: makeButton("small", "Previous", "Previous step of the algorithm"),
    next: makeButton("small", "Next", "Next step of the algorithm"),
    last: makeButton("small", "Last", "Last step of the algorithm"),
  };
  const counter = el("span", "algorithm-counter");
  counter.setAttribute("aria-live", "polite");
  counter.dataset.testid = "algorithm-counter";
  nav.append(buttons.first, buttons.previous, counter, buttons.next, buttons.last);
  const body = el("div", "algorithm-body");
  body.dataset.testid = "algorithm-step";
  const error = el("p", "field-error");
  error.setAttribute("role", "alert");
  error.hidden = true;
  box.append(title, note, nav, body, error);
  return { title, note, buttons, counter, body, error };
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

export function createAlgorithmView(box: HTMLElement, deps: AlgorithmDeps): AlgorithmView {
  const v = buildView(box);
  let data: AlgorithmData | null = null;
  let shownFor: { result: RunResult; head: number } | null = null;
  let index = 0;
  let drawn = 0;

  const count = () => {
    if (!data) return 0;
    return data.flash ? flashStepCount(data.flash) : (data.decode?.length ?? 0);
  };

  /** Draws step `index` (an older draw still loading is dropped when it lands). */
  function draw(): void {
    if (!data) return;
    const mine = ++drawn;
    const n = count();
    v.buttons.first.disabled = v.buttons.previous.disabled = index <= 0;
    v.buttons.next.disabled = v.buttons.last.disabled = index >= n - 1;
    const step = data.flash ? flashStep(deps, data, index) : kvCacheStep(data, index);
    void step.then(
      ({ counter, content }) => {
        if (mine !== drawn) return;
        setText(v.counter, counter);
        v.body.replaceChildren(content);
        v.error.hidden = true;
      },
      (e: Error) => showError(e),
    );
  }

  function showError(e: Error): void {
    v.error.textContent = e.message;
    v.error.hidden = false;
  }

  const move = (to: (i: number) => number) => () => {
    index = Math.max(0, Math.min(count() - 1, to(index)));
    draw();
  };
  v.buttons.first.addEventListener(
    "click",
    move(() => 0),
  );
  v.buttons.previous.addEventListener(
    "click",
    move((i) => i - 1),
  );
  v.buttons.next.addEventListener(
    "click",
    move((i) => i + 1),
  );
  v.buttons.last.addEventListener(
    "click",
    move(() => Infinity),
  );

  return {
    show(state) {
      const head = state.focus.head;
      if (shownFor && shownFor.result === state.result && shownFor.head === head) return;
      const sameScenario = shownFor?.result === state.result;
      shownFor = { result: state.result, head };
      fetchData(deps, state).then(
        (got) => {
          if (shownFor?.result !== got.result || shownFor.head !== got.head) return;
          data = got;
          if (!sameScenario) index = 0;
          index = Math.min(index, count() - 1);
          const t = got.result.trace;
          setText(v.title, got.flash ? flashTitle(got.flash, head) : kvTitle(t, head));
          setText(
            v.note,
            got.flash ? flashNote(t, got.difference) : kvCacheNote(t, got.difference),
          );
          draw();
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
