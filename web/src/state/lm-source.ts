/**
 * A short link for one head of the shipped language model (docs/url.md): the Model view's "Step
 * through it" makes a scenario of that head over a text; the link names the model, the text and
 * the head instead of writing its numbers out: `lm=kjv&text=…&layer=2&head=3` (layer and head
 * from 1, as the view names them), and opening it asks the model again (its worker loads on
 * first use). The text is cut into tokens by the model's own tokenizer, BOS first. The other
 * algorithm picked for it (`algorithm=kv-cache`, or `flash` with `block_q`/`block_k`) comes along.
 */
import { UrlStateError } from "./url-compress";
import type { ScenarioFile } from "../wasm/types";

export interface LmSource {
  model: "kjv";
  text: string;
  /** 0-based (1-based in links). */
  layer: number;
  head: number;
  /** The scenario's algorithm fields when it is stepped through another algorithm. */
  algorithm?: AlgorithmFields;
}

/** The fields of a scenario that pick another algorithm (docs/scenario.md). */
export type AlgorithmFields = Pick<ScenarioFile, "algorithm" | "block_q" | "block_k">;
export const ALGORITHM_KEYS = ["algorithm", "block_q", "block_k"] as const;

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

/** `scenario`'s algorithm fields, if it picks another algorithm than the standard one. */
export function algorithmFields(scenario: ScenarioFile): AlgorithmFields | undefined {
  if (!scenario.algorithm || scenario.algorithm === "standard") return undefined;
  const out: AlgorithmFields = {};
  for (const k of ALGORITHM_KEYS)
    if (scenario[k] !== undefined) Object.assign(out, { [k]: scenario[k] });
  return out;
}

export function lmSourceFields(s: LmSource): [string, string][] {
  const out: [string, string][] = [
    ["lm", s.model],
    ["text", s.text],
    ["layer", String(s.layer + 1)],
    ["head", String(s.head + 1)],
  ];
  for (const k of ALGORITHM_KEYS) {
    const v = s.algorithm?.[k];
    if (v !== undefined) out.push([k, String(v)]);
  }
  return out;
}

/** The algorithm fields a link names, if any; UrlStateError for a bad one. */
function readAlgorithm(get: (key: string) => string | null): AlgorithmFields | undefined {
  const name = get("algorithm");
  if (name === null || name === "standard") return undefined;
  if (name !== "kv-cache" && name !== "flash") {
    throw new UrlStateError(
      `The link's algorithm “${name.slice(0, 20)}” is not one of standard, kv-cache, flash.`,
    );
  }
  const out: AlgorithmFields = { algorithm: name };
  for (const k of ["block_q", "block_k"] as const) {
    const t = get(k);
    if (t === null) continue;
    // The core checks the range (1-1024) and names the field.
    if (!/^[1-9]\d{0,3}$/.test(t)) {
      throw new UrlStateError(`The link's ${k} “${t.slice(0, 20)}” is not a whole number from 1.`);
    }
    out[k] = Number(t);
  }
  return out;
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
  const source: LmSource = { model, text, layer: index(get, "layer"), head: index(get, "head") };
  const algorithm = readAlgorithm(get);
  if (algorithm) source.algorithm = algorithm;
  return source;
}

/** Asks the shipped model for the scenario of `s` (its code, worker and module load now). */
export async function lmSourceScenario(s: LmSource): Promise<ScenarioFile> {
  const { openLmSource } = await import("./lm-source-open");
  const scenario = { ...(await openLmSource(s)), ...s.algorithm };
  rememberLmSource(scenario, s);
  return scenario;
}
