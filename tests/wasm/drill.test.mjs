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

const at = (m, r, c) => m.data[r * m.cols + c];

test("Q, K and V cells: a row of X times a column of W, term by term", async () => {
  const module = await sharedModule();
  // q_1 component 1 = [1, 0, 0] · column 1 of W_Q [2, 2, 2]; v_3 component 2 = [1, 1, 0] · [1, 1, 0].
  const q = drillOk(module, 3, 0, 0, 0);
  assert.deepEqual(
    [Array.from(q.row), Array.from(q.column), Array.from(q.terms)],
    [
      [1, 0, 0],
      [2, 2, 2],
      [2, 0, 0],
    ],
  );
  assert.deepEqual([q.sum, q.stored, q.wColumn, q.product], [2, 2, 0, true]);
  const v = drillOk(module, 5, 0, 2, 1);
  assert.deepEqual([Array.from(v.terms), v.sum, v.stored], [[1, 1, 0], 2, 2]);

  // Several heads, cross-attention, d_k 3 and d_v 5: head 1's columns start at 3 (Q, K), 5 (V).
  const cross = {
    query_tokens: ["a", "b", "c", "d"],
    key_tokens: ["x", "y"],
    d_model: 8,
    heads: 2,
    d_k: 3,
    d_v: 5,
    seed: 9,
  };
  const json = JSON.stringify(cross);
  const { trace } = runOk(module, cross);
  const head = trace.headTraces[1];
  for (const [kind, r, c, matrix, w, x, column] of [
    [3, 3, 2, head.q, trace.wQ, trace.xQ, 5],
    [4, 1, 0, head.k, trace.wK, trace.xKv, 3],
    [5, 1, 4, head.v, trace.wV, trace.xKv, 9],
  ]) {
    const result = module.drill(json, kind, 1, r, c);
    assert.ok(result.ok, result.ok ? "" : result.error.message);
    const d = result.drill;
    assert.equal(d.wColumn, column);
    assertClose(Array.from(d.row), row(x, r), 0, "row of X");
    const wColumn = Array.from({ length: w.rows }, (_, l) => at(w, l, column));
    assertClose(Array.from(d.column), wColumn, 0, "column of W");
    assertClose([d.sum, d.stored], [at(matrix, r, c), at(matrix, r, c)], 1e-12, "sum, stored");
  }
  // K and V rows are keys: 2 of them.
  assert.equal(module.drill(json, 4, 0, 2, 0).error.field, "row");
});

test("a Y cell: a row of Concat times a column of W_O; without W_O, Y is Concat", async () => {
  const module = await sharedModule();
  const withWo = { query_tokens: ["the", "cat", "sat"], d_model: 8, heads: 2, seed: 42 };
  const { trace } = runOk(module, withWo);
  const json = JSON.stringify(withWo);
  const result = module.drill(json, 6, 0, 2, 7);
  assert.ok(result.ok, result.ok ? "" : result.error.message);
  const y = result.drill;
  assert.equal(y.terms.length, 8); // h · d_v = 2 · 4
  assertClose(Array.from(y.row), row(trace.concat, 2), 0, "row of Concat");
  const column = Array.from({ length: 8 }, (_, l) => at(trace.wO, l, 7));
  assertClose(Array.from(y.column), column, 0, "column of W_O");
  assertClose([y.sum, y.stored], [at(trace.output, 2, 7), at(trace.output, 2, 7)], 1e-12);
  // The head plays no part in Y: any head is accepted.
  assert.ok(module.drill(json, 6, 99, 0, 0).ok);
  assert.equal(module.drill(json, 6, 0, 0, 8).error.field, "col");

  const plain = drillOk(module, 6, 0, 1, 2); // "From scratch" has no W_O
  assert.equal(plain.product, false);
  assert.equal(plain.terms.length, 0);
  assert.equal(plain.sum, plain.stored);
});

test("drilling outside the matrices is an error value naming the index", async () => {
  const module = await sharedModule();
  for (const [args, field] of [
    [[0, 1, 0, 0], "head"],
    [[0, 0, 4, 0], "row"],
    [[2, 0, 0, 3], "col"],
    [[7, 0, 0, 0], "kind"],
  ]) {
    const result = module.drill(json, ...args);
    assert.equal(result.ok, false, `${field} should be rejected`);
    assert.equal(result.error.field, field);
  }
});
