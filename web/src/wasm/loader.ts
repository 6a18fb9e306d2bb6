/**
 * The one place the wasm module is loaded: memoized, so every caller (the app, several embedded
 * steppers) shares a single instance. Wraps the raw module so errors become thrown ScenarioErrors.
 */
// Built by CMake (tools/build-wasm.sh) into build/wasm/; Vite hashes the .wasm as an asset.
import createAttentionModule from "@wasm/attention.mjs";
import { coreBytes } from "./core-bytes";
import { DrillKind, type Granularity } from "./enums";
import { lazyRun, RunHandle } from "./lazy-run";
import type {
  AttentionModule,
  OutputDrillValue,
  ProductDrillValue,
  RawDrillResult,
  RunResult,
  ScenarioFile,
  ScoreDrillValue,
  SweepPointValue,
  WeightDrillValue,
} from "./types";

/** A scenario the core rejected; `field` is the scenario-file field ("" for the file as a whole). */
export class ScenarioError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.name = "ScenarioError";
    this.field = field;
  }
}

/** The drill kinds of Q, K and V cells. */
export type ProjectionKind = typeof DrillKind.Query | typeof DrillKind.Key | typeof DrillKind.Value;

export interface Attention {
  /**
   * Computes the trace and the step sequence. Throws ScenarioError for a rejected scenario. The
   * result's matrices and step texts stay in the module until first read (wasm/lazy-run.ts).
   */
  run(scenario: ScenarioFile, granularity: Granularity): RunResult;
  /**
   * Frees a result's run in the module once nothing will read more of it (a result never
   * released is freed when it is garbage-collected); reading an unread part later throws.
   */
  release(result: RunResult): void;
  /** Every number behind score cell (i, j) of a head. Throws ScenarioError. */
  drillScore(scenario: ScenarioFile, head: number, i: number, j: number): ScoreDrillValue;
  /** Every number behind weight (i, j) of a head. Throws ScenarioError. */
  drillWeight(scenario: ScenarioFile, head: number, i: number, j: number): WeightDrillValue;
  /** Every number behind head output (i, c). Throws ScenarioError. */
  drillOutput(scenario: ScenarioFile, head: number, i: number, c: number): OutputDrillValue;
  /** Every term behind Q, K or V (i, c) of a head: X row i times a column of W. Throws. */
  drillProjection(
    scenario: ScenarioFile,
    kind: ProjectionKind,
    head: number,
    i: number,
    c: number,
  ): ProductDrillValue;
  /** Every term behind the final output Y (i, c): Concat row i times W_O column c. Throws. */
  drillFinal(scenario: ScenarioFile, i: number, c: number): ProductDrillValue;
  /**
   * The √d_k experiment: (unscaled, scaled) points for d_k = 4 … 512, each the mean over seeded
   * draws of W_Q, W_K with the lowest–highest band. Throws ScenarioError.
   */
  sweep(scenario: ScenarioFile): SweepPointValue[];
  /** The raw module, for tests that compare enums. */
  readonly raw: AttentionModule;
}

/** Each lazy result's run, and a backstop that frees the runs of results nobody released. */
const handles = new WeakMap<RunResult, RunHandle>();
const unreleased = new FinalizationRegistry<RunHandle>((handle) => handle.release());

function wrap(raw: AttentionModule): Attention {
  // The module caches the trace of the last scenario text, so drilling right after a run with the
  // same scenario does not recompute it: keep the JSON text identical by serializing once here.
  // The core reads UTF-8 bytes (core-bytes.js): a lone surrogate is refused, not altered.
  const bytes = (scenario: ScenarioFile) => coreBytes(JSON.stringify(scenario));
  const drill = (scenario: ScenarioFile, kind: DrillKind, head: number, r: number, c: number) => {
    const result: RawDrillResult = raw.drill(bytes(scenario), kind, head, r, c);
    if (!result.ok) throw new ScenarioError(result.error.field, result.error.message);
    return result.drill;
  };
  return {
    raw,
    run(scenario, granularity) {
      const result = raw.open(bytes(scenario), granularity);
      if (!result.ok) throw new ScenarioError(result.error.field, result.error.message);
      const handle = new RunHandle(raw, result.id);
      const lazy = lazyRun(handle, result.summary);
      handles.set(lazy, handle);
      unreleased.register(lazy, handle, handle);
      return lazy;
    },
    release(result) {
      const handle = handles.get(result);
      if (!handle) return;
      unreleased.unregister(handle);
      handle.release();
    },
    drillScore: (s, h, i, j) => drill(s, DrillKind.Score, h, i, j) as ScoreDrillValue,
    drillWeight: (s, h, i, j) => drill(s, DrillKind.Weight, h, i, j) as WeightDrillValue,
    drillOutput: (s, h, i, c) => drill(s, DrillKind.Output, h, i, c) as OutputDrillValue,
    drillProjection: (s, kind, h, i, c) => drill(s, kind, h, i, c) as ProductDrillValue,
    drillFinal: (s, i, c) => drill(s, DrillKind.Final, 0, i, c) as ProductDrillValue,
    sweep(scenario) {
      const result = raw.sweep(bytes(scenario));
      if (!result.ok) throw new ScenarioError(result.error.field, result.error.message);
      return result.points;
    },
  };
}

let loading: Promise<Attention> | undefined;

/** Loads the module once; later calls return the same promise. */
export function loadAttention(): Promise<Attention> {
  loading ??= (createAttentionModule() as Promise<AttentionModule>).then(wrap);
  return loading;
}
