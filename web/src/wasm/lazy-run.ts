/**
 * A RunResult whose matrices and step texts stay in the core's worker until fetched
 * (cpp/bindings/runs.h): `open` sends only a summary (sizes, tokens, each step's stage, head and
 * query). Reads stay synchronous for the views: a part fetched earlier (`preload`, `load`) is
 * returned; any other throws NotLoadedError, which the controller catches, loads and renders again.
 */
import type { MatrixId, Stage } from "./enums";
import { MATRICES, type MatrixInfo } from "./registry";
import type { CoreClient } from "./core-client";
import type { Fetched, MatrixPart } from "./core-protocol";
import type {
  HeadTraceValue,
  OperandValue,
  RunResult,
  RunSummary,
  StepValue,
  TraceValue,
} from "./types";

/** The registry's matrices of a trace and of a head (fetched by id, read by field). */
const TRACE_MATRICES = MATRICES.filter((m) => !m.perHead);
const HEAD_MATRICES = MATRICES.filter((m) => m.perHead);

/** Thrown when a result's run was released (a newer run replaced it) and a part is read after. */
export class ReleasedRunError extends Error {}

/** A part of a run: step k, or a matrix by registry id (with its head when per head). */
export type RunPart = { step: number } | MatrixPart;

const keyOf = (p: RunPart) => ("step" in p ? `s${p.step}` : `m${p.matrix}@${p.head}`);

/**
 * Thrown when a view reads a part of a result that is not on the page yet: `load()` fetches it
 * from the worker, after which the same read succeeds (the controller then renders again).
 */
export class NotLoadedError extends Error {
  constructor(
    readonly run: RunHandle,
    readonly part: RunPart,
  ) {
    super(`${keyOf(part)} of run ${run.id} is not loaded yet`);
    this.name = "NotLoadedError";
  }
  load(): Promise<void> {
    return this.run.load([this.part]);
  }
}

/** One open run in the core's worker and the parts of it fetched so far. */
export class RunHandle {
  #open = true;
  readonly #kept = new Map<string, unknown>();
  /** Parts asked for and not answered yet: asked once, however many loads wait for them. */
  readonly #coming = new Map<string, Promise<void>>();
  constructor(
    readonly client: CoreClient,
    readonly id: number,
  ) {}

