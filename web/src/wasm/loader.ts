/**
 * The one place the wasm core is loaded: memoized, so every caller (the app, several embedded
 * steppers) shares a single Web Worker (core-worker.ts) that computes while the page's main thread
 * only sends scenarios and receives values. Rejections are ScenarioErrors.
 */
import type { AlgorithmAsk } from "./algorithm-types";
import { CoreClient, CoreLostError } from "./core-client";
import { KEPT_FILES, type Opened } from "./core-protocol";
import { DrillKind, type Granularity } from "./enums";
import { everyPart, lazyRun, RunHandle } from "./lazy-run";
import { ScenarioError } from "./scenario-error";
import { fromText, scenarioText } from "./scenario-text";
import type {
  OutputDrillValue,
  ProductDrillValue,
  RunResult,
  ScenarioFile,
  ScoreDrillValue,
  SweepPointValue,
  WeightDrillValue,
} from "./types";

/** The drill kinds of Q, K and V cells. */
export type ProjectionKind = typeof DrillKind.Query | typeof DrillKind.Key | typeof DrillKind.Value;

export { CoreLostError, ScenarioError };

export interface Attention {
  /**
   * Computes the trace and the step sequence in the worker. Rejects with ScenarioError for a
   * rejected scenario. The result's matrices and step texts stay in the worker until loaded
   * (wasm/lazy-run.ts: a read of a part not loaded throws NotLoadedError).
   */
  run(scenario: ScenarioFile, granularity: Granularity): Promise<RunResult>;
  /**
   * Frees a result's run in the worker once nothing will read more of it (a result never
   * released is freed when it is garbage-collected); reading an unloaded part later throws.
   */
  release(result: RunResult): void;
  /** Loads every matrix of a result, and every step when `steps` (the exports read them all). */
  loadAll(result: RunResult, steps: boolean): Promise<void>;
  /**
   * Reads a scenario file in the worker, which checks it (its bytes as they are: the core says
   * where they are not UTF-8) and keeps it (stored-files.ts): its scenario, whose big matrices
   * are markers of the worker's copy (matrix-ref.ts). Rejects with ScenarioError.
   */
  loadFile(file: Blob): Promise<ScenarioFile>;
  /** The file Save writes for a scenario (its markers' numbers put back), laid out by the worker. */
  savedFile(scenario: ScenarioFile): Promise<Blob>;
  /** Whether `result`'s run died with its worker (CoreLostError): it must be run again. */
  lost(result: RunResult): boolean;
  /** Calls `listener` when the core's worker is found dead (the next request restarts it). */
  onLost(listener: (e: CoreLostError) => void): void;
  /** Every number behind score cell (i, j) of a head. Rejects with ScenarioError. */
  drillScore(scenario: ScenarioFile, head: number, i: number, j: number): Promise<ScoreDrillValue>;
  /** Every number behind weight (i, j) of a head. */
  drillWeight(
    scenario: ScenarioFile,
    head: number,
    i: number,
    j: number,
  ): Promise<WeightDrillValue>;
  /** Every number behind head output (i, c). */
  drillOutput(
    scenario: ScenarioFile,
    head: number,
    i: number,
    c: number,
  ): Promise<OutputDrillValue>;
  /** Every term behind Q, K or V (i, c) of a head: X row i times a column of W. */
  drillProjection(
    scenario: ScenarioFile,
    kind: ProjectionKind,
    head: number,
    i: number,
    c: number,
  ): Promise<ProductDrillValue>;
  /** Every term behind the final output Y (i, c): Concat row i times W_O column c. */
  drillFinal(scenario: ScenarioFile, i: number, c: number): Promise<ProductDrillValue>;
  /**
   * The √d_k experiment: (unscaled, scaled) points for d_k = 4 … 512, each the mean over seeded
   * draws of W_Q, W_K with the lowest–highest band. Rejects with ScenarioError.
   */
  sweep(scenario: ScenarioFile): Promise<SweepPointValue[]>;
  /**
   * The KV cache's steps, flash's tiles, one tile or the difference from the standard trace, of
   * a scenario (wasm/algorithm-types.ts has the shapes), by the algorithms' own module, which the
   * worker loads on first use. Rejects with ScenarioError.
   */
  algorithm<T>(scenario: ScenarioFile, ask: AlgorithmAsk): Promise<T>;
}

/** Each lazy result's run, and a backstop that frees the runs of results nobody released. */
const handles = new WeakMap<RunResult, RunHandle>();
const unreleased = new FinalizationRegistry<RunHandle>((handle) => handle.release());

/**
 * The files the worker keeps (as many, by the same ids), handed again to a worker that
 * replaced a dead one, so a loaded file's scenario runs on as a preset's does.
 */
const files = new Map<number, Blob>();
let nextFile = 1;

function wrap(client: CoreClient): Attention {
  client.started = () => {
    for (const [file, blob] of files)
      void client.request({ type: "load", file, blob }).catch(() => 0);
  };
  // The module caches the trace of the last scenario text, so drilling right after a run with the
  // same scenario does not recompute it: keep the JSON text identical by serializing once here.
  const drill = <T>(
    scenario: ScenarioFile,
    kind: DrillKind,
    head: number,
    row: number,
    col: number,
  ) => client.request<T>({ type: "drill", scenario: scenarioText(scenario), kind, head, row, col });
  return {
    async run(scenario, granularity) {
      const opened = await client.request<Opened>({
        type: "open",
        scenario: scenarioText(scenario),
        granularity,
      });
      const handle = new RunHandle(client, opened.run);
      const lazy = lazyRun(handle, opened.summary);
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
    loadAll: async (result, steps) => handles.get(result)?.load(everyPart(result, steps)),
    async loadFile(blob) {
      const file = nextFile++;
      const scenario = await client.request<ScenarioFile>({ type: "load", file, blob });
      files.set(file, blob);
      if (files.size > KEPT_FILES) files.delete(files.keys().next().value!);
      return fromText(scenario, `{"$file":${file}}`);
    },
    savedFile: (scenario) => client.request({ type: "save", scenario: JSON.stringify(scenario) }),
    lost(result) {
      const handle = handles.get(result);
      return handle !== undefined && !client.holds(handle.id);
    },
    onLost: (listener) => client.onLost(listener),
    drillScore: (s, h, i, j) => drill(s, DrillKind.Score, h, i, j),
    drillWeight: (s, h, i, j) => drill(s, DrillKind.Weight, h, i, j),
    drillOutput: (s, h, i, c) => drill(s, DrillKind.Output, h, i, c),
    drillProjection: (s, kind, h, i, c) => drill(s, kind, h, i, c),
    drillFinal: (s, i, c) => drill(s, DrillKind.Final, 0, i, c),
    sweep: (scenario) => client.request({ type: "sweep", scenario: scenarioText(scenario) }),
    algorithm: (scenario, ask) =>
      client.request({ type: "algorithm", scenario: scenarioText(scenario), ask }),
  };
}

let loading: Promise<Attention> | undefined;

/** Starts the worker and loads the module once; later calls return the same promise. */
export function loadAttention(): Promise<Attention> {
  if (!loading) {
    const client = new CoreClient();
    loading = client.request({ type: "ready" }).then(() => wrap(client));
  }
  return loading;
}
