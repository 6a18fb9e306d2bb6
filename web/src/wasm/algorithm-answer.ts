/**
 * The core's worker's answers from the algorithms' module (the KV cache, FlashAttention): this
 * file and that module load on the first request for them (core-worker.ts), never at start.
 */
import createAlgorithmsModule from "@wasm/algorithms.mjs";
import type { AlgorithmAsk, AlgorithmModule } from "./algorithm-types";
import { valueOf } from "./module-answer";

/** A new instance of the module, as the function that answers with it (the worker keeps one). */
export async function openAlgorithms() {
  const raw = (await createAlgorithmsModule()) as AlgorithmModule;
  return (json: Uint8Array, a: AlgorithmAsk) => answerAlgorithm(raw, json, a);
}

/** The module's answer to `a` for a scenario's bytes `json`. */
function answerAlgorithm(raw: AlgorithmModule, json: Uint8Array, a: AlgorithmAsk): unknown {
  switch (a.kind) {
    case "kv-cache":
      return valueOf(raw.kvCache(json, a.head), "decode");
    case "flash":
      return valueOf(raw.flash(json, a.head, a.blockQ, a.blockK), "flash");
    case "tile":
      return valueOf(raw.flashTile(json, a.head, a.blockQ, a.blockK, a.index), "tile");
    case "difference": {
      const which = a.algorithm === "kv-cache" ? 1 : 2;
      const d = raw.algorithmDifference(json, which, a.blockQ, a.blockK);
      return { output: valueOf<number>(d, "output"), weights: valueOf<number>(d, "weights") };
    }
  }
}
