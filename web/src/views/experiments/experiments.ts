/**
 * The experiments of today's attention, as one panel placed after the step's formulas: on the
 * scores step of a RoPE scenario (self-attention), "Shift every position by 5" runs rope-shift.ts
 * and says how much the scores moved with RoPE and with sinusoidal encodings.
 */
import type { AppState } from "../../state/app-state";
import { Stage } from "../../wasm/enums";
import type { Attention } from "../../wasm/loader";
import { el, makeButton } from "../ui/dom";
import type { Panel } from "../ui/panel";
import type { ShiftResult } from "./rope-shift";

export interface ExperimentDeps {
  attention(): Attention | null;
  state(): AppState | null;
  /** Puts the panel's box in the step view (its `afterFormulas`), once. */
  place(box: HTMLElement): void;
}

const SHIFT = 5;

const sci = (x: number): string => (x === 0 ? "0" : x.toExponential(1));

function sentence(r: ShiftResult): string {
  return (
    `Every position + ${r.k}: with RoPE the scores changed by at most ${sci(r.rope)} ` +
    `(rounding: they depend on i − j only); with sinusoidal encodings added to X instead, ` +
    `by up to ${r.sinusoidal.toFixed(4)}.`
  );
}

export function createExperiments(deps: ExperimentDeps): Panel {
  const box = el("div", "experiments");
  box.hidden = true;
  const button = makeButton("small", `Shift every position by ${SHIFT}`);
  const out = el("p", "xp-result");
  out.setAttribute("aria-live", "polite");
  box.append(button, out);
  deps.place(box);

  button.addEventListener("click", () => {
    const att = deps.attention();
    const st = deps.state();
    if (!att || !st) return;
    button.disabled = true;
    out.textContent = "Computing…";
    // Loaded on first use: not part of the first load.
    import("./rope-shift")
      .then(({ ropeShift }) => ropeShift(att, st.scenario, SHIFT))
      .then((r) => (out.textContent = sentence(r)))
      .catch((e: Error) => (out.textContent = `Not computed: ${e.message}`))
      .finally(() => (button.disabled = false));
  });

  return {
    render({ state, step, newResult }) {
      const t = state.result.trace;
      box.hidden = !(step.stage === Stage.Scores && t.rope && t.selfAttention);
      if (newResult) out.textContent = "";
    },
  };
}
