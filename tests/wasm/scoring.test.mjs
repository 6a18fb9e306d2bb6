// The scoring functions and edited cells through the wasm module, against hand-checked values.
import { test } from "node:test";
import assert from "node:assert/strict";
import { assertClose, fromScratch, row, runOk, sharedModule } from "./helpers.mjs";

test("dot scores are the scaled dot scores times sqrt(d_k), with no Scale step", async () => {
  const module = await sharedModule();
  const scaled = runOk(module, fromScratch);
  const dot = runOk(module, { ...fromScratch, score: "dot" });
  assert.deepEqual(row(dot.trace.headTraces[0].scaled, 0), [8, 2, 10, 2]);
  assertClose(
    row(scaled.trace.headTraces[0].scaled, 0).map((x) => x * Math.sqrt(3)),
    [8, 2, 10, 2],
    1e-14,
  );
  // softmax([8, 2, 10, 2]) by hand: e^(s - 10) / sum.
  const e = [8, 2, 10, 2].map((s) => Math.exp(s - 10));
  const sum = e.reduce((a, b) => a + b);
  assertClose(
    row(dot.trace.headTraces[0].weights, 0),
    e.map((x) => x / sum),
    1e-15,
  );
  assert.equal(scaled.steps.length - dot.steps.length, 4, "one Scale step per query is gone");
  assert.equal(dot.trace.score, 0);
});

test("general scoring with W_a = I equals dot scoring", async () => {
  const module = await sharedModule();
  const identity = [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ];
  const general = runOk(module, { ...fromScratch, score: "general", w_bilinear: identity });
  const dot = runOk(module, { ...fromScratch, score: "dot" });
  assert.deepEqual(general.trace.headTraces[0].scores.data, dot.trace.headTraces[0].scores.data);
});

test("additive scoring with one query and one key matches the hand computation", async () => {
  const module = await sharedModule();
  // q = k = [1, 0] (identity projections); W_1 = [[1, 0], [0, 0]], W_2 = [[0, 0.5], [0, 0]],
  // v_a = [2, -3]: s = 2 tanh(1) - 3 tanh(0.5).
  const { trace } = runOk(module, {
    query_tokens: ["a"],
    d_model: 2,
    heads: 1,
    positional_encoding: false,
    x_q: [[1, 0]],
    w_q: [
      [1, 0],
      [0, 1],
    ],
    w_k: [
      [1, 0],
      [0, 1],
    ],
    w_o: null,
    score: "additive",
    w_additive_q: [
      [1, 0],
      [0, 0],
    ],
    w_additive_k: [
      [0, 0.5],
      [0, 0],
    ],
    v_additive: [[2, -3]],
  });
  assertClose([trace.headTraces[0].scores.data[0]], [2 * Math.tanh(1) - 3 * Math.tanh(0.5)], 1e-15);
  assert.equal(trace.headTraces[0].weights.data[0], 1);
});

test("an edited cell changes that input and everything downstream", async () => {
  const module = await sharedModule();
  const edited = runOk(module, {
    ...fromScratch,
    edits: [{ matrix: "x_q", row: 0, col: 0, value: 2 }],
  });
  // x_1 = [2, 0, 0]: q_1 = x_1 W_Q = [4, 0, 4]; in self-attention k_1 = x_1 W_K = [4, 4, 4].
  assert.deepEqual(row(edited.trace.xQ, 0), [2, 0, 0]);
  assert.deepEqual(row(edited.trace.headTraces[0].q, 0), [4, 0, 4]);
  assert.deepEqual(row(edited.trace.headTraces[0].k, 0), [4, 4, 4]);
  const bad = module.run(
    JSON.stringify({ ...fromScratch, edits: [{ matrix: "w_q", row: 0, col: 3, value: 1 }] }),
    0,
  );
  assert.equal(bad.ok, false);
  assert.match(bad.error.message, /edits\[0\]\.col is 3/);
});
