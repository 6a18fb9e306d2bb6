// The core's limits on a scenario or model file (cpp/core/scenario/json.h JsonLimits), known
// before the core is loaded so that a file over them is refused from its size, never read.
// tests/wasm/robust-cli.test.mjs checks them against the module's jsonLimits(). Shared by the page,
// the commands and the node tests (which import its build for node, build/node/, made by
// tools/make/build-node.mjs).

/** The most bytes a scenario or model file may have (128 MB). */
export const MAX_FILE_BYTES = 128 * 1024 * 1024;

/** The most JSON values (numbers, strings, ...) a file may hold. */
export const MAX_FILE_VALUES = 5000000;

/** "134,217,728 bytes (128 MB)": a size in messages. */
export function bytesText(n: number): string {
  const mb = n / (1024 * 1024);
  const short = mb >= 1 ? ` (${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB)` : "";
  return `${n.toLocaleString("en-US")} bytes${short}`;
}

/** Why a file of `size` bytes is refused, or null when it may be read. */
export function tooLargeMessage(size: number): string | null {
  if (size <= MAX_FILE_BYTES) return null;
  return `the file is ${bytesText(size)}; a file may have at most ${bytesText(MAX_FILE_BYTES)}`;
}
