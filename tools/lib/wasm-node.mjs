// Loads the browser wasm modules (build/wasm/attention.mjs, build/wasm/train.mjs) in Node: the
// glue is built for the web, so the .wasm bytes are handed over directly instead of fetched.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = new URL("../../", import.meta.url);
const built = (file) => fileURLToPath(new URL(`build/wasm/${file}`, root));
export const modulePath = built("attention.mjs");

/** Builds the modules when one is missing; build output goes to stderr so stdout stays clean. */
export function ensureBuilt(name = "attention") {
  if (existsSync(built(`${name}.mjs`)) && existsSync(built(`${name}.wasm`))) return;
  execFileSync("bash", [fileURLToPath(new URL("tools/make/build-wasm.sh", root))], {
    stdio: ["ignore", process.stderr, process.stderr],
  });
}

/**
 * A fresh instance of a raw Embind module (each call instantiates a new one): "attention" (the
 * stepper's) or "train" (the training engine's).
 */
export async function loadRawModule(name = "attention") {
  ensureBuilt(name);
  const { default: create } = await import(built(`${name}.mjs`));
  return create({ wasmBinary: readFileSync(built(`${name}.wasm`)) });
}
