/**
 * The other algorithm of a scenario ("KV cache" or "FlashAttention", the scenario's `algorithm`):
 * hidden for "standard". While its walk is shown (the state's `algoStep`) it takes the step
 * view's place (the step section's class `algo-walk` hides the rest); otherwise it offers its
 * steps below the standard step. Its code (algorithm-view.ts) loads the first time it is needed,
 * so the first page load does not carry it.
 */
import { el } from "../ui/dom";
import type { Panel, RenderContext } from "../ui/panel";
import type { AlgorithmDeps, AlgorithmView } from "./algorithm-data";

export interface AlgorithmPanel extends Panel {
  /** The walk's step counter ("Step 3 of 10: tile 3 of 8"), mirrored while presenting. */
  counter: HTMLElement;
}

/** The panel, appended to `host` (the step view's section). */
export function createAlgorithmPanel(host: HTMLElement, deps: AlgorithmDeps): AlgorithmPanel {
  const box = el("section", "algorithm");
  box.hidden = true;
  box.dataset.testid = "algorithm";
  box.setAttribute("aria-label", "The same head by another algorithm");
  const counter = el("span", "algorithm-counter");
  host.append(box);
  let view: Promise<AlgorithmView> | null = null;
  return {
    counter,
    render(ctx: RenderContext) {
      const shown = ctx.state.result.trace.algorithm !== "standard";
      box.hidden = !shown;
      host.classList.toggle("algo-walk", shown && ctx.state.algoStep !== undefined);
      if (!shown) return;
      view ??= import("./algorithm-view").then((m) => m.createAlgorithmView(box, counter, deps));
      void view.then((v) => v.show(ctx.state));
    },
  };
}
