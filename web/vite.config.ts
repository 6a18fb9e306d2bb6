// Vite config: the app lives in web/, the wasm module is built by CMake into build/wasm/.
import { fileURLToPath, URL } from "node:url";
import { defineConfig } from "vite";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  // Relative asset URLs: the built folder works from any sub-path of any static host.
  base: "./",
  resolve: {
    alias: { "@wasm": `${repoRoot}build/wasm` },
  },
  build: {
    outDir: `${repoRoot}dist`,
    emptyOutDir: true,
    target: "es2022",
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
