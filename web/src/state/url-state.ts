/**
 * A view (scenario, edits included, plus where the walk is) as URL text, and back. Pure: no DOM.
 *
 * Hash format (docs/url.md), fields joined by "&", values percent-encoded where needed:
 *
 *   #p=small&e=x_q:0:1:0.5;w_q:2:3:-1&s=6&h=1&q=3&g=0   a preset (by id), with optional edits
 *   #z=<base64url>&s=6&h=1&q=3&g=0                      any other scenario: JSON, deflate-raw,
 *                                                        base64url
 *
 *   p  preset id (presets.ts)           e  edits "matrix:row:col:value", joined by ";"
 *   z  compressed scenario JSON          s, h, q, g, a  the step (url-step.ts)
 *
 * Query parameters (the iframe embed page) name the scenario with longer names: preset, edits,
 * z, scenario (plain JSON); a hash may use those too. The step's keys are url-step.ts's.
 *
 * Nothing read here is ever evaluated: the scenario is parsed as JSON and judged by the core when
 * opened; tokens are only rendered as text.
 */
import { stepAttributes } from "./embed-options";
import { compress, decompress, MAX_JSON_BYTES, UrlStateError } from "./url-compress";
import { minJsonLength } from "../wasm/json-size";
import { fromText } from "../wasm/scenario-text";
import { presetById, presetMatching, presetScenario } from "./presets";
import type { View } from "./app-state";
import { readStep, shown } from "./url-step";
import { readSource, sourceFields, sourceOf, sourceScenario } from "./learned-source";
import { lmSourceFields, lmSourceOf, lmSourceScenario, readLmSource } from "./lm-source";
import { Stage } from "../wasm/enums";
import { MATRICES as REGISTRY } from "../wasm/registry";
import type { CellEdit, EditableMatrix, ScenarioFile } from "../wasm/types";

/** Longest hash (or query parameter) read, in characters. */
export const MAX_URL_TEXT = 100_000;
const MAX_EDITS = 4096;
const MAX_INDEX = 1_000_000;

/** The matrices an edit may name: the registry's editable ones. */
const MATRICES: readonly EditableMatrix[] = REGISTRY.filter((m) => m.editable).map(
  (m) => m.fileField as EditableMatrix,
);

/** The fields of a view under the names of one format (hash or query parameters). */
interface Names {
  preset: string;
  edits: string;
  z: string;
  scenario: string;
  stage: string;
  head: string;
  query: string;
  granularity: string;
}
const HASH: Names = {
  preset: "p",
  edits: "e",
  z: "z",
  scenario: "scenario",
  stage: "s",
  head: "h",
  query: "q",
  granularity: "g",
};
const PARAMS: Names = {
  preset: "preset",
  edits: "edits",
  z: "z",
  scenario: "scenario",
  stage: "stage",
  head: "head",
  query: "query",
  granularity: "granularity",
};

/**
 * A view whose scenario no link can carry: its hash would be over MAX_URL_TEXT characters (a
 * 768-wide layer's is megabytes; Chromium refuses URLs over 2 MB). Save it as a file instead.
 */
export class TooBigForLinkError extends UrlStateError {
  constructor() {
    super("This scenario is too big for a link.");
    this.name = "TooBigForLinkError";
  }
}

/** Encodes `view` as a hash (without the leading "#"); throws TooBigForLinkError when too long. */
export async function encodeView(view: View): Promise<string> {
  const fields = await viewFields(view, HASH);
  // Readable: keep ":" ";" "," as they are (all allowed in a fragment).
  const enc = (v: string) =>
    encodeURIComponent(v).replace(/%3A/gi, ":").replace(/%3B/gi, ";").replace(/%2C/gi, ",");
  const text = fields.map(([k, v]) => `${k}=${enc(v)}`).join("&");
  if (text.length > MAX_URL_TEXT) throw new TooBigForLinkError();
  return text;
}

/**
 * The compressed JSON of each scenario written (a step keeps its scenario object: a 50 MB one is
 * not stringified again at every step), or null when no link can carry it.
 */
