/**
 * The page's side of the core's worker (core-worker.ts): one worker, requests with ids, each
 * answered once. A rejection of the core comes back as a ScenarioError naming its field.
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

export class CoreClient {
  private readonly worker = startWorker();
  private readonly pending = new Map<
    number,
    { resolve(v: unknown): void; reject(e: Error): void }
  >();
  private next = 1;

  constructor() {
    this.worker.addEventListener("message", (event: MessageEvent<CoreReply>) => {
      const reply = event.data;
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (reply.ok) waiting?.resolve(reply.value);
      else waiting?.reject(new ScenarioError(reply.error.field, reply.error.message));
    });
    this.worker.addEventListener("error", (event) => {
      event.preventDefault();
      const error = new Error(`the core's worker failed: ${event.message || "it could not start"}`);
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    });
  }

  /** Sends `body`; resolves with the worker's answer, rejects with its ScenarioError. */
  request<T>(body: CoreBody): Promise<T> {
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...body, id } as CoreRequest);
    });
  }

  /** Frees run `run` in the worker (no answer). */
  close(run: number): void {
    this.worker.postMessage({ type: "close", run } satisfies CoreRequest);
  }
}
