/**
 * The experiments of today's attention as a panel, in the first load only as this shell:
 * experiments.ts, which draws and runs them, is loaded the first time a step offers one
 * (experiment-kind.ts), so scenarios without RoPE or sinks never fetch it.
 */
import type { Panel } from "../ui/panel";
import { experimentOf, type ExperimentDeps } from "./experiment-kind";

export function createExperimentsPanel(deps: ExperimentDeps): Panel {
  let panel: Promise<Panel> | null = null;
  return {
    render(ctx) {
      if (!panel && experimentOf(ctx.state, ctx.step) === null) return;
      panel ??= import("./experiments").then((m) => m.createExperiments(deps));
      void panel.then((p) => p.render(ctx));
    },
  };
}
