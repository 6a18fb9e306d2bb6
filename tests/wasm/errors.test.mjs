// Bad input crosses the boundary as a value naming the field and the limit, never a thrown number.
import { test } from "node:test";
import assert from "node:assert/strict";
import { sharedModule } from "./helpers.mjs";

function reject(module, text) {
  const result = module.run(text, 0);
  assert.equal(result.ok, false, `expected a rejection for ${text}`);
  return result.error;
}

test("a size over its limit names the field, the value and the limit", async () => {
  const module = await sharedModule();
  const error = reject(module, JSON.stringify({ query_tokens: ["a", "b"], d_model: 2000 }));
  assert.equal(error.field, "d_model");
  assert.match(error.message, /d_model/);
  assert.match(error.message, /2000/);
  assert.match(error.message, /1024/);
});

test("a matrix of the wrong shape names the matrix and both shapes", async () => {
  const module = await sharedModule();
  const error = reject(
    module,
    JSON.stringify({ query_tokens: ["a", "b"], d_model: 2, heads: 1, w_q: [[1, 2, 3]] }),
  );
  assert.equal(error.field, "w_q");
  assert.match(error.message, /1×3/);
  assert.match(error.message, /2×2/);
});

test("invalid JSON and unknown fields are reported, not thrown", async () => {
  const module = await sharedModule();
  const syntax = reject(module, '{"query_tokens": ["a",]}');
  assert.equal(syntax.field, "");
  assert.match(syntax.message, /line 1/);
  const unknown = reject(module, JSON.stringify({ query_tokens: ["a"], dmodel: 4 }));
  assert.equal(unknown.field, "dmodel");
});

test("an unknown granularity is rejected", async () => {
  const module = await sharedModule();
  const result = module.run(JSON.stringify({ query_tokens: ["a"] }), 7);
  assert.equal(result.ok, false);
  assert.equal(result.error.field, "granularity");
});

test("the module keeps working after thousands of calls, good and bad, without heap growth", async () => {
  const module = await sharedModule();
  // Two different good scenarios in turn, so the module's one-entry cache is replaced every call
  // and every call parses, computes and converts afresh.
  const goods = [
    JSON.stringify({ query_tokens: "the cat sat on the mat".split(" "), mask: "causal" }),
    JSON.stringify({ query_tokens: ["a", "b", "c"], key_tokens: ["x", "y"], d_model: 4 }),
  ];
  const bad = JSON.stringify({ query_tokens: [], d_model: -1 });
  const call = (i) => {
    if (i % 3 === 0) module.run(bad, 0);
    else if (i % 5 === 0) module.drill(goods[i % 2], 1, 0, 0, 0);
    else module.run(goods[i % 2], i % 2);
  };
  for (let i = 0; i < 30; i++) call(i);
  const before = module.heapBytesInUse();
  for (let i = 30; i < 2030; i++) call(i);
  const after = module.heapBytesInUse();
  assert.ok(
    Math.abs(after - before) < 4096,
    `heap in use went from ${before} to ${after} bytes over 2000 calls`,
  );
  assert.equal(module.run(goods[0], 0).ok, true);
});
