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
 *   z  compressed scenario JSON          s  stage 0..9 (or its name, e.g. "softmax")
 *   h  head (0-based)                    q  query (0-based)
 *   g  granularity: 0 per query, 1 per matrix
 *
 * Query parameters (the iframe embed page) use the same values under longer names: preset,
 * edits, z, scenario (plain JSON), stage, head, query, granularity.
 *
 * Nothing read here is ever evaluated: the scenario is parsed as JSON and judged by the core when
 * opened; tokens are only rendered as text.
 */
import { stepAttributes } from "./embed-options";
import { compress, decompress, MAX_JSON_BYTES, UrlStateError } from "./url-compress";
import { presetById, presetMatching } from "./presets";
import type { View } from "./app-state";
import { Granularity, Stage } from "../wasm/enums";
import type { CellEdit, EditableMatrix, ScenarioFile } from "../wasm/types";

/** Longest hash (or query parameter) read, in characters. */
export const MAX_URL_TEXT = 100_000;
const MAX_EDITS = 4096;
const MAX_INDEX = 1_000_000;

const MATRICES: readonly EditableMatrix[] = [
  "x_q",
  "x_kv",
  "w_q",
  "w_k",
  "w_v",
  "w_o",
  "w_bilinear",
  "w_additive_q",
  "w_additive_k",
  "v_additive",
];
const STAGE_NAMES = new Map(Object.entries(Stage).map(([k, v]) => [k.toLowerCase(), v]));

/** The fields of a view under the names of one format (hash or query parameters). */
interface Names {
  preset: string;
  edits: string;
  z: string;
  stage: string;
  head: string;
  query: string;
  granularity: string;
}
const HASH: Names = {
  preset: "p",
  edits: "e",
  z: "z",
  stage: "s",
  head: "h",
  query: "q",
  granularity: "g",
};
const PARAMS: Names = {
  preset: "preset",
  edits: "edits",
  z: "z",
  stage: "stage",
  head: "head",
  query: "query",
  granularity: "granularity",
};

/** Encodes `view` as a hash (without the leading "#"). */
export async function encodeView(view: View): Promise<string> {
  const fields = await viewFields(view, HASH);
  // Readable: keep ":" ";" "," as they are (all allowed in a fragment).
  const enc = (v: string) =>
    encodeURIComponent(v).replace(/%3A/gi, ":").replace(/%3B/gi, ";").replace(/%2C/gi, ",");
  return fields.map(([k, v]) => `${k}=${enc(v)}`).join("&");
}

/** Reads a hash (with or without "#"); throws UrlStateError when it is not a valid view. */
export async function decodeView(text: string): Promise<View> {
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
  return readView((k) => map.get(k) ?? null, HASH);
}

/** Whether a hash holds a view at all (not, e.g., "#step" from the skip link). */
export function hashHasView(hash: string): boolean {
  return /(^#?|&)(p|z)=/.test(hash);
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
  if (!params.has("preset") && !params.has("z") && !params.has("scenario")) return null;
  const total = [...params.values()].reduce((n, v) => n + v.length, 0);
  if (total > MAX_URL_TEXT) throw new UrlStateError("The parameters are too long to open.");
  const plain = params.get("scenario");
  const view = await readView((k) => params.get(k), PARAMS, plain);
  return view;
}

async function viewFields(view: View, n: Names): Promise<[string, string][]> {
  const { edits, ...bare } = view.scenario;
  const preset = presetMatching(bare as ScenarioFile);
  const out: [string, string][] = [];
  if (preset) {
    out.push([n.preset, preset.id]);
    if (edits && edits.length > 0) out.push([n.edits, edits.map(editText).join(";")]);
  } else {
    out.push([n.z, await compress(JSON.stringify(view.scenario))]);
  }
  if (n === PARAMS) {
    // The embed page's step parameters are the <attention-stepper> attributes' (names, from 1).
    out.push(...stepAttributes(view));
    return out;
  }
  out.push([n.stage, String(view.stage)], [n.head, String(view.head)]);
  out.push([n.query, String(view.query)], [n.granularity, String(view.granularity)]);
  return out;
}

async function readView(
  get: (key: string) => string | null,
  n: Names,
  plainJson: string | null = null,
): Promise<View> {
  let scenario: ScenarioFile;
  const presetId = get(n.preset);
  const z = get(n.z);
  if (presetId !== null) {
    const preset = presetById(presetId);
    if (!preset) throw new UrlStateError(`The link names an unknown preset "${presetId}".`);
    scenario = { ...preset.scenario };
    const edits = get(n.edits);
    if (edits) scenario.edits = parseEdits(edits);
  } else if (z !== null) {
    scenario = parseScenario(await decompress(z));
  } else if (plainJson !== null) {
    if (plainJson.length > MAX_JSON_BYTES) throw new UrlStateError("The scenario is too large.");
    scenario = parseScenario(plainJson);
  } else {
    throw new UrlStateError("The link names no scenario.");
  }
  if (n === PARAMS) {
    // Step parameters are read by embed-options.ts, in the authors' convention.
    return { scenario, stage: Stage.ProjectQ, head: 0, query: 0, granularity: 0 };
  }
  return {
    scenario,
    stage: parseStage(get(n.stage)),
    head: parseIndex(get(n.head), "head"),
    query: parseIndex(get(n.query), "query"),
    granularity: parseGranularity(get(n.granularity)),
  };
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
  return value as ScenarioFile;
}

const isIndex = (x: number) => Number.isInteger(x) && x >= 0 && x <= MAX_INDEX;

function parseIndex(text: string | null, what: string): number {
  if (text === null || text === "") return 0;
  const x = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!isIndex(x)) throw new UrlStateError(`The link's ${what} "${text}" is not a whole number.`);
  return x;
}

function parseStage(text: string | null): Stage {
  if (text === null || text === "") return Stage.ProjectQ;
  const named = STAGE_NAMES.get(text.toLowerCase());
  if (named !== undefined) return named;
  const x = /^\d$/.test(text) ? Number(text) : NaN;
  if (!(x >= 0 && x <= 9)) throw new UrlStateError(`The link's stage "${text}" is not 0 to 9.`);
  return x as Stage;
}

function parseGranularity(text: string | null): Granularity {
  if (text === null || text === "" || text === "0") return Granularity.PerQuery;
  if (text === "1") return Granularity.PerMatrix;
  throw new UrlStateError(`The link's granularity "${text}" is not 0 or 1.`);
}

export { MAX_JSON_BYTES, UrlStateError };
