// Shared helpers for the node tests of the wasm module.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { loadRawModule } from "../../tools/lib/wasm-node.mjs";
import { MatrixId } from "../../build/node/registry.js";

let shared;
/** One module instance shared by a test file (instantiating costs ~50 ms). */
export function sharedModule() {
  shared ??= loadRawModule();
  return shared;
}

/** Runs a scenario object through the module; fails the test with the core's message if rejected. */
export function runOk(module, scenario, granularity = 0) {
  const result = module.run(JSON.stringify(scenario), granularity);
  assert.ok(result.ok, result.ok ? "" : `${result.error.field}: ${result.error.message}`);
  return result;
}

/** The bytes of examples/`name`.json. */
export const exampleBytes = (name) =>
  readFileSync(new URL(`../../examples/${name}.json`, import.meta.url));

/** The X_q of a run opened from `bytes` (then closed), as a plain array. */
export function openedXq(module, bytes) {
  const opened = module.open(bytes, 0);
  assert.ok(opened.ok);
  const x = module.matrix(opened.id, MatrixId.Xq, -1).matrix;
  module.close(opened.id);
  return Array.from(x.data);
}

/** Row r of a {rows, cols, data} matrix as a plain array. */
export function row(m, r) {
  return Array.from(m.data.subarray(r * m.cols, (r + 1) * m.cols));
}

/** Asserts two arrays are equal elementwise within `tol`, printing the largest difference. */
export function assertClose(actual, expected, tol, what = "values") {
  assert.equal(actual.length, expected.length, `${what}: length`);
  let worst = 0;
  for (let i = 0; i < actual.length; i++)
    worst = Math.max(worst, Math.abs(actual[i] - expected[i]));
  assert.ok(
    worst <= tol,
    `${what}: max |difference| ${worst} > ${tol}\n  got ${actual}\n  want ${expected}`,
  );
}

/** The worked example of docs/conventions.md (the from-scratch article), as the page's preset. */
export const fromScratch = JSON.parse(
  readFileSync(new URL("../../examples/from-scratch.json", import.meta.url), "utf8"),
);
