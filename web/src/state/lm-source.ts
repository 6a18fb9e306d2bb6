/**
 * A short link for one head of the shipped language model (docs/url.md): the Model view's "Step
 * through it" makes a scenario of that head over a text; the link names the model, the text and
 * the head instead of writing its numbers out: `lm=kjv&text=…&layer=2&head=3` (layer and head
 * from 1, as the view names them), and opening it asks the model again (its worker loads on
 * first use). The text is cut into tokens by the model's own tokenizer, BOS first.
 */
import { UrlStateError } from "./url-compress";
import type { ScenarioFile } from "../wasm/types";

export interface LmSource {
  model: "kjv";
  text: string;
  /** 0-based (1-based in links). */
  layer: number;
  head: number;
}

const MAX_TEXT = 2000;
/** Sources by the scenario's X array (edits keep it: state/edits.ts). */
const sources = new WeakMap<object, { scenario: ScenarioFile; source: LmSource }>();

export function rememberLmSource(scenario: ScenarioFile, source: LmSource): void {
  if (scenario.x_q) sources.set(scenario.x_q, { scenario, source });
}

/** Whether `b` has exactly `a`'s fields (the same objects): a copy of it, unedited. */
function same(a: ScenarioFile, b: ScenarioFile): boolean {
  const ofB = Object.entries(b).filter(
    ([k, v]) => !(k === "edits" && Array.isArray(v) && !v.length),
  );
  return (
    ofB.length === Object.keys(a).length && ofB.every(([k, v]) => a[k as keyof ScenarioFile] === v)
  );
}

/** The source of `scenario`, if it is a head of the shipped model, unedited. */
export function lmSourceOf(scenario: ScenarioFile): LmSource | undefined {
  const known = scenario.x_q && sources.get(scenario.x_q);
  return known && same(known.scenario, scenario) ? known.source : undefined;
}

export function lmSourceFields(s: LmSource): [string, string][] {
  return [
    ["lm", s.model],
    ["text", s.text],
    ["layer", String(s.layer + 1)],
    ["head", String(s.head + 1)],
  ];
}

function index(get: (key: string) => string | null, key: "layer" | "head"): number {
  const t = get(key) ?? "1";
  if (!/^[1-9]\d?$/.test(t)) {
    throw new UrlStateError(`The link's ${key} “${t.slice(0, 20)}” is not one of 1, 2, …`);
  }
  return Number(t) - 1;
}

/** The source a link names, or null; UrlStateError for a bad part. */
export function readLmSource(get: (key: string) => string | null): LmSource | null {
  const model = get("lm");
  if (model === null) return null;
  if (model !== "kjv") {
    throw new UrlStateError(`The link's model “${model.slice(0, 20)}” is not one of kjv.`);
  }
  const text = get("text") ?? "";
  if (text.length > MAX_TEXT) {
    throw new UrlStateError(`The link's text must have at most ${MAX_TEXT} characters.`);
  }
  return { model, text, layer: index(get, "layer"), head: index(get, "head") };
}

/** Asks the shipped model for the scenario of `s` (its code, worker and module load now). */
export async function lmSourceScenario(s: LmSource): Promise<ScenarioFile> {
  const { openLmSource } = await import("./lm-source-open");
  const scenario = await openLmSource(s);
  rememberLmSource(scenario, s);
  return scenario;
}
