/**
 * Ready-made scenarios, from the tiny worked example to the paper's 512-wide sizes, and one with
 * learned weights that is fetched on first use (a file `npm run build` makes).
 */
import fromScratch from "../../../examples/from-scratch.json";
import withBiases from "../../../examples/with-biases.json";
import { LEARNED_SCENARIO } from "../wasm/prebuilt";
import { MODERN_PRESETS } from "./modern-presets";
import type { ScenarioFile } from "../wasm/types";
import { minJsonLength } from "../wasm/json-size";

interface PresetInfo {
  id: string;
  name: string;
  /** One line under the preset picker. */
  description: string;
}

/** A preset whose scenario is written here. */
export interface StaticPreset extends PresetInfo {
  scenario: ScenarioFile;
}

/** A preset whose scenario file is fetched from `url` when first used. */
export interface FetchedPreset extends PresetInfo {
  url: string;
}

export type Preset = StaticPreset | FetchedPreset;

/** Space-separated words as tokens (what the sentence field does). */
const words = (sentence: string): string[] => sentence.split(/\s+/).filter((w) => w.length > 0);

const HOPKINS = "Anthony Hopkins admired Michael Bay as a great director.";

export const PRESETS: readonly Preset[] = [
  {
    id: "small",
    name: "Small default",
    description: "6 tokens, d_model 8, 2 heads: every number fits on screen.",
    scenario: {
      query_tokens: words("the cat sat on the mat"),
      d_model: 8,
      heads: 2,
      seed: 42,
      mask: "none",
      positional_encoding: true,
    },
  },
  {
    id: "scratch",
    name: "From scratch",
    description: "The worked example: 4 words, d_model 3, one head, no W_O, explicit matrices.",
    // The article's exact matrices, shared with the tests and the command-line example.
    scenario: fromScratch as ScenarioFile,
  },
  {
    id: "hopkins",
    name: "Anthony Hopkins",
    description: "The paper's sizes: 9 tokens, d_model 512, 8 heads of d_k 64.",
    scenario: {
      query_tokens: words(HOPKINS),
      d_model: 512,
      heads: 8,
      seed: 42,
      mask: "none",
      positional_encoding: true,
    },
  },
  {
    id: "cross",
    name: "Cross-attention",
    description: "12 Spanish target tokens attend over 9 English source tokens (m ≠ n).",
    scenario: {
      query_tokens: words("<start> Anthony Hopkins admiró a Michael Bay como un gran director ."),
      key_tokens: words(HOPKINS),
      d_model: 16,
      heads: 2,
      seed: 7,
      mask: "none",
      positional_encoding: true,
    },
  },
  {
    id: "masked",
    name: "Causal + padding",
    description:
      "Causal mask and a left-padded <pad> key: the <pad> query sees no key at all (flagged).",
    scenario: {
      query_tokens: words("<pad> the cat sat down"),
      d_model: 8,
      heads: 2,
      seed: 3,
      mask: "causal",
      padded_keys: [0],
      positional_encoding: true,
    },
  },
  {
    id: "biases",
    name: "With biases",
    description:
      "Biases b_Q, b_K, b_V and b_O, each added to every row of its product, as in real layers.",
    // The example file, shared with the tests and the command-line example.
    scenario: withBiases as ScenarioFile,
  },
  ...MODERN_PRESETS,
  {
    id: "learned",
    name: "Learned: English → French",
    description:
      "A trained model's cross-attention: each French word over the English words it translates.",
    url: LEARNED_SCENARIO,
  },
  {
    id: "flash",
    name: "FlashAttention tiles",
    description:
      "7 causal tokens in tiles of B_r = 2 queries × B_c = 3 keys: follow m and ℓ tile by tile (the tiles above the diagonal are skipped), then the weights recovered from L = m + log ℓ equal the standard ones.",
    // In the order the form writes a scenario, so that applying it unchanged is still this preset.
    scenario: {
      query_tokens: words("the small black cat sees a car"),
      d_model: 8,
      heads: 2,
      seed: 42,
      mask: "causal",
      positional_encoding: true,
      algorithm: "flash",
      block_q: 2,
      block_k: 3,
    },
  },
];

