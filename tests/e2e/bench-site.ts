/**
 * The benchmark page's own build (`npm run build:bench` → build/bench-site/, never in dist/),
 * served by `vite preview` with the app's preview settings, so under the app's CSP, on a free port.
 */
import { existsSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { startPreview } from "../../tools/bench/bench-page.mjs";

const SITE = fileURLToPath(new URL("../../build/bench-site/", import.meta.url));

/** A port nobody listens on now (the OS picks it). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts the preview of build/bench-site/; returns its origin and stop(). */
export async function serveBenchSite(): Promise<{ origin: string; stop: () => void }> {
  if (!existsSync(`${SITE}train-bench.html`)) {
    throw new Error(`${SITE}train-bench.html is missing: run npm run build:bench first`);
  }
  return startPreview(await freePort(), SITE);
}
