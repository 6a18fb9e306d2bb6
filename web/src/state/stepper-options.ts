/**
 * What a stepper is asked to open and show, as plain data: read from a link, an element's
 * attributes or embed.html's query parameters (embed-options.ts), used by the controller (app/).
 */
import type { StartStep } from "./app-state";
import type { ScenarioFile } from "../wasm/types";

/** Parts of the layout that an embedder can hide (views/layout/layout.ts builds them; "algorithm":
 * the KV-cache / FlashAttention walk, so only the standard steps are shown). */
export const PANELS = [
  "header",
  "controls",
  "tools",
  "pipeline",
  "heatmaps",
  "scenario",
  "keys",
  "algorithm",
] as const;
export type PanelName = (typeof PANELS)[number];

/** The two colour themes (views/ui/theme.ts applies them). */
export type Theme = "light" | "dark";

/** Where a stepper starts and what it shows; every field is optional. */
export interface StepperOptions {
  /** The scenario to open (default: the default preset). */
  scenario?: ScenarioFile;
  /** The preset to open when there is no `scenario` (an id from presets.ts). */
  preset?: string;
  /** The step to open, and the granularity of the walk. */
  start?: StartStep;
  /** Panels to hide, e.g. for a tutorial embed that shows only the step. */
  hide?: ReadonlySet<PanelName>;
  /** Start playing once loaded. */
  autoplay?: boolean;
  /** Where the stepping keys listen: the whole document (the app) or only the stepper (embeds). */
  keys?: "document" | "root";
}
