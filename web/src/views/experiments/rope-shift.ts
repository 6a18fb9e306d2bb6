/**
 * RoPE's relative-position experiment, computed by the core: shift every position by k and the
 * scores of RoPE stay the same (they depend on i − j only), while with sinusoidal encodings
 * added to X they change. Four runs: RoPE at offset o and o + k; the same inputs without RoPE
 * with P(p) added, then with P(p + k) (the positions a longer sentence's core run gives).
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

/** The sinusoidal side: X = E + P(p) against X = E + P(p + k), same weights. */
async function sinusoidalDiff(att: Attention, s: ScenarioFile, k: number): Promise<number> {
  const base: ScenarioFile = { ...s, rope: null, positional_encoding: true };
  delete base.edits;
  delete base.position_offset;
  const r = await att.run(base, Granularity.PerMatrix);
  // A sentence k tokens longer: its positional rows k.. are P(p + k).
  const longer = { ...base, query_tokens: [...Array<string>(k).fill("·"), ...s.query_tokens] };
  delete longer.x_q;
  const l = await att.run(longer, Granularity.PerMatrix);
  try {
    const [e, p] = await whenLoaded(() => [r.trace.embeddingsQ, l.trace.positionalQ] as const);
    const d = e.cols;
    const rows = Array.from({ length: e.rows }, (_, i) =>
      Array.from({ length: d }, (_, c) => e.data[i * d + c]! + p.data[(i + k) * d + c]!),
    );
    const before = await scoresOf(att, base);
    const after = await scoresOf(att, { ...base, x_q: rows });
    return Math.max(...before.map((b, h) => maxDiff(b, after[h]!)));
  } finally {
    att.release(r);
    att.release(l);
  }
}

/** Runs the experiment on a self-attention RoPE scenario; k is the shift. */
export async function ropeShift(att: Attention, s: ScenarioFile, k: number): Promise<ShiftResult> {
  const offset = s.position_offset ?? 0;
  const before = await scoresOf(att, s);
  const after = await scoresOf(att, { ...s, position_offset: offset + k });
  const rope = Math.max(...before.map((b, h) => maxDiff(b, after[h]!)));
  return { k, rope, sinusoidal: await sinusoidalDiff(att, s, k) };
}
