// The stepper's module starts with room for what the page holds at 512 tokens: the run on screen
// and the next one computing (4 heads, ~40 MB each). Growing the heap to them took 400-500 ms of
// the worker's first runs, before the page could show the new sentence.
import { test } from "node:test";
import assert from "node:assert/strict";
import { loadRawModule } from "../../tools/wasm-node.mjs";

const words = (prefix, n) => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);
const scenario = (prefix) =>
  JSON.stringify({ query_tokens: words(prefix, 512), d_model: 64, heads: 4, seed: 1 });

test("two 512-token runs, 4 heads, open at once fit without growing the heap", async () => {
  const module = await loadRawModule();
  const start = module.HEAPU8.length;
  const first = module.open(scenario("w"), 0);
  const second = module.open(scenario("v"), 0);
  assert.ok(first.ok && second.ok);
  assert.equal(module.HEAPU8.length, start, `the heap grew from ${start} bytes`);
  module.close(first.id);
  module.close(second.id);
});
