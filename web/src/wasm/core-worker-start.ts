/**
 * Starts the core's worker (core-worker.ts), which Vite bundles as a module worker of its own
 * beside the script. The standalone build (web/vite.standalone.config.ts) puts
 * core-worker-inline.ts in this module's place.
 */
import workerUrl from "./core-worker.ts?worker&url";

/**
 * The worker at its URL. A page on another origin than the script may not start it directly, so
 * then a worker of the page's own origin imports it (the script's host sends it with CORS).
 */
export function startWorker(): Worker {
  const url = new URL(workerUrl, import.meta.url);
  try {
    return new Worker(url, { type: "module" });
  } catch (e) {
    if (!(e instanceof DOMException && e.name === "SecurityError")) throw e;
    const source = new Blob([`import ${JSON.stringify(url.href)};`], { type: "text/javascript" });
    return new Worker(URL.createObjectURL(source), { type: "module" });
  }
}
