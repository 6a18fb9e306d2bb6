/**
 * The prebuilt models at build time: before Vite bundles, tools/make/build-models.mjs trains each task's
 * default model natively into build/models/ (kept when up to date) and makes the learned preset's
 * scenario; web/src/wasm/prebuilt.ts points at those files, so Vite ships them as hashed assets.
 */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

const script = fileURLToPath(new URL("../tools/make/build-models.mjs", import.meta.url));

export function prebuiltModels(): Plugin {
  return {
    name: "attention-stepper-models",
    apply: "build",
    buildStart() {
      execFileSync(process.execPath, [script], { stdio: ["ignore", "inherit", "inherit"] });
    },
  };
}
