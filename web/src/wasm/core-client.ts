/**
 * The page's side of the core's worker (core-worker.ts): one worker, requests with ids, each
 * answered once. A rejection of the core comes back as a ScenarioError naming its field.
 *
 * A worker that dies (it closed itself, crashed, or failed) answers nothing more: without a
 * watch its requests would wait forever ("Computing…"). The worker holds a Web Lock for its
 * life, which the page queues for, so the page learns of the death the moment the lock is free;
 * every waiting request then fails with CoreLostError, and the next request starts a new worker.
 * Runs live in the worker that opened them: a later fetch of one fails with CoreLostError too.
 */
import type { CoreReply, CoreRequest } from "./core-protocol";
import { startWorker } from "./core-worker-start";
import { ScenarioError } from "./scenario-error";

/** A request without its id (the reply carries it). */
export type CoreBody = CoreRequest extends infer R
  ? R extends { id: number }
    ? Omit<R, "id">
    : never
  : never;

/** The core's worker stopped: what was asked of it is lost, and the next request restarts it. */
export class CoreLostError extends ScenarioError {
  constructor(why: string) {
    super("", `the core stopped (${why}); it restarts on your next action, with your scenario`);
    this.name = "CoreLostError";
  }
}

type Waiting = { resolve(v: unknown): void; reject(e: Error): void };

export class CoreClient {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Waiting>();
  /**
   * The runs the current worker holds: the page's run id (never reused) → the worker's own
   * (which a restarted worker counts again from the start).
   */
  private readonly runs = new Map<number, number>();
  private nextRun = 1;
  private readonly lostListeners: ((e: CoreLostError) => void)[] = [];
  private next = 1;

  /** Called when a worker starts, before the request that starts it is sent. */
  started = (): void => undefined;

  /** Calls `listener` each time the worker is found dead. */
  onLost(listener: (e: CoreLostError) => void): void {
    this.lostListeners.push(listener);
  }

  /** Whether run `run` is held by the current worker (false once that worker is gone). */
  holds(run: number): boolean {
    return this.runs.has(run);
  }

  /** Sends `body`; resolves with the worker's answer, rejects with its ScenarioError. */
  request<T>(body: CoreBody): Promise<T> {
    let sent = body;
    if (body.type === "fetch") {
      const run = this.runs.get(body.run);
      if (run === undefined) return Promise.reject(new CoreLostError("its run is gone"));
      sent = { ...body, run };
    }
    const worker = this.worker ?? this.start();
    const id = this.next++;
    const answer = new Promise<unknown>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ ...sent, id } as CoreRequest);
    });
    if (body.type !== "open") return answer as Promise<T>;
    return answer.then((value) => {
      const opened = value as { run: number };
      const run = this.nextRun++;
      if (this.worker === worker) this.runs.set(run, opened.run);
      return { ...opened, run } as T;
    });
  }

  /** Frees run `run` in the worker (no answer); a run of a dead worker is gone already. */
  close(run: number): void {
    const own = this.runs.get(run);
    if (own === undefined) return;
    this.runs.delete(run);
    this.worker?.postMessage({ type: "close", run: own } satisfies CoreRequest);
  }

  private start(): Worker {
    const worker = startWorker();
    this.worker = worker;
    worker.addEventListener("message", (event: MessageEvent<CoreReply>) => {
      const reply = event.data;
      if ("held" in reply) return this.watch(worker, reply.held);
      // A crash fails this request with every other one waiting.
      if (!reply.ok && reply.error.lost) return this.lose(worker, reply.error.message);
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (reply.ok) waiting?.resolve(reply.value);
      else waiting?.reject(new ScenarioError(reply.error.field, reply.error.message));
    });
    worker.addEventListener("error", (event) => {
      event.preventDefault();
      this.lose(worker, event.message || "its worker could not start");
    });
    // A name of its own: each worker's lock is watched once.
    const lock = `attention-core-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    worker.postMessage({ type: "hold", lock } satisfies CoreRequest);
    this.started();
    return worker;
  }

  /** Waits for the worker's lock: granted to the page only once the worker is gone. */
  private watch(worker: Worker, lock: string): void {
    // Where the page has no Web Locks (an insecure origin), the worker's death goes unwatched.
    navigator.locks
      ?.request(lock, () => this.lose(worker, "its worker ended"))
      .catch(() => undefined);
  }

  /** Forgets `worker` (if still current): its waiting requests fail, the next one restarts. */
  private lose(worker: Worker, why: string): void {
    if (this.worker !== worker) return;
    this.worker = null;
    worker.terminate();
    this.runs.clear();
    const error = new CoreLostError(why);
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const w of waiting) w.reject(error);
    for (const listener of this.lostListeners) listener(error);
  }
}
