/** What the Export menu (export-menu.ts) and its lazily loaded panel (panel.ts) share. */
import type { RunResult, ScenarioFile } from "../../wasm/types";

/** What the exporters read from the app, at the moment of the export. */
export interface ExportContext {
  scenario: ScenarioFile;
  result: RunResult;
  /** Index of the current step in result.steps. */
  index: number;
  stepHost: HTMLElement;
  heatmapsHost: HTMLElement;
  /** Loads every matrix of the result from the core's worker, and every step when `steps`. */
  loadAll(steps: boolean): Promise<void>;
}

/** The panel built by panel.ts; `refresh` re-reads the context before each opening. */
export interface ExportPanel {
  element: HTMLElement;
  refresh(): void;
}
