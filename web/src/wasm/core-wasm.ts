/**
 * How the core's worker gets attention.wasm. The page requests it itself from its first script
 * (core-worker-start.ts), in parallel with the worker's own script, and hands the worker the
 * response's bytes as a stream (`{type: "wasm", body}`, its first message), which the worker
 * compiles while they arrive: on a slow network that saves the round trip the worker would start
 * only once its script had arrived and run. Without that message (a standalone build, a browser
 * that cannot transfer streams) or if the stream fails, the glue fetches the file itself.
 */
import createAttentionModule from "@wasm/attention.mjs";
import type { AttentionModule } from "./types";

/** The message that carries the stream: always the page's first. */
export interface WasmMessage {
  type: "wasm";
  body: ReadableStream<Uint8Array>;
}

/** Emscripten's hook: instantiate the module from `imports`, then call `receive`. */
type Instantiate = (
  imports: WebAssembly.Imports,
  receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void,
) => object;

/** The core instantiated from `body` as it streams in; rejects if the stream fails. */
function fromStream(body: ReadableStream<Uint8Array>): Promise<AttentionModule> {
  let fail: (e: unknown) => void = () => undefined;
  const failed = new Promise<never>((_, reject) => (fail = reject));
  const instantiateWasm: Instantiate = (imports, receive) => {
    const response = new Response(body, { headers: { "Content-Type": "application/wasm" } });
    WebAssembly.instantiateStreaming(response, imports).then(
      (r) => receive(r.instance, r.module),
      fail,
    );
    return {};
  };
  const ready = createAttentionModule({ instantiateWasm } as object) as Promise<AttentionModule>;
  return Promise.race([ready, failed]);
}

/**
 * The worker's core, loaded once the page's first message says how: from the page's stream, or
 * (no stream, or a stream that failed) by the glue's own fetch. `first` takes every message's
 * data; only the first counts.
 */
export function coreLoader(): { first(data: unknown): void; loading: Promise<AttentionModule> } {
  let take: (body: ReadableStream<Uint8Array> | null) => void = () => undefined;
  const body = new Promise<ReadableStream<Uint8Array> | null>((resolve) => (take = resolve));
  const own = () => createAttentionModule() as Promise<AttentionModule>;
  const loading = body.then((b) => (b ? fromStream(b).catch(own) : own()));
  return {
    first: (data) =>
      take((data as Partial<WasmMessage>).type === "wasm" ? (data as WasmMessage).body : null),
    loading,
  };
}
