/**
 * The options of an embedded stepper, read from the attributes of <attention-stepper> or from the
 * query parameters of embed.html (the same names). Numbers an author writes are 1-based: head="2"
 * is the second head, query="1" the first query, stage="1" the first stage (Linear → Q).
 */
import { PRESETS, presetById } from "./presets";
import type { StartStep, View } from "./app-state";
import { PANELS, type PanelName, type StepperOptions, type Theme } from "./stepper-options";
import { Granularity, Stage } from "../wasm/enums";
import { fromText } from "../wasm/scenario-text";
import type { ScenarioFile } from "../wasm/types";

/** Every option's name (attribute or query parameter). */
export const OPTION_NAMES = [
  "preset",
  "src",
  "scenario",
  "stage",
  "head",
  "query",
  "granularity",
  "algorithm-step",
  "hide",
  "theme",
  "height",
  "autoplay",
  "controls",
] as const;
export type OptionName = (typeof OPTION_NAMES)[number];

/**
 * A rejected option: its name and what is wrong, in words an author can act on, and what the
 * stepper did instead (`outcome`, e.g. "Showing query 12.").
 */
export class EmbedOptionError extends Error {
  readonly option: OptionName;
  readonly outcome: string;
  constructor(option: OptionName, message: string, outcome = "It was ignored.") {
    super(`${option}: ${message}`);
    this.name = "EmbedOptionError";
    this.option = option;
    this.outcome = outcome;
  }
}

/** What an embed asks for; `src` is fetched by the caller before the stepper starts. */
export interface EmbedConfig {
  options: StepperOptions;
  src?: string;
  theme?: Theme;
  /** The stepper's height as a CSS length ("480px", "30rem", "70vh") or "auto"; unset: the default. */
  height?: string;
  /** "minimal": only the step buttons and counter in the bar (embed.css); unset: every control. */
  controls?: ControlsLevel;
  /** Options that were rejected (and ignored); the stepper still starts without them. */
  errors: EmbedOptionError[];
}

/** How much of the control bar an embed shows. */
export type ControlsLevel = "full" | "minimal";

function parseControls(text: string): ControlsLevel {
  const t = text.trim().toLowerCase();
  if (t === "full" || t === "minimal") return t;
  throw new EmbedOptionError("controls", `"${text}" is neither "full" nor "minimal".`);
}

/** Stage names an author may write (lower case, "-", "_" and spaces ignored). */
const STAGE_NAMES: Record<string, Stage> = {
  projectq: Stage.ProjectQ,
  projectk: Stage.ProjectK,
  projectv: Stage.ProjectV,
  scores: Stage.Scores,
  scale: Stage.Scale,
  mask: Stage.Mask,
  softmax: Stage.Softmax,
  weightedsum: Stage.WeightedSum,
  concat: Stage.Concat,
  outputprojection: Stage.OutputProjection,
  ropek: Stage.RopeK,
  ropeq: Stage.RopeQ,
  alibi: Stage.Alibi,
};
const STAGE_COUNT = Object.keys(Stage).length;

/** "weighted-sum" for Stage.WeightedSum: the name an author writes (and links, url-step.ts). */
export function stageName(stage: Stage): string {
  const key = Object.entries(Stage).find(([, v]) => v === stage)?.[0] ?? "ProjectQ";
  return key.replace(/([a-z])([A-Z])/g, "$1-$2").toLowerCase();
}

/**
 * The step of `view` as attributes / query parameters, in the authors' convention the parsers
 * below read back: stage by name, head and query from 1, granularity "query" or "matrix".
 */
export function stepAttributes(view: View): [OptionName, string][] {
  const out: [OptionName, string][] = [
    ["stage", stageName(view.stage)],
    ["head", String(view.head + 1)],
    ["query", String(view.query + 1)],
  ];
  if (view.granularity === Granularity.PerMatrix) out.push(["granularity", "matrix"]);
  if (view.algoStep !== undefined) out.push(["algorithm-step", String(view.algoStep + 1)]);
  return out;
}

/** A stage by name ("softmax", "rope-q", "concat") or by its 1-based place (1 … 13). */
export function parseStage(text: string): Stage {
  const t = text.trim().toLowerCase();
  if (/^\d+$/.test(t)) {
    const n = Number(t);
    if (n >= 1 && n <= STAGE_COUNT) return (n - 1) as Stage;
  }
  const byName = STAGE_NAMES[t.replace(/[-_\s]/g, "")];
  if (byName !== undefined) return byName;
  throw new EmbedOptionError(
    "stage",
    `"${text}" is not a stage; use 1 to ${STAGE_COUNT} or a name: project-q, project-k, project-v, scores, scale, mask, softmax, weighted-sum, concat, output-projection, rope-k, rope-q, alibi.`,
  );
}

