// Vitest: the TypeScript unit tests of web/src/state/ (pure functions, no DOM, no wasm), run in
// node through Vite's own transform, so they import the page's modules as they are.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/unit/**/*.test.ts"],
    environment: "node",
  },
});
