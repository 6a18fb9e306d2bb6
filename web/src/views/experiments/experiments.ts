/**
 * The experiments of today's attention, as one panel placed after the step's formulas: on the
 * scores step of a RoPE scenario (self-attention), "Shift every position by 5" runs rope-shift.ts
 * and says how much the scores moved with RoPE and with sinusoidal encodings; on the mask step
 * of a window with sink tokens, "Drop the sink tokens" runs sinks-drop.ts. Both load on first use,
 * and this file too (experiments-panel.ts decides when).
 */
import type { AppState } from "../../state/app-state";
import type { Attention } from "../../wasm/loader";
import { el, makeButton } from "../ui/dom";
import type { Panel } from "../ui/panel";
import { experimentOf, type ExperimentDeps } from "./experiment-kind";
import type { ShiftResult } from "./rope-shift";
import type { SinksResult } from "./sinks-drop";

const SHIFT = 5;

const sci = (x: number): string => (x === 0 ? "0" : x.toExponential(1));

function sentence(r: ShiftResult): string {
  return (
    `Every position + ${r.k}: with RoPE the scores changed by at most ${sci(r.rope)} ` +
    `(rounding: they depend on i − j only); ` +
    (Number.isNaN(r.sinusoidal)
      ? `this scenario gives X, so it has no sinusoidal positions to shift.`
      : `with sinusoidal encodings added to X instead (position_offset + ${r.k}), ` +
        `by up to ${r.sinusoidal.toFixed(4)}.`)
  );
}

function sinksSentence(r: SinksResult, labels: string[]): string {
  if (r.firstChanged < 0) return "Without the sink tokens no weight of this head changes.";
  const most = Math.max(...r.change);
  return (
    `Without the ${r.sinks} sink token${r.sinks === 1 ? "" : "s"}, the first query whose ` +
    `weights change is ${r.firstChanged + 1} ('${labels[r.firstChanged]}'): its window no ` +
    `longer holds the sink, so the weight moves to the keys in the window; the largest ` +
    `change of a weight is ${most.toFixed(4)}.`
  );
}

/** What a button runs, and how its result reads; loaded on first use. */
type Run = (att: Attention, st: AppState) => Promise<string>;

const shiftRun: Run = (att, st) =>
  import("./rope-shift").then(async ({ ropeShift }) =>
    sentence(await ropeShift(att, st.scenario, SHIFT)),
  );
const sinksRun: Run = (att, st) =>
  import("./sinks-drop").then(async ({ dropSinks }) =>
    sinksSentence(await dropSinks(att, st.scenario, st.focus.head), st.result.trace.queryLabels),
  );

export function createExperiments(deps: ExperimentDeps): Panel {
  const box = el("div", "experiments");
  box.hidden = true;
  const button = makeButton("small", "");
  const out = el("p", "xp-result");
  out.setAttribute("aria-live", "polite");
  box.append(button, out);
  deps.place(box);
  let run: Run = shiftRun;

  button.addEventListener("click", () => {
    const att = deps.attention();
    const st = deps.state();
    if (!att || !st) return;
    button.disabled = true;
    out.textContent = "Computing…";
    run(att, st)
      .then((text) => (out.textContent = text))
      .catch((e: Error) => (out.textContent = `Not computed: ${e.message}`))
      .finally(() => (button.disabled = false));
  });

  return {
    render({ state, step, newResult }) {
      const which = experimentOf(state, step);
      const sinks = which === "sinks";
      box.hidden = which === null;
      const next = sinks ? sinksRun : shiftRun;
      // Another scenario or another experiment: the last result no longer applies.
      if (newResult || next !== run) out.textContent = "";
      run = next;
      button.textContent = sinks ? "Drop the sink tokens" : `Shift every position by ${SHIFT}`;
    },
  };
}
