/**
 * The standalone build's core worker (web/vite.standalone.config.ts puts this module in place of
 * core-worker-start.ts): the worker, built first as one ES module with attention.wasm inside as a
 * data: URL, is inlined in the script as text and started from a data: URL. Not a blob: URL:
 * from file:// (an opaque origin) Chromium refuses a module worker from a blob: URL.
 */
import workerCode from "../../../build/standalone/core-worker.js?raw";

export function startWorker(): Worker {
  const url = `data:text/javascript;charset=utf-8,${encodeURIComponent(workerCode)}`;
  return new Worker(url, { type: "module" });
}
