// The standalone build (`npm run build:standalone`): <attention-stepper> as ONE ES module with the
// core's worker, attention.wasm and algorithms.wasm (the KV cache and FlashAttention) inside, so a single HTML file runs the stepper from file://
// with no network: the Python package's save_html and show (python/README.md). Two passes:
// `--mode worker` builds the core's worker alone into build/standalone/core-worker.js (the wasm
// inlined as a data: URL), then the element's build inlines that file as text
// (src/wasm/core-worker-inline.ts) into python/attention_stepper/static/, gitignored, where the
// package reads it. The app's own build (vite.config.ts) does not use this file.
import { fileURLToPath, URL } from "node:url";
import { defineConfig } from "vite";
import { treeshake } from "./vite-treeshake.ts";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const webRoot = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig(({ mode }) => {
  const worker = mode === "worker";
  const entry = worker ? "core-worker.js" : "attention-stepper.standalone.js";
  return {
    root: webRoot,
    base: "./",
    publicDir: false,
    plugins: [
      {
        // Only the one script ships: the training worker and the prebuilt models it would emit
        // load only for the Learn view and the "learned" preset, never used by a standalone page.
        name: "attention-stepper-one-file",
        apply: "build",
        generateBundle(_options, bundle) {
          for (const name of Object.keys(bundle)) if (name !== entry) delete bundle[name];
        },
      },
    ],
    worker: { format: "es" },
    resolve: {
      alias: [
        { find: "@wasm", replacement: `${repoRoot}build/wasm` },
        {
          find: /^\.\/core-worker-start$/,
          replacement: `${webRoot}src/wasm/core-worker-inline.ts`,
        },
      ],
    },
    build: {
      outDir: worker ? `${repoRoot}build/standalone` : `${repoRoot}python/attention_stepper/static`,
      emptyOutDir: true,
      target: "es2022",
      // One file on purpose: the script, the worker and the wasm (about 580 kB raw).
      chunkSizeWarningLimit: 1024,
      // attention.wasm and algorithms.wasm as base64 data: URLs inside the worker's code (the
      // worker's import() of algorithms.mjs is bundled in: one file); nothing else inlined.
      assetsInlineLimit: (file: string) => /(attention|algorithms)\.wasm$/.test(file),
      rolldownOptions: {
        treeshake,
        input: `${webRoot}src/${worker ? "wasm/core-worker.ts" : "element.ts"}`,
        output: { entryFileNames: entry, codeSplitting: false },
      },
    },
  };
});
