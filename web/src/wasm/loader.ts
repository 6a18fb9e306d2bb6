/**
 * The one place the wasm module is loaded: memoized, so every caller (the app, several embedded
 * steppers) shares a single instance. Wraps the raw module so errors become thrown ScenarioErrors.
 */
// Built by CMake (tools/build-wasm.sh) into build/wasm/; Vite hashes the .wasm as an asset.
import createAttentionModule from "@wasm/attention.mjs";
import type { Granularity } from "./enums";
import type { AttentionModule, RunResult, ScenarioFile } from "./types";

/** A scenario the core rejected; `field` is the scenario-file field ("" for the file as a whole). */
export class ScenarioError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.name = "ScenarioError";
    this.field = field;
  }
}

export interface Attention {
  /** Computes the trace and the step sequence. Throws ScenarioError for a rejected scenario. */
  run(scenario: ScenarioFile, granularity: Granularity): RunResult;
  /** The raw module, for tests that compare enums. */
  readonly raw: AttentionModule;
}

function wrap(raw: AttentionModule): Attention {
  return {
    raw,
    run(scenario, granularity) {
      const result = raw.run(JSON.stringify(scenario), granularity);
      if (!result.ok) throw new ScenarioError(result.error.field, result.error.message);
      return { trace: result.trace, steps: result.steps };
    },
  };
}

let loading: Promise<Attention> | undefined;

/** Loads the module once; later calls return the same promise. */
export function loadAttention(): Promise<Attention> {
  loading ??= (createAttentionModule() as Promise<AttentionModule>).then(wrap);
  return loading;
}
