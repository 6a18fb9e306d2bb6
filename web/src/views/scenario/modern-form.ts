/**
 * The form's values for the fields of today's models: grouped-query K/V heads, RoPE (style, θ,
 * rotated dims, position offset), attention sinks and ALiBi, and their translation to and from a
 * ScenarioFile, without the DOM. Text is sent as typed, like the other sizes (scenario-form.ts):
 * the core's message names the field and its limit. A field at its default is left out of the
 * file, so every scenario without them is the same file as before.
 */
import type { ScenarioFile } from "../../wasm/types";

export type RopeStyle = "none" | "interleaved" | "half";

export interface ModernValues {
  /** K/V heads as typed; "" means as many as heads (no grouping). */
  kvHeads: string;
  rope: RopeStyle;
  /** θ and rotated dims as typed; "" leaves the core's default (10000, d_k). */
  ropeTheta: string;
  ropeDims: string;
  /** Position of the first token as typed; "" or "0": none. */
  positionOffset: string;
  /** Always-visible keys as typed; "" or "0": none. */
  sinks: string;
  alibi: boolean;
}

export const MODERN_DEFAULTS: ModernValues = {
  kvHeads: "",
  rope: "none",
  ropeTheta: "",
  ropeDims: "",
  positionOffset: "",
  sinks: "",
  alibi: false,
};

/** A number as a number; anything else as the text typed (the core reports either). */
export function numberField(text: string): number {
  const t = text.trim();
  const x = Number(t);
  // Overflowing text ("1e400") stays text: JSON would turn Infinity into null.
  const numeric = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(t) && Number.isFinite(x);
  return (numeric ? x : t) as number;
}

const text = (x: number | undefined): string => (x === undefined ? "" : String(x));
const isUnset = (t: string): boolean => t.trim() === "" || t.trim() === "0";

export function modernFromScenario(s: ScenarioFile): ModernValues {
  const rope = s.rope ?? null;
  return {
    kvHeads: text(s.kv_heads),
    rope: rope ? (rope.style ?? "interleaved") : "none",
    ropeTheta: text(rope?.theta),
    ropeDims: text(rope?.dims),
    positionOffset: text(s.position_offset),
    sinks: text(s.sink_tokens),
    alibi: s.alibi ?? false,
  };
}

/** Writes the fields that differ from their defaults into `s` (`heads` as typed). */
export function addModernFields(s: ScenarioFile, v: ModernValues, heads: string): void {
  if (v.kvHeads.trim() !== "" && v.kvHeads.trim() !== heads.trim()) {
    s.kv_heads = numberField(v.kvHeads);
  }
  if (v.rope !== "none") {
    const rope: NonNullable<ScenarioFile["rope"]> = { style: v.rope };
    if (v.ropeTheta.trim() !== "") rope.theta = numberField(v.ropeTheta);
    if (v.ropeDims.trim() !== "") rope.dims = numberField(v.ropeDims);
    s.rope = rope;
  }
  if (!isUnset(v.positionOffset)) s.position_offset = numberField(v.positionOffset);
  if (!isUnset(v.sinks)) s.sink_tokens = numberField(v.sinks);
  if (v.alibi) s.alibi = true;
}

/** The form field showing a message about scenario-file `field`, or null when not one of these. */
export function modernFormField(field: string): keyof ModernValues | null {
  if (field === "kv_heads") return "kvHeads";
  if (field === "rope" || field === "rope.style") return "rope";
  if (field === "rope.theta") return "ropeTheta";
  if (field === "rope.dims") return "ropeDims";
  if (field === "position_offset") return "positionOffset";
  if (field === "sink_tokens") return "sinks";
  if (field === "alibi") return "alibi";
  return null;
}

/** What the form calls these fields, in messages beside them. */
export const MODERN_LABELS: Record<string, string> = {
  kv_heads: "K/V heads",
  position_offset: "Position offset",
  sink_tokens: "Sink tokens",
};