const compressed = new WeakMap<ScenarioFile, Promise<string | null>>();

function compressedScenario(scenario: ScenarioFile): Promise<string | null> {
  let z = compressed.get(scenario);
  if (!z) {
    // A link inflates to at most MAX_JSON_BYTES (url-compress.ts) and holds MAX_URL_TEXT. A
    // scenario certainly longer is not written out to be measured (json-size.ts).
    // A scenario with markers of matrices the core's worker holds (wasm/matrix-ref.ts; only a
    // marker writes `{"ref":`, a string's quotes being escaped) is bigger than that.
    const json = minJsonLength(scenario) > MAX_JSON_BYTES ? null : JSON.stringify(scenario);
    const big = json === null || json.length > MAX_JSON_BYTES || json.includes('{"ref":');
    z = big ? Promise.resolve(null) : compress(json);
    z = z.then((text) => (text !== null && text.length <= MAX_URL_TEXT ? text : null));
    compressed.set(scenario, z);
  }
  return z;
}

/** A view read from a link, and the parts of its step that could not be read (url-step.ts). */
export interface LinkView {
  view: View;
  problems: string[];
}

/**
 * Reads a hash (with or without "#"). Throws UrlStateError when it names no scenario that can be
 * read; a bad step is only named in `problems`, and the view is the scenario's first step.
 */
export async function decodeView(text: string): Promise<LinkView> {
  const raw = text.startsWith("#") ? text.slice(1) : text;
  if (raw.length > MAX_URL_TEXT) throw new UrlStateError("The link is too long to open.");
  const map = new Map<string, string>();
  for (const part of raw.split("&")) {
    if (part === "") continue;
    const eq = part.indexOf("=");
    const key = eq < 0 ? part : part.slice(0, eq);
    let value: string;
    try {
      value = decodeURIComponent(eq < 0 ? "" : part.slice(eq + 1));
    } catch {
      throw new UrlStateError(`The link's "${key}" part is not valid percent-encoding.`);
    }
    map.set(key, value);
  }
  const get = (k: string) => map.get(k) ?? null;
  const scenario = await readScenario((f) => get(HASH[f]) ?? get(PARAMS[f]), get);
  const { problems, ...step } = readStep(get);
  return { view: { scenario, ...step }, problems };
}

