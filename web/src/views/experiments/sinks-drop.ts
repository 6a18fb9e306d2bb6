/**
 * The sinks experiment, computed by the core: with a sliding window, run the scenario again
 * without its sink tokens and compare the focused head's weights, query by query. Queries whose
 * window still holds the sinks see no change; later ones lose the sink and reweigh their window.
 */
import { Granularity } from "../../wasm/enums";
import type { Attention } from "../../wasm/loader";
import { whenLoaded } from "../../wasm/lazy-run";
import type { MatrixValue, ScenarioFile } from "../../wasm/types";

export interface SinksResult {
  sinks: number;
  /** Per query: the largest |Δ weight| over its keys. */
  change: number[];
  /** The first query whose weights changed (−1: none). */
  firstChanged: number;
}

async function weightsOf(att: Attention, s: ScenarioFile, head: number): Promise<MatrixValue> {
  const r = await att.run(s, Granularity.PerMatrix);
  try {
    return await whenLoaded(() => r.trace.headTraces[head]!.weights);
  } finally {
    att.release(r);
  }
}

/** Compares head `head`'s weights with and without the scenario's sink tokens. */
export async function dropSinks(
  att: Attention,
  s: ScenarioFile,
  head: number,
): Promise<SinksResult> {
  const without: ScenarioFile = { ...s };
  delete without.sink_tokens;
  const [a, b] = [await weightsOf(att, s, head), await weightsOf(att, without, head)];
  const n = a.cols;
  const change = Array.from({ length: a.rows }, (_, i) => {
    let most = 0;
    for (let j = 0; j < n; j++)
      most = Math.max(most, Math.abs(a.data[i * n + j]! - b.data[i * n + j]!));
    return most;
  });
  return { sinks: s.sink_tokens ?? 0, change, firstChanged: change.findIndex((x) => x > 0) };
}
