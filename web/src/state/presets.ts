/** Ready-made scenarios, from the tiny worked example to the paper's 512-wide sizes. */
import fromScratch from "../../../examples/from-scratch.json";
import type { ScenarioFile } from "../wasm/types";

export interface Preset {
  id: string;
  name: string;
  /** One line under the preset picker. */
  description: string;
  scenario: ScenarioFile;
}

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
];

export const DEFAULT_PRESET: Preset = PRESETS[0]!;

export function presetById(id: string): Preset | undefined {
  return PRESETS.find((p) => p.id === id);
}

/** The preset whose scenario is exactly `scenario` (same JSON), if any. */
export function presetMatching(scenario: ScenarioFile): Preset | undefined {
  const text = JSON.stringify(scenario);
  return PRESETS.find((p) => JSON.stringify(p.scenario) === text);
}
