/**
 * The Model view's worker: the language model's module (build/wasm/lm.mjs) with one model, read
 * from llama2.c's checkpoint and tokenizer.bin (sent, or fetched here for the shipped model).
 * A generation posts each token as it comes and reads its messages between tokens, so "stop" is
 * answered at once. Messages: lm-protocol.ts.
 */
import createLmModule from "@wasm/lm.mjs";
import { coreBytes } from "./core-bytes";
import type { LmModule, LmResult } from "./lm-types";
import type { Ended, LmReply, LmRequest, LmWorkerError, Opened } from "./lm-protocol";

const loading = createLmModule() as Promise<LmModule>;
/** The generation under way, if any: set to false by "stop". */
let generating: { go: boolean } | null = null;

const post = (reply: LmReply) => self.postMessage(reply);

class RequestError extends Error {
  constructor(readonly error: LmWorkerError) {
    super(error.message);
  }
}

function valueOf<K extends string, T>(result: LmResult<K, T>, key: K): T {
  if (!result.ok) throw new RequestError({ kind: "input", ...result.error });
  return (result as { [k in K]: T })[key];
}

async function open(model: ArrayBuffer, tokenizer: ArrayBuffer | null): Promise<Opened> {
  const m = await loading;
  const config = valueOf(
    m.open(new Uint8Array(model), tokenizer && new Uint8Array(tokenizer)),
    "config",
  );
  return { config, pieces: m.pieces() };
}

async function fetchBytes(url: string): Promise<ArrayBuffer> {
  const response = await fetch(url).catch(() => undefined);
  if (!response?.ok) {
    throw new Error(`the shipped model could not be fetched (${response?.status ?? "no answer"})`);
  }
  return response.arrayBuffer();
}

/** Lets queued messages (stop) run between tokens. */
const channel = new MessageChannel();
const yieldToMessages = () =>
  new Promise<void>((resolve) => {
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });

async function generate(request: Extract<LmRequest, { type: "generate" }>): Promise<Ended> {
  const m = await loading;
  if (generating) generating.go = false;
  const mine = { go: true };
  generating = mine;
  valueOf(m.start(request.ids, request.seed), "top");
  try {
    for (let i = 0; i < request.steps; i++) {
      await yieldToMessages();
      if (!mine.go) return "stopped";
      const { id, top, ended } = m.next(request.temperature);
      if (id < 0) return "context";
      if (id === 1) return "bos";
      post({ type: "token", id: request.id, token: { id, top } });
      if (ended) return "context";
    }
    return "steps";
  } finally {
    if (generating === mine) generating = null;
  }
}

async function handle(request: LmRequest): Promise<unknown> {
  const m = await loading;
  switch (request.type) {
    case "open":
      return open(request.model, request.tokenizer);
    case "fetch":
      return open(await fetchBytes(request.model), await fetchBytes(request.tokenizer));
    case "encode":
      return valueOf(m.encode(coreBytes(request.text)), "ids");
    case "generate":
      return generate(request);
    case "stop":
      if (generating) generating.go = false;
      return null;
    case "attention":
      return valueOf(m.attention(request.ids), "weights");
    case "scenario": {
      const { ids, layer, head, tokens } = request;
      return JSON.parse(valueOf(m.scenario(ids, layer, head, tokens), "scenario"));
    }
    case "induction":
      return valueOf(m.induction(request.seed), "demo");
  }
}

self.addEventListener("message", (event: MessageEvent<LmRequest>) => {
  const request = event.data;
  handle(request).then(
    (value) => post({ id: request.id, ok: true, value }),
    (e: unknown) => {
      const error: LmWorkerError =
        e instanceof RequestError
          ? e.error
          : { kind: "failure", message: e instanceof Error ? e.message : String(e) };
      post({ id: request.id, ok: false, error });
    },
  );
});
