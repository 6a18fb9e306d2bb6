/**
 * Presets of today's attention (issue 18's fields): each description says what to look at. Small
 * sizes, so every number of the RoPE stage, the bias and the masks fits on screen.
 */
import type { ScenarioFile } from "../wasm/types";

interface ModernPreset {
  id: string;
  name: string;
  description: string;
  scenario: ScenarioFile;
}

const words = (sentence: string): string[] => sentence.split(/\s+/).filter((w) => w.length > 0);

export const MODERN_PRESETS: readonly ModernPreset[] = [
  {
    id: "llama",
    name: "Llama-style: RoPE + GQA",
    description:
      "4 query heads share 2 K/V heads (heads 0–1 read K/V head 0, heads 2–3 head 1); q and k " +
      "turn by RoPE (Hugging Face's halves) after the projections: watch each pair's dial turn " +
      "by p·θ^(−2i/d_k) as the position p grows.",
    scenario: {
      query_tokens: words("the cat sat on the warm mat"),
      d_model: 16,
      heads: 4,
      kv_heads: 2,
      seed: 42,
      mask: "causal",
      positional_encoding: false,
      rope: { theta: 10000, style: "half" },
    },
  },
  {
    id: "mistral",
    name: "Mistral-style: sliding window + sinks",
    description:
      "Each query sees its 3 latest keys plus the sink token 0: in the mask step the window " +
      "slides down the diagonal while column 0 stays open; later queries still give it weight.",
    scenario: {
      query_tokens: words("<s> once upon a time a small cat sat down"),
      d_model: 8,
      heads: 2,
      kv_heads: 1,
      seed: 42,
      mask: "window",
      window: 3,
      sink_tokens: 1,
      positional_encoding: false,
      rope: { theta: 10000, style: "interleaved" },
    },
  },
  {
    id: "alibi",
    name: "ALiBi: distance bias",
    description:
      "No position signal in X: each head subtracts slope·|i − j| from its scaled scores. " +
      "Head 0's slope is the steepest (1/4), head 3's the gentlest (1/256): compare their maps.",
    scenario: {
      query_tokens: words("the cat sat on the mat"),
      d_model: 8,
      heads: 4,
      seed: 42,
      mask: "causal",
      positional_encoding: false,
      alibi: true,
    },
  },
];
