/**
 * The other algorithm of a scenario ("KV cache" or "FlashAttention", the scenario's `algorithm`),
 * as a panel below the step: hidden for "standard"; otherwise its code (algorithm-view.ts) is
 * loaded the first time it is needed, so the first page load does not carry it.
 */
import { el } from "../ui/dom";
import type { Panel, RenderContext } from "../ui/panel";
import type { AlgorithmDeps, AlgorithmView } from "./algorithm-data";

/** The panel, appended to `host` (the step view's section). */
export function createAlgorithmPanel(host: HTMLElement, deps: AlgorithmDeps): Panel {
  const box = el("section", "algorithm");
  box.hidden = true;
  box.dataset.testid = "algorithm";
  box.setAttribute("aria-label", "The same head by another algorithm");
  host.append(box);
  let view: Promise<AlgorithmView> | null = null;
  return {
    render(ctx: RenderContext) {
      const shown = ctx.state.result.trace.algorithm !== "standard";
      box.hidden = !shown;
      if (!shown) return;
      view ??= import("./algorithm-view").then((m) => m.createAlgorithmView(box, deps));
      void view.then((v) => v.show(ctx.state));
    },
  };
}
