/**
 * A RunResult whose matrices and step texts stay in the module until first read
 * (cpp/bindings/runs.h): `run` copies only a summary (sizes, tokens, each step's stage, head and
 * query); a matrix or a step is asked for when a view reads it, then kept.
 */
import type { Stage } from "./enums";
import type {
  AttentionModule,
  HeadTraceValue,
  MatrixValue,
  OperandValue,
  RunResult,
  RunSummary,
  StepValue,
  TraceValue,
} from "./types";

/** TraceValue's matrix fields, each fetched by name ("wO" and the scoring parameters may be null). */
const TRACE_MATRICES = [
  "embeddingsQ",
  "embeddingsKv",
  "positionalQ",
  "positionalKv",
  "xQ",
  "xKv",
  "wQ",
  "wK",
  "wV",
  "wO",
  "wBilinear",
  "wAdditiveQ",
  "wAdditiveK",
  "vAdditive",
  "qAll",
  "kAll",
  "vAll",
  "mask",
  "concat",
  "output",
] as const;

const HEAD_MATRICES = ["q", "k", "v", "scores", "scaled", "masked", "weights", "output"] as const;

/** Thrown when a result's run was released (a newer run replaced it) and a part is read after. */
export class ReleasedRunError extends Error {}

/** One open run of the module; `release` frees it there (later reads throw ReleasedRunError). */
export class RunHandle {
  #open = true;
  constructor(
    readonly raw: AttentionModule,
    readonly id: number,
  ) {}

  matrix(name: string, head: number): MatrixValue | null {
    this.#check();
    const r = this.raw.matrix(this.id, name, head);
    if (!r.ok) throw new Error(r.error.message);
    return r.matrix;
  }

  step(k: number): StepValue {
    this.#check();
    const r = this.raw.step(this.id, k);
    if (!r.ok) throw new Error(r.error.message);
    return r.step;
  }

  release(): void {
    if (this.#open) this.raw.close(this.id);
    this.#open = false;
  }

  #check(): void {
    if (!this.#open) throw new ReleasedRunError(`run ${this.id} was released`);
  }
}

/** An object whose `names` are getters that fetch once and keep the value. */
function lazyFields<T>(names: readonly string[], fetch: (name: string) => unknown, base = {}): T {
  const kept = new Map<string, unknown>();
  for (const name of names) {
    Object.defineProperty(base, name, {
      enumerable: true,
      get: () => {
        if (!kept.has(name)) kept.set(name, fetch(name));
        return kept.get(name);
      },
    });
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
    return (this.#full ??= this.#run.step(this.#k));
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
  const headTraces = Array.from({ length: summary.numHeads }, (_, h) =>
    lazyFields<HeadTraceValue>(HEAD_MATRICES, (name) => run.matrix(name, h)),
  );
  const trace = lazyFields<TraceValue>(TRACE_MATRICES, (name) => run.matrix(name, -1), {
    ...plain,
    headTraces,
  });
  const steps: StepValue[] = [];
  for (let k = 0; k * 3 < keys.length; k++) {
    steps.push(new LazyStep(run, k, keys[3 * k] as Stage, keys[3 * k + 1]!, keys[3 * k + 2]!));
  }
  return { trace, steps };
}
