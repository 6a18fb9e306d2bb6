/**
 * RoPE's relative-position experiment, computed by the core: shift every position by k and the
 * scores of RoPE stay the same (they depend on i − j only), while with sinusoidal encodings
 * added to X they change. Four runs: RoPE at position_offset o and o + k; the same inputs without
 * RoPE, with sinusoidal encodings P(p) added to X, at position_offset o and o + k.
 */
import { Granularity } from "../../wasm/enums";
import type { Attention } from "../../wasm/loader";
import { whenLoaded } from "../../wasm/lazy-run";
import type { MatrixValue, RunResult, ScenarioFile } from "../../wasm/types";

export interface ShiftResult {
  k: number;
  /** Largest |ΔS| over every head's raw scores, with RoPE and with sinusoidal encodings. */
  rope: number;
  sinusoidal: number;
}

const maxDiff = (a: MatrixValue, b: MatrixValue): number =>
  a.data.reduce((m, x, i) => Math.max(m, Math.abs(x - b.data[i]!)), 0);

/** Every head's raw scores of a run, loaded, then the run released. */
async function scoresOf(att: Attention, s: ScenarioFile): Promise<MatrixValue[]> {
  const r: RunResult = await att.run(s, Granularity.PerMatrix);
  try {
    return await whenLoaded(() => r.trace.headTraces.map((h) => h.scores));
  } finally {
    att.release(r);
  }
}

/** The sinusoidal side: X = E + P(p) against X = E + P(p + k), same weights, the shift made by
 * position_offset (which moves the sinusoidal positions too); NaN when the scenario gives X,
 * which then holds no positional encoding to shift. */
async function sinusoidalDiff(att: Attention, s: ScenarioFile, k: number): Promise<number> {
  if (s.x_q) return NaN;
  const base: ScenarioFile = { ...s, rope: null, positional_encoding: true };
  delete base.edits;
  const offset = s.position_offset ?? 0;
  const before = await scoresOf(att, { ...base, position_offset: offset });
  const after = await scoresOf(att, { ...base, position_offset: offset + k });
  return Math.max(...before.map((b, h) => maxDiff(b, after[h]!)));
}

/** Runs the experiment on a self-attention RoPE scenario; k is the shift. */
export async function ropeShift(att: Attention, s: ScenarioFile, k: number): Promise<ShiftResult> {
  const offset = s.position_offset ?? 0;
  const before = await scoresOf(att, s);
  const after = await scoresOf(att, { ...s, position_offset: offset + k });
  const rope = Math.max(...before.map((b, h) => maxDiff(b, after[h]!)));
  return { k, rope, sinusoidal: await sinusoidalDiff(att, s, k) };
}
