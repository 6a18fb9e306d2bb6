/**
 * Starts the core's worker (core-worker.ts), which Vite bundles as a module worker of its own
 * beside the script, and requests its wasm at once from the page (core-wasm.ts). The standalone
 * build (web/vite.standalone.config.ts) puts core-worker-inline.ts in this module's place.
 */
import workerUrl from "./core-worker.ts?worker&url";
import type { WasmMessage } from "./core-wasm";

/**
 * Streams attention.wasm into `worker` as its first message; where streams cannot be transferred
 * nothing is sent, and the worker fetches the file itself.
 */
function streamWasm(worker: Worker): void {
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  try {
    worker.postMessage({ type: "wasm", body: readable } satisfies WasmMessage, [readable]);
  } catch {
    return;
  }
  // The file the worker's glue would fetch (Vite emits it once, hashed, for both).
  fetch(new URL("../../../build/wasm/attention.wasm", import.meta.url), {
    credentials: "same-origin",
    priority: "low",
  })
    .then((r) => {
      if (!r.ok || !r.body) throw new Error(`attention.wasm: HTTP ${r.status}`);
      return r.body.pipeTo(writable);
    })
    // The worker's compile fails with the stream, and it fetches the file itself.
    .catch((e: unknown) => writable.abort(e).catch(() => undefined));
}

/**
 * The worker at its URL. A page on another origin than the script may not start it directly, so
 * then a worker of the page's own origin imports it (the script's host sends it with CORS).
 */
export function startWorker(): Worker {
  const url = new URL(workerUrl, import.meta.url);
  let worker: Worker;
  try {
    worker = new Worker(url, { type: "module" });
  } catch (e) {
    if (!(e instanceof DOMException && e.name === "SecurityError")) throw e;
    const source = new Blob([`import ${JSON.stringify(url.href)};`], { type: "text/javascript" });
    worker = new Worker(URL.createObjectURL(source), { type: "module" });
  }
  streamWasm(worker);
  return worker;
}
