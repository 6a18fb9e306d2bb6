// Vite config of the benchmark page alone (web/bench/train-bench.html: training speed in the
// page's worker), built into build/bench-site/ for `npm run bench` and the e2e test of the
// training worker; never part of dist/. It shares the app's aliases, worker format and preview
// (the same CSP), so the page trains exactly as the Learn view does.
import { fileURLToPath, URL } from "node:url";
import { defineConfig } from "vite";
import app from "./vite.config.ts";
import { prebuiltModels } from "./vite-plugin-models.ts";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const benchRoot = fileURLToPath(new URL("./bench/", import.meta.url));

export default defineConfig({
  root: benchRoot,
  base: "./",
  publicDir: fileURLToPath(new URL("./public/", import.meta.url)),
  // The prebuilt models: the page may time opening one (?prebuilt=1).
  plugins: [prebuiltModels()],
  worker: app.worker,
  resolve: app.resolve,
  build: {
    // Served by tools/bench/bench-train.mjs and tests/e2e/learned.spec.ts.
    outDir: `${repoRoot}build/bench-site`,
    emptyOutDir: true,
    target: "es2022",
    rollupOptions: { input: { "train-bench": `${benchRoot}train-bench.html` } },
  },
  preview: app.preview,
});