export const DEFAULT_PRESET = PRESETS[0] as StaticPreset;

export function presetById(id: string): Preset | undefined {
  return PRESETS.find((p) => p.id === id);
}

/** Fetched scenarios by preset id, once loaded (or loading). */
const fetched = new Map<string, Promise<ScenarioFile>>();
const loaded = new Map<string, ScenarioFile>();

/** A preset's scenario if it is at hand now: written here, or fetched already. */
export function presetScenarioNow(preset: Preset): ScenarioFile | undefined {
  return "scenario" in preset ? preset.scenario : loaded.get(preset.id);
}

/**
 * A preset's scenario, fetched once for a FetchedPreset. Rejects with an Error whose message says
 * which preset could not be loaded and why.
 */
export function presetScenario(preset: Preset): Promise<ScenarioFile> {
  if ("scenario" in preset) return Promise.resolve(preset.scenario);
  let loading = fetched.get(preset.id);
  if (!loading) {
    loading = fetchScenario(preset);
    fetched.set(preset.id, loading);
    // A failure is not kept: the next use tries again.
    loading.then(
      (s) => loaded.set(preset.id, s),
      () => fetched.delete(preset.id),
    );
  }
  return loading;
}

async function fetchScenario(preset: FetchedPreset): Promise<ScenarioFile> {
  const fail = (why: string) =>
    new Error(
      `The preset "${preset.name}" could not be loaded (${why}); \`npm run build\` makes it.`,
    );
  let response: Response;
  try {
    response = await fetch(preset.url);
  } catch {
    throw fail("no answer");
  }
  if (!response.ok) throw fail(`HTTP ${response.status}`);
  try {
    return (await response.json()) as ScenarioFile;
  } catch {
    throw fail("not JSON");
  }
}

/** Same fields holding the same values (arrays compared by identity): a copy of a preset's. */
function shallowSame(a: ScenarioFile, b: ScenarioFile): boolean {
  const keys = Object.keys(a) as (keyof ScenarioFile)[];
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

/** Each preset scenario's JSON, made once (the learned one is some 360 KB of it). */
const jsonOf = new WeakMap<ScenarioFile, string>();

/**
 * The preset whose scenario is exactly `scenario` (same JSON), if any; fetched ones once loaded.
 * A scenario certainly longer than every preset's JSON is not written out to compare (the link
 * of each step asks: a loaded 768-wide layer took the main thread ~0.7 s a step).
 */
export function presetMatching(scenario: ScenarioFile): Preset | undefined {
  const known = loaded.size;
  if (lastMatch && lastMatch.known === known && shallowSame(lastMatch.scenario, scenario))
    return lastMatch.preset;
  const preset = findMatching(scenario);
  lastMatch = { scenario, known, preset };
  return preset;
}

/**
 * The last answer and what it was for: every step's link asks again for a scenario with the
 * same fields (0.2 ms a step at the Hopkins size to measure them); a preset fetched since may
 * match where none did.
 */
let lastMatch: { scenario: ScenarioFile; known: number; preset: Preset | undefined } | null = null;

function findMatching(scenario: ScenarioFile): Preset | undefined {
  let text: string | undefined;
  let least: number | undefined;
  return PRESETS.find((p) => {
    const known = presetScenarioNow(p);
    if (!known) return false;
    if (shallowSame(known, scenario)) return true;
    if (!jsonOf.has(known)) jsonOf.set(known, JSON.stringify(known));
    const json = jsonOf.get(known)!;
    least ??= minJsonLength(scenario);
    if (least > json.length) return false;
    text ??= JSON.stringify(scenario);
    return json === text;
  });
}
