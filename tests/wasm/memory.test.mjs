// The stepper's module starts with room for what the page holds at 512 tokens: the run on screen
// and the next one computing (4 heads, ~40 MB each). Growing the heap to them took 400-500 ms of
// the worker's first runs, before the page could show the new sentence.
import { test } from "node:test";
import assert from "node:assert/strict";
import { loadRawModule } from "../../tools/lib/wasm-node.mjs";

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

test("the heap written ahead after a big run leaves that run's numbers as they were", async () => {
  // The core's worker writes a block as large as the last run grew while idle, then frees it
  // (core-worker.ts warmHeap), so the next run lands on pages already written.
  const module = await loadRawModule();
  const before = module.heapBytesInUse();
  const first = module.open(scenario("w"), 0);
  assert.ok(first.ok);
  const weights = () => Array.from(module.matrix(first.id, "weights", 3).matrix.data);
  const shown = weights();
  const grew = module.heapBytesInUse() - before;
  const at = module._malloc(grew);
  assert.ok(at > 0, "the block was not allocated");
  module.HEAPU8.fill(0, at, at + grew);
  module._free(at);
  assert.deepEqual(weights(), shown);
  const second = module.open(scenario("v"), 0);
  assert.ok(second.ok);
  assert.deepEqual(weights(), shown);
  module.close(first.id);
  module.close(second.id);
});
