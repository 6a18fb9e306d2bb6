// Loads the browser wasm module (build/wasm/attention.mjs) in Node: the glue is built for the web,
// so the .wasm bytes are handed over directly instead of fetched.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = new URL("../", import.meta.url);
export const modulePath = fileURLToPath(new URL("build/wasm/attention.mjs", root));
const wasmPath = fileURLToPath(new URL("build/wasm/attention.wasm", root));

/** Builds the module when it is missing; build output goes to stderr so stdout stays clean. */
export function ensureBuilt() {
  if (existsSync(modulePath) && existsSync(wasmPath)) return;
  execFileSync("bash", [fileURLToPath(new URL("tools/build-wasm.sh", root))], {
    stdio: ["ignore", process.stderr, process.stderr],
  });
}

/** A fresh instance of the raw Embind module (each call instantiates a new one). */
export async function loadRawModule() {
  ensureBuilt();
  const { default: createAttentionModule } = await import(modulePath);
  return createAttentionModule({ wasmBinary: readFileSync(wasmPath) });
}
