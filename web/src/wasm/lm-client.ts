/**
 * The language model in the page: one Web Worker (lm-worker.ts, with build/wasm/lm.mjs) per model
 * opened, the shipped King James model fetched by the worker or a user's llama2.c checkpoint sent
 * to it. The main thread only sends requests and receives plain values.
 */
import type { Ended, LmAnswers, LmReply, LmRequest, LmWorkerError, Opened } from "./lm-protocol";
import type { LmToken } from "./lm-types";

export type { Ended, Opened, Pieces } from "./lm-protocol";
export type { InductionDemo, LmConfig, LmToken, TopTokens } from "./lm-types";

/** The shipped model's files (models/kjv/), as hashed assets beside the page. */
export const KJV = {
  model: new URL("../../../models/kjv/model.bin", import.meta.url).href,
  tokenizer: new URL("../../../models/kjv/tokenizer.bin", import.meta.url).href,
};

/** A refused input: `field` as the module names it ("model", "tokenizer", "prompt", "text"). */
export class LmInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = "LmInputError";
  }
}

type Body<T extends LmRequest["type"]> = Omit<Extract<LmRequest, { type: T }>, "id">;

/** One model in its worker; dispose() ends the worker. */
export class LmSession {
  private readonly worker = new Worker(new URL("./lm-worker.ts", import.meta.url), {
    type: "module",
  });
  private readonly pending = new Map<
    number,
    { resolve(v: unknown): void; reject(e: Error): void }
  >();
  private readonly streams = new Map<number, (token: LmToken) => void>();
  private next = 1;

  constructor() {
    this.worker.addEventListener("message", (event: MessageEvent<LmReply>) => {
      const reply = event.data;
      if ("type" in reply) return this.streams.get(reply.id)?.(reply.token);
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      this.streams.delete(reply.id);
      if (reply.ok) waiting?.resolve(reply.value);
      else waiting?.reject(errorOf(reply.error));
    });
    this.worker.addEventListener("error", (event) => {
      event.preventDefault();
      const e = new Error(`the model's worker failed: ${event.message || "it could not start"}`);
      for (const w of this.pending.values()) w.reject(e);
      this.pending.clear();
    });
  }

  request<T extends LmRequest["type"]>(
    body: Body<T> & { type: T },
    transfer: Transferable[] = [],
  ): Promise<LmAnswers[T]> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...body, id }, transfer);
    });
  }

  /** Generates up to `steps` tokens after `ids`, calling `onToken` for each as it comes. */
  generate(
    ids: number[],
    options: { steps: number; temperature: number; seed: number },
    onToken: (token: LmToken) => void,
  ): Promise<Ended> {
    const id = this.next;
    this.streams.set(id, onToken);
    return this.request({ type: "generate", ids, ...options });
  }

  dispose(): void {
    this.worker.terminate();
  }
}

function errorOf(e: LmWorkerError): Error {
  return e.kind === "input" ? new LmInputError(e.field ?? "", e.message) : new Error(e.message);
}

/** The shipped model (fetched by its worker). */
export async function openKjv(): Promise<{ session: LmSession; opened: Opened }> {
  const session = new LmSession();
  try {
    return { session, opened: await session.request({ type: "fetch", ...KJV }) };
  } catch (e) {
    session.dispose();
    throw e;
  }
}

/** A user's checkpoint and, when given, its tokenizer.bin (their bytes move to the worker). */
export async function openFiles(
  model: ArrayBuffer,
  tokenizer: ArrayBuffer | null,
): Promise<{ session: LmSession; opened: Opened }> {
  const session = new LmSession();
  const transfer = tokenizer ? [model, tokenizer] : [model];
  try {
    return { session, opened: await session.request({ type: "open", model, tokenizer }, transfer) };
  } catch (e) {
    session.dispose();
    throw e;
  }
}
