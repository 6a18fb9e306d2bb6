// Drilling into cells through the wasm module: the worked example's numbers, term by term.
import { test } from "node:test";
import assert from "node:assert/strict";
import { assertClose, fromScratch, row, runOk, sharedModule } from "./helpers.mjs";

const json = JSON.stringify(fromScratch);

function drillOk(module, kind, head, r, c) {
  const result = module.drill(json, kind, head, r, c);
  assert.ok(result.ok, result.ok ? "" : result.error.message);
  return result.drill;
}

test("a score cell: q and k, their products, the sum and the scaling", async () => {
  const module = await sharedModule();
  const d = drillOk(module, 0, 0, 0, 0);
  assert.deepEqual(Array.from(d.q), [2, 0, 2]);
  assert.deepEqual(Array.from(d.k), [2, 2, 2]);
  assert.deepEqual(Array.from(d.products), [4, 0, 4]);
  assert.equal(d.sum, 8);
  assertClose([d.divisor, d.scaled], [Math.sqrt(3), 8 / Math.sqrt(3)], 1e-15);
  assert.equal(d.masked, false);
});

test("a weight cell: the softmax of its row written out, summing to 1", async () => {
  const module = await sharedModule();
  const d = drillOk(module, 1, 0, 0, 0);
  const s = [8, 2, 10, 2].map((x) => x / Math.sqrt(3));
  assertClose(Array.from(d.row), s, 1e-14, "row");
  assertClose([d.max], [10 / Math.sqrt(3)], 1e-14, "max");
  const exps = s.map((x) => Math.exp(x - d.max));
  assertClose(Array.from(d.exps), exps, 1e-14, "exps");
  assertClose([d.sum], [exps.reduce((a, b) => a + b)], 1e-14, "sum");
  assertClose(
    Array.from(d.weights),
    [0.236089863, 0.00738987555, 0.749130386, 0.00738987555],
    1e-8,
  );
  assert.ok(Math.abs(Array.from(d.weights).reduce((a, b) => a + b) - 1) < 1e-15);
  assert.equal(d.weight, d.weights[0]);
});

test("an output cell: each weight times a value, summed, equals the head output", async () => {
  const module = await sharedModule();
  const { trace } = runOk(module, fromScratch);
  const d = drillOk(module, 2, 0, 0, 0);
  // V = X W_V: column 0 of V is [1, 0, 1, 0].
  assert.deepEqual(Array.from(d.values), [1, 0, 1, 0]);
  assertClose(Array.from(d.weights), row(trace.headTraces[0].weights, 0), 0, "weights");
  assertClose(
    Array.from(d.terms),
    Array.from(d.weights).map((w, j) => w * d.values[j]),
    0,
    "terms",
  );
  assertClose([d.sum], [0.98522025], 1e-8, "sum");
});

test("drilling outside the matrices is an error value naming the index", async () => {
  const module = await sharedModule();
  for (const [args, field] of [
    [[0, 1, 0, 0], "head"],
    [[0, 0, 4, 0], "row"],
    [[2, 0, 0, 3], "col"],
    [[5, 0, 0, 0], "kind"],
  ]) {
    const result = module.drill(json, ...args);
    assert.equal(result.ok, false, `${field} should be rejected`);
    assert.equal(result.error.field, field);
  }
});