/** A 1-based number in the attribute, 0-based inside the app. */
function parseOneBased(option: "head" | "query" | "algorithm-step", text: string): number {
  const t = text.trim();
  if (!/^\d+$/.test(t) || Number(t) < 1) {
    throw new EmbedOptionError(
      option,
      `"${text}" is not a whole number from 1 up (1 is the first).`,
    );
  }
  return Number(t) - 1;
}

function parseGranularity(text: string): Granularity {
  const t = text.trim().toLowerCase();
  if (t === "query") return Granularity.PerQuery;
  if (t === "matrix") return Granularity.PerMatrix;
  throw new EmbedOptionError("granularity", `"${text}" is neither "query" nor "matrix".`);
}

function parseHide(text: string): Set<PanelName> {
  const names = text
    .split(/[\s,]+/)
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s.length > 0);
  const bad = names.filter((n) => !(PANELS as readonly string[]).includes(n));
  if (bad.length > 0) {
    throw new EmbedOptionError(
      "hide",
      `unknown panel ${bad.map((b) => `"${b}"`).join(", ")}; the panels are ${PANELS.join(", ")}.`,
    );
  }
  return new Set(names as PanelName[]);
}

function parseTheme(text: string): Theme {
  const t = text.trim().toLowerCase();
  if (t === "light" || t === "dark") return t;
  throw new EmbedOptionError("theme", `"${text}" is neither "light" nor "dark".`);
}

/** A boolean attribute: present (or "true", "1", "yes") is on; "false", "0", "no" is off. */
function parseFlag(text: string): boolean {
  const t = text.trim().toLowerCase();
  if (t === "" || t === "true" || t === "1" || t === "yes" || t === "autoplay") return true;
  if (t === "false" || t === "0" || t === "no") return false;
  throw new EmbedOptionError("autoplay", `"${text}" is not true or false.`);
}

/** The smallest height in pixels a stepper can be used at (the step bar and a few lines). */
export const MIN_HEIGHT_PX = 200;

/**
 * A height: a CSS length in px, rem, em, vh, svh or dvh ("480px", "30rem", "70vh"), a bare
 * number of pixels ("480"), or "auto" (as tall as its content, no scrolling inside).
 */
export function parseHeight(text: string): string {
  const t = text.trim().toLowerCase();
  if (t === "auto") return t;
  const m = /^(\d+(?:\.\d+)?|\.\d+)(px|rem|em|vh|svh|dvh)?$/.exec(t);
  const allowed =
    "use a length in px, rem, em or vh (480px, 30rem, 70vh), a number of pixels (480) or auto";
  if (!m) throw new EmbedOptionError("height", `"${text}" is not a height; ${allowed}.`);
  const n = Number(m[1]);
  const unit = m[2] ?? "px";
  if (n <= 0 || (unit === "px" && n < MIN_HEIGHT_PX)) {
    throw new EmbedOptionError(
      "height",
      `"${text}" is too small; the least is ${MIN_HEIGHT_PX}px (${allowed}).`,
    );
  }
  return `${n}${unit}`;
}

function parseScenario(text: string): ScenarioFile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new EmbedOptionError("scenario", `not valid JSON (${(e as Error).message}).`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new EmbedOptionError("scenario", "must be a JSON object, as in docs/scenario.md.");
  }
  // The core reads the attribute's own text: a repeated field or 1e400 is its to name.
  return fromText(value as ScenarioFile, text);
}

/**
 * Reads the options through `get` (an attribute or a query parameter; null when absent). A bad
 * option is collected in `errors` and left out, so the rest still applies.
 */
export function parseEmbedOptions(get: (name: OptionName) => string | null): EmbedConfig {
  const errors: EmbedOptionError[] = [];
  const read = <T>(name: OptionName, parse: (text: string) => T): T | undefined => {
    const text = get(name);
    if (text === null) return undefined;
    try {
      return parse(text);
    } catch (e) {
      if (!(e instanceof EmbedOptionError)) throw e;
      errors.push(e);
      return undefined;
    }
  };
  const preset = read("preset", (t) => {
    const id = t.trim().toLowerCase();
    if (presetById(id)) return id;
    const ids = PRESETS.map((p) => p.id).join(", ");
    throw new EmbedOptionError("preset", `"${t}" is not a preset; the presets are ${ids}.`);
  });
  const start: StartStep = {
    stage: read("stage", parseStage),
    head: read("head", (t) => parseOneBased("head", t)),
    query: read("query", (t) => parseOneBased("query", t)),
    granularity: read("granularity", parseGranularity),
    algoStep: read("algorithm-step", (t) => parseOneBased("algorithm-step", t)),
  };
  const options: StepperOptions = {
    preset,
    scenario: read("scenario", parseScenario),
    start,
    hide: read("hide", parseHide),
    autoplay: read("autoplay", parseFlag),
    keys: "root",
  };
  const src = read("src", (t) => t.trim());
  const theme = read("theme", parseTheme);
  return {
    options,
    src: src || undefined,
    theme,
    height: read("height", parseHeight),
    controls: read("controls", parseControls),
    errors,
  };
}
