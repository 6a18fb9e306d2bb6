/**
 * Training in the page: a tiny Transformer trained in a Web Worker (train-worker.ts, with the
 * training module build/wasm/train.mjs), or a prebuilt model opened from the assets `npm run build`
 * ships. The main thread never trains: it sends requests and receives plain values.
 *
 * This file's exported names and shapes are a contract with the Learn view (may be added to,
 * never renamed or removed). All numbers are plain JS numbers; matrices are number[][]
 * (row-major, rows first).
 */
import { PREBUILT } from "./prebuilt";
import type { Opened, WorkerError, WorkerReply, WorkerRequest } from "./train-protocol";
import type {
  AttentionSite,
  TaskName,
  TrainMetrics,
  TrainProgress,
  TrainSession,
  TrainSettings,
  TrainSnapshot,
  TranslationValue,
  WatchedMap,
} from "./train-types";
import type { ScenarioFile } from "./types";

export type {
  AttentionSite,
  TaskName,
  TrainMetrics,
  TrainProgress,
  TrainSession,
  TrainSettings,
  TrainSnapshot,
  TranslationValue,
  WatchedMap,
} from "./train-types";

/** A rejected setting or sentence: `field` as in cpp/train (e.g. "d_model", "sentence"). */
export class TrainInputError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.name = "TrainInputError";
    this.field = field;
  }
}

/** A request without its id (the worker's reply carries it). */
type Body = WorkerRequest extends infer R
  ? R extends { id: number }
    ? Omit<R, "id">
    : never
  : never;
type ProgressMessage = Extract<WorkerReply, { type: "progress" }>;

/** One worker with the training module, and its requests in flight. */
class TrainWorker {
  private readonly worker = new Worker(new URL("./train-worker.ts", import.meta.url), {
    type: "module",
  });
  private readonly pending = new Map<
    number,
    { resolve(v: unknown): void; reject(e: Error): void }
  >();
  private next = 1;
  onProgress: (event: ProgressMessage) => void = () => undefined;

  constructor() {
    this.worker.addEventListener("message", (event: MessageEvent<WorkerReply>) => {
      const reply = event.data;
      if ("type" in reply) return this.onProgress(reply);
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (reply.ok) waiting?.resolve(reply.value);
      else waiting?.reject(errorOf(reply.error));
    });
    this.worker.addEventListener("error", (event) => {
      event.preventDefault();
      this.failAll(`the training worker failed: ${event.message || "it could not start"}`);
    });
  }

  request<T>(body: Body): Promise<T> {
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...body, id });
    });
  }

  send(message: Exclude<WorkerRequest, { id: number }>): void {
    this.worker.postMessage(message);
  }

  /** Ends the worker; what was still waiting on it never settles (its caller is done with it). */
  terminate(): void {
    this.worker.terminate();
    this.pending.clear();
  }

  private failAll(message: string): void {
    for (const waiting of this.pending.values()) waiting.reject(new Error(message));
    this.pending.clear();
  }
}

const errorOf = (e: WorkerError): Error =>
  e.kind === "input" ? new TrainInputError(e.field, e.message) : new Error(e.message);

/** A started worker kept for the next session, so its module loads while the learner chooses. */
let spare: TrainWorker | undefined;
const spareWorker = (): TrainWorker => (spare ??= new TrainWorker());
function takeWorker(): TrainWorker {
  const worker = spareWorker();
  spare = undefined;
  return worker;
}

class WorkerSession implements TrainSession {
  readonly settings: TrainSettings;
  readonly watched: WatchedMap[];
  private readonly record: TrainSnapshot[];
  private readonly lossList: number[];
  private latest: TrainProgress;
  private metrics: TrainMetrics | null;
  private training: Promise<TrainMetrics> | undefined;
  private readonly listeners: ((p: TrainProgress, fresh: TrainSnapshot[]) => void)[] = [];

  constructor(
    private readonly worker: TrainWorker,
    opened: Opened,
  ) {
    this.settings = opened.settings;
    this.watched = opened.watched;
    this.record = opened.snapshots;
    this.lossList = opened.losses;
    this.latest = opened.progress;
    this.metrics = opened.metrics;
    worker.onProgress = ({ progress, fresh, losses }) => {
      this.record.push(...fresh);
      this.lossList.push(...losses);
      this.latest = progress;
      for (const listener of this.listeners) listener(progress, fresh);
    };
  }

  snapshots(): TrainSnapshot[] {
    return this.record.slice();
  }

  losses(): number[] {
    return this.lossList.slice();
  }

  train(onProgress: (p: TrainProgress, fresh: TrainSnapshot[]) => void): Promise<TrainMetrics> {
    if (this.metrics) {
      // Done already (a prebuilt model, or a finished run): one call saying so, nothing fresh.
      onProgress(this.latest, []);
      return Promise.resolve(this.metrics);
    }
    this.listeners.push(onProgress);
    this.training ??= this.worker.request<TrainMetrics>({ type: "train" }).then((m) => {
      this.metrics = m;
      return m;
    });
    return this.training;
  }

  pause(): void {
    this.worker.send({ type: "pause" });
  }

  resume(): void {
    this.worker.send({ type: "resume" });
  }

  translate(text: string): Promise<TranslationValue> {
    return this.worker.request({ type: "translate", text });
  }

  scenario(text: string, site: AttentionSite, layer: number, head: number): Promise<ScenarioFile> {
    return this.worker.request({ type: "scenario", text, site, layer, head });
  }

  modelFile(): Promise<string> {
    return this.worker.request({ type: "modelFile" });
  }

  dispose(): void {
    this.worker.terminate();
  }
}

/** The defaults of a task (cpp/train default_config). */
export function defaultSettings(task: TaskName): Promise<TrainSettings> {
  return spareWorker().request({ type: "defaults", task });
}

/** Starts a worker with a fresh model; rejects with TrainInputError for a bad setting. */
export async function startTraining(settings: TrainSettings): Promise<TrainSession> {
  const worker = takeWorker();
  try {
    return new WorkerSession(worker, await worker.request<Opened>({ type: "start", settings }));
  } catch (e) {
    // A rejected setting leaves the worker as it was: keep it for the next try.
    if (e instanceof TrainInputError) spare ??= worker;
    else worker.terminate();
    throw e;
  }
}

/**
 * Opens the prebuilt model of a task (trained by `npm run build` from its default seed, shipped
 * as a lazily loaded asset, with its snapshots): done at once.
 */
export async function openPrebuilt(task: TaskName): Promise<TrainSession> {
  const worker = takeWorker();
  const urls = PREBUILT[task];
  try {
    const opened = await worker.request<Opened>({
      type: "open",
      task,
      modelUrl: urls.model,
      runUrl: urls.run,
    });
    return new WorkerSession(worker, opened);
  } catch (e) {
    worker.terminate();
    throw e;
  }
}
