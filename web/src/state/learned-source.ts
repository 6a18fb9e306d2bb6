/**
 * A short link for a learned scenario (docs/url.md). The Learn view's "Step through it" makes a
 * scenario of some 16 000 numbers from a d_model 64 model: compressed, far longer than a link may
 * be. When it comes from a task's prebuilt model (the same in every copy of a build), the link
 * names that instead: `learned=translate&text=…&site=cross&layer=1`, and opening it asks the
 * prebuilt model again. Edits of such a scenario travel as a preset's do (`e`).
 */
import { UrlStateError } from "./url-compress";
import type { AttentionSite, TaskName } from "../wasm/train-client";
import type { ScenarioFile } from "../wasm/types";

/** The prebuilt model of `task`, `text` run through it, one attention sublayer, all heads. */
export interface LearnedSource {
  task: TaskName;
  text: string;
  site: AttentionSite;
  /** 0-based (1-based in links, as the view names layers). */
  layer: number;
}

const TASKS: readonly TaskName[] = ["translate", "copy"];
const SITES: readonly AttentionSite[] = ["cross", "encoder-self", "decoder-self"];
/** Longest text a link may name (a task's sentences have at most 16 short words). */
const MAX_TEXT = 400;

/**
 * Sources by the scenario's W_Q array: a scenario with edits is a copy that shares it
 * (state/edits.ts), and `sameScenario` then checks every other field is the very same.
 */
const sources = new WeakMap<object, { scenario: ScenarioFile; source: LearnedSource }>();

/** Notes that `scenario` is what `source` gives. */
export function rememberSource(scenario: ScenarioFile, source: LearnedSource): void {
  if (scenario.w_q) sources.set(scenario.w_q, { scenario, source });
}

/** Whether `b` is `a` itself, up to its edits (the fields are the same objects). */
function sameScenario(a: ScenarioFile, b: ScenarioFile): boolean {
  const fields = (s: ScenarioFile) => Object.entries(s).filter(([k]) => k !== "edits");
  const ofA = fields(a);
  const ofB = new Map(fields(b));
  return ofA.length === ofB.size && ofA.every(([k, v]) => ofB.get(k) === v);
}

/** The source of `scenario` (with or without edits), if it came from a prebuilt model. */
export function sourceOf(scenario: ScenarioFile): LearnedSource | undefined {
  const known = scenario.w_q && sources.get(scenario.w_q);
  return known && sameScenario(known.scenario, scenario) ? known.source : undefined;
}

/** The link's fields of a source (the same names in a hash and in query parameters). */
export function sourceFields(s: LearnedSource): [string, string][] {
  return [
    ["learned", s.task],
    ["text", s.text],
    ["site", s.site],
    ["layer", String(s.layer + 1)],
  ];
}

/** The source a link names, or null when it names none; UrlStateError for a bad part. */
export function readSource(get: (key: string) => string | null): LearnedSource | null {
  const task = get("learned");
  if (task === null) return null;
  const bad = (what: string, value: string, allowed: string) =>
    new UrlStateError(`The link's ${what} “${value.slice(0, 20)}” is not one of ${allowed}.`);
  const t = TASKS.find((x) => x === task);
  if (!t) throw bad("learned model", task, TASKS.join(", "));
  const text = get("text") ?? "";
  if (text.trim() === "" || text.length > MAX_TEXT) {
    throw new UrlStateError(`The link's text must have 1 to ${MAX_TEXT} characters.`);
  }
  // By default the site the task has: a copy model is a decoder alone.
  const siteText = get("site") ?? (t === "copy" ? "decoder-self" : "cross");
  const site = SITES.find((x) => x === siteText);
  if (!site) throw bad("site", siteText, SITES.join(", "));
  const layerText = get("layer") ?? "1";
  const layer = Number(layerText);
  if (!/^[1-9]\d?$/.test(layerText)) throw bad("layer", layerText, "1, 2, …");
  return { task: t, text, site, layer: layer - 1 };
}

/**
 * A layer the model lacks, counted from 1 as links count it (the engine's message counts from 0:
 * "layer is 98; it must be between 0 and 0").
 */
function layerError(s: LearnedSource, message: string): UrlStateError {
  const last = Number(/between 0 and (\d+)/.exec(message)?.[1] ?? 0) + 1;
  const layers = last === 1 ? "only layer 1" : `layers 1 to ${last}`;
  return new UrlStateError(
    `The link's layer ${s.layer + 1} is not in this model: its ${s.site} attention has ${layers}.`,
  );
}

/** Asks the prebuilt model for the scenario of `s` (the training module loads on first use). */
export async function sourceScenario(s: LearnedSource): Promise<ScenarioFile> {
  const client = await import("../wasm/train-client");
  let session: Awaited<ReturnType<typeof client.openPrebuilt>> | null = null;
  try {
    session = await client.openPrebuilt(s.task);
    const scenario = await session.scenario(s.text, s.site, s.layer, -1);
    rememberSource(scenario, s);
    return scenario;
  } catch (e) {
    if (e instanceof client.TrainInputError && e.field === "layer") throw layerError(s, e.message);
    const why = e instanceof Error ? e.message : String(e);
    throw new UrlStateError(`The learned model could not give this link's scenario: ${why}`);
  } finally {
    session?.dispose();
  }
}