  /** The part, if fetched; otherwise throws NotLoadedError (or ReleasedRunError once released). */
  read<T>(part: RunPart): T {
    const key = keyOf(part);
    if (this.#kept.has(key)) return this.#kept.get(key) as T;
    if (!this.#open) throw new ReleasedRunError(`run ${this.id} was released`);
    throw new NotLoadedError(this, part);
  }

  /** Fetches the parts neither kept nor coming, in one request; resolves once all are kept. */
  async load(parts: readonly RunPart[]): Promise<void> {
    const missing = new Map(parts.map((p) => [keyOf(p), p]));
    const waits: Promise<void>[] = [];
    for (const key of missing.keys()) {
      const coming = this.#coming.get(key);
      if (coming) waits.push(coming);
      if (coming || this.#kept.has(key)) missing.delete(key);
    }
    if (missing.size > 0 && this.#open) waits.push(this.#fetch([...missing.values()]));
    await Promise.all(waits);
  }

  #fetch(wanted: RunPart[]): Promise<void> {
    const steps = wanted.flatMap((p) => ("step" in p ? [p.step] : []));
    const matrices = wanted.flatMap((p) => ("step" in p ? [] : [p]));
    const request = this.client
      .request<Fetched>({ type: "fetch", run: this.id, steps, matrices })
      .then((got) => {
        steps.forEach((k, i) => this.#kept.set(keyOf({ step: k }), got.steps[i]));
        matrices.forEach((m, i) => this.#kept.set(keyOf(m), got.matrices[i]));
      })
      .finally(() => wanted.forEach((p) => this.#coming.delete(keyOf(p))));
    wanted.forEach((p) => this.#coming.set(keyOf(p), request));
    return request;
  }

  release(): void {
    if (this.#open) this.client.close(this.id);
    this.#open = false;
  }
}

/**
 * Loads, one request per run and round, every part that the reads stop on, until none does;
 * `reads` is asked again each round, since a part may name the next (a step, then the matrices of
 * its operands). A read that throws anything else is left to the render that makes it again.
 */
export async function preload(reads: () => readonly (() => unknown)[]): Promise<void> {
  for (;;) {
    const missing = new Map<RunHandle, RunPart[]>();
    for (const read of reads()) {
      try {
        read();
      } catch (e) {
        if (!(e instanceof NotLoadedError)) continue;
        missing.set(e.run, [...(missing.get(e.run) ?? []), e.part]);
      }
    }
    if (missing.size === 0) return;
    await Promise.all([...missing].map(([run, parts]) => run.load(parts)));
  }
}

/** `read()`, made again after loading each part it stops on (for reads outside a render). */
export async function whenLoaded<T>(read: () => T | Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await read();
    } catch (e) {
      if (!(e instanceof NotLoadedError)) throw e;
      await e.load();
    }
  }
}

/** An object whose registry rows' fields are getters that read the run's kept parts. */
function lazyFields<T>(rows: readonly MatrixInfo[], read: (id: MatrixId) => unknown, base = {}): T {
  for (const row of rows) {
    Object.defineProperty(base, row.traceField, { enumerable: true, get: () => read(row.id) });
  }
  return base as T;
}

/** Step k: stage, head and query at once (pickers, findStep), the rest from the module when read. */
class LazyStep implements StepValue {
  #full: StepValue | undefined;
  readonly #run: RunHandle;
  readonly #k: number;
  constructor(
    run: RunHandle,
    k: number,
    readonly stage: Stage,
    readonly head: number,
    readonly query: number,
  ) {
    this.#run = run;
    this.#k = k;
  }
  get #step(): StepValue {
    return (this.#full ??= this.#run.read<StepValue>({ step: this.#k }));
  }
  get operands(): OperandValue[] {
    return this.#step.operands;
  }
  get result(): OperandValue {
    return this.#step.result;
  }
  get shapes(): string {
    return this.#step.shapes;
  }
  get sizeRule(): string {
    return this.#step.sizeRule;
  }
  get formula(): string {
    return this.#step.formula;
  }
  get formulaNumbers(): string {
    return this.#step.formulaNumbers;
  }
  get sentence(): string {
    return this.#step.sentence;
  }
  get flagged(): boolean {
    return this.#step.flagged;
  }
  /** JSON.stringify (the trace export's steps) writes the whole step. */
  toJSON(): StepValue {
    return this.#step;
  }
}

/** The result of an open run: the summary's plain fields, everything else on first read. */
export function lazyRun(run: RunHandle, summary: RunSummary): RunResult {
  const { keys, ...plain } = summary;
  const headTraces = Array.from({ length: summary.numHeads }, (_, head) =>
    lazyFields<HeadTraceValue>(HEAD_MATRICES, (matrix) => run.read({ matrix, head })),
  );
  const trace = lazyFields<TraceValue>(TRACE_MATRICES, (matrix) => run.read({ matrix, head: -1 }), {
    ...plain,
    headTraces,
  });
  const steps: StepValue[] = [];
  for (let k = 0; k * 3 < keys.length; k++) {
    steps.push(new LazyStep(run, k, keys[3 * k] as Stage, keys[3 * k + 1]!, keys[3 * k + 2]!));
  }
  return { trace, steps };
}

/** Every matrix of a result, the trace's and each head's, and its steps when `steps` (exports). */
export function everyPart(result: RunResult, steps: boolean): RunPart[] {
  const heads = result.trace.numHeads;
  return [
    ...(steps ? result.steps.map((_, step) => ({ step })) : []),
    ...TRACE_MATRICES.map((m) => ({ matrix: m.id, head: -1 })),
    ...Array.from({ length: heads }, (_, head) =>
      HEAD_MATRICES.map((m) => ({ matrix: m.id, head })),
    ).flat(),
  ];
}

/** `read()`, or `otherwise` while a part it reads is not loaded yet. */
export function loadedOr<T>(read: () => T, otherwise: T): T {
  try {
    return read();
  } catch (e) {
    if (e instanceof NotLoadedError) return otherwise;
    throw e;
  }
}

/** Whether every read runs without stopping on a part not loaded yet. */
export function allLoaded(reads: readonly (() => unknown)[]): boolean {
  return reads.every((read) => loadedOr(() => (read(), true), false));
}
