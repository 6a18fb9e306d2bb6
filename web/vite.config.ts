// Vite config: the app lives in web/, the wasm module is built by CMake into build/wasm/.
import { fileURLToPath, URL } from "node:url";
import { defineConfig } from "vite";
import { compressed } from "./vite-plugin-compress.ts";
import { prebuiltModels } from "./vite-plugin-models.ts";
import { offline } from "./vite-plugin-offline.ts";
import { preloadWasm } from "./vite-plugin-preload-wasm.ts";
import { treeshake } from "./vite-treeshake.ts";

/** Modules shared by every page's first load, bundled as one chunk (below). */
const FIRST_LOAD =
  /web\/src\/(views\/ui\/(dom|format)|state\/(stages|url-state|lm-source))\.ts$|node_modules\/d3-/;

/** What the app page's entry (web/src/main.ts) imports: the loader of the core. */
const LOADER = /web\/src\/wasm\/loader\.ts$|vite\/preload-helper/;

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const webRoot = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  // Relative asset URLs: the built folder works from any sub-path of any static host.
  base: "./",
  // dist/sw.js: precaches the stepper's files so the app works offline after the first visit.
  // Beside each text and wasm file a .gz and .br copy, which `vite preview` sends when it may.
  // build/models/: the prebuilt models, trained before bundling (web/vite-plugin-models.ts).
  plugins: [
    prebuiltModels(),
    offline(),
    compressed(),
    // Each page's head preloads the core's wasm (web/vite-plugin-preload-wasm.ts).
    preloadWasm(),
    {
      // Dev server: tutorial.html's ./attention-stepper.js (a built file) is the element's source.
      name: "attention-stepper-dev",
      apply: "serve",
      configureServer(server) {
        server.middlewares.use((req, _res, next) => {
          if (req.url?.split("?")[0] === "/attention-stepper.js") req.url = "/src/element.ts";
          next();
        });
      },
    },
  ],
  // The training worker (web/src/wasm/train-worker.ts) is a module worker.
  worker: { format: "es" },
  resolve: {
    alias: { "@wasm": `${repoRoot}build/wasm` },
  },
  build: {
    outDir: `${repoRoot}dist`,
    emptyOutDir: true,
    target: "es2022",
    rollupOptions: {
      treeshake,
      // Three pages, and <attention-stepper> as one script with a stable name beside them (the
      // benchmark page is built apart: web/vite.bench.config.ts).
      input: {
        index: `${webRoot}index.html`,
        embed: `${webRoot}embed.html`,
        tutorial: `${webRoot}tutorial.html`,
        "attention-stepper": `${webRoot}src/element.ts`,
      },
      output: {
        // The small modules every page's first load shares, as one chunk rather than six: on
        // HTTP/1.1 (six connections) beside the worker, the wasm and the app's chunk, each one
        // more was queued a round trip (bench-slow-start.mjs).
        // The entry's own (the loader that starts the worker and the wasm) stays apart, so that
        // they are requested as soon as it has arrived.
        codeSplitting: {
          groups: [
            { name: "loader", test: LOADER, priority: 2 },
            { name: "first-load", test: FIRST_LOAD, priority: 1 },
          ],
        },
        entryFileNames: (chunk) =>
          chunk.name === "attention-stepper" ? "[name].js" : "assets/[name]-[hash].js",
      },
    },
  },
  server: { port: 5173, strictPort: true, fs: { allow: [repoRoot] } },
  // The strictest policy the app must run under (no eval: the module is built with
  // -sDYNAMIC_EXECUTION=0); the end-to-end tests run against this preview server.
  preview: {
    port: 4173,
    strictPort: true,
    headers: {
      "Content-Security-Policy":
        "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; object-src 'none'; base-uri 'none'",
    },
  },
});
