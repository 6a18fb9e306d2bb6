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
  preview: { port: 4173, strictPort: true },
});