/** Whether a hash holds a view at all (not, e.g., "#step" from the skip link). */
export function hashHasView(hash: string): boolean {
  return /(^#?|&)(p|z|preset|scenario|learned|lm)=/.test(hash);
}

/** The view as query parameters for the iframe embed page (the step as in embed-options.ts). */
export async function viewToSearchParams(view: View): Promise<URLSearchParams> {
  return new URLSearchParams(await viewFields(view, PARAMS));
}

/**
 * The scenario given by query parameters (preset, edits, z or scenario) as a view at its first
 * step, or null when they name no scenario; the step parameters are embed-options.ts's. Throws
 * UrlStateError for bad values.
 */
export async function viewFromSearchParams(params: URLSearchParams): Promise<View | null> {
  if (!["preset", "z", "scenario", "learned", "lm"].some((k) => params.has(k))) return null;
  const total = [...params.values()].reduce((n, v) => n + v.length, 0);
  if (total > MAX_URL_TEXT) throw new UrlStateError("The parameters are too long to open.");
  const scenario = await readScenario(
    (f) => params.get(PARAMS[f]),
    (k) => params.get(k),
  );
  // Step parameters are read by embed-options.ts, in the authors' convention.
  return { scenario, stage: Stage.ProjectQ, head: 0, query: 0, granularity: 0 };
}

async function viewFields(view: View, n: Names): Promise<[string, string][]> {
  const { edits, ...bare } = view.scenario;
  const preset = presetMatching(bare as ScenarioFile);
  const source = sourceOf(view.scenario);
  const lmSource = lmSourceOf(view.scenario);
  const out: [string, string][] = [];
  if (lmSource) {
    // A head of the shipped language model: named, not written out (lm-source.ts).
    out.push(...lmSourceFields(lmSource));
  } else if (source) {
    // A prebuilt model's scenario: named, not written out (learned-source.ts).
    out.push(...sourceFields(source));
    if (edits && edits.length > 0) out.push([n.edits, edits.map(editText).join(";")]);
  } else if (preset) {
    out.push([n.preset, preset.id]);
    if (edits && edits.length > 0) out.push([n.edits, edits.map(editText).join(";")]);
  } else {
    const z = await compressedScenario(view.scenario);
    if (z === null) throw new TooBigForLinkError();
    out.push([n.z, z]);
  }
  if (n === PARAMS) {
    // The embed page's step parameters are the <attention-stepper> attributes' (names, from 1).
    out.push(...stepAttributes(view));
    return out;
  }
  out.push([n.stage, String(view.stage)], [n.head, String(view.head)]);
  out.push([n.query, String(view.query)], [n.granularity, String(view.granularity)]);
  if (view.algoStep !== undefined) out.push(["a", String(view.algoStep)]);
  return out;
}

/**
 * The scenario a link names: a preset or a learned model's (with edits), compressed JSON (z) or
 * plain JSON. `raw` reads the learned source's fields, named alike in hashes and parameters.
 */
async function readScenario(
  get: (field: "preset" | "edits" | "z" | "scenario") => string | null,
  raw: (key: string) => string | null,
): Promise<ScenarioFile> {
  const lmSource = readLmSource(raw);
  if (lmSource) return lmSourceScenario(lmSource);
  const source = readSource(raw);
  if (source) {
    const scenario = { ...(await sourceScenario(source)) };
    const edits = get("edits");
    if (edits) scenario.edits = parseEdits(edits);
    return scenario;
  }
  const presetId = get("preset");
  const z = get("z");
  const plainJson = get("scenario");
  if (presetId !== null) {
    const preset = presetById(presetId);
    if (!preset) throw new UrlStateError(`The link names an unknown preset ${shown(presetId)}.`);
    const scenario: ScenarioFile = {
      ...(await presetScenario(preset).catch((e: Error) => {
        throw new UrlStateError(e.message);
      })),
    };
    const edits = get("edits");
    if (edits) scenario.edits = parseEdits(edits);
    return scenario;
  }
  if (z !== null) return parseScenario(await decompress(z));
  if (plainJson !== null) {
    if (plainJson.length > MAX_JSON_BYTES) throw new UrlStateError("The scenario is too large.");
    return parseScenario(plainJson);
  }
  throw new UrlStateError("The link names no scenario.");
}

function editText(e: CellEdit): string {
  return `${e.matrix}:${e.row}:${e.col}:${e.value}`;
}

function parseEdits(text: string): CellEdit[] {
  const parts = text.split(";").filter((p) => p !== "");
  if (parts.length > MAX_EDITS) throw new UrlStateError("The link has too many edits.");
  return parts.map((p, i) => {
    const [matrix, row, col, value, ...rest] = p.split(":");
    const m = MATRICES.find((x) => x === matrix);
    const r = Number(row);
    const c = Number(col);
    const v = Number(value);
    const ok =
      m !== undefined &&
      rest.length === 0 &&
      isIndex(r) &&
      isIndex(c) &&
      value !== "" &&
      isFinite(v);
    if (!ok || m === undefined) throw new UrlStateError(`Edit ${i + 1} of the link is not valid.`);
    return { matrix: m, row: r, col: c, value: v };
  });
}

function parseScenario(json: string): ScenarioFile {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new UrlStateError("The link's scenario is not valid JSON.");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new UrlStateError("The link's scenario is not a JSON object.");
  }
  const tokens = (value as { query_tokens?: unknown }).query_tokens;
  if (!Array.isArray(tokens) || !tokens.every((t) => typeof t === "string")) {
    throw new UrlStateError("The link's scenario has no list of query tokens.");
  }
  // The core reads the link's own text: a repeated field or 1e400 is its to name.
  return fromText(value as ScenarioFile, json);
}

const isIndex = (x: number) => Number.isInteger(x) && x >= 0 && x <= MAX_INDEX;

export { MAX_JSON_BYTES, UrlStateError };
