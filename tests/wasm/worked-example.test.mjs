// The published figures of the "from scratch" article, through the real wasm module.
import { test } from "node:test";
import assert from "node:assert/strict";
import { assertClose, fromScratch, row, runOk, sharedModule } from "./helpers.mjs";

test("the worked example reproduces the article's weights and outputs", async () => {
  const module = await sharedModule();
  const { trace } = runOk(module, fromScratch);
  const head = trace.headTraces[0];
  assertClose(
    row(head.weights, 0),
    [0.236089863, 0.00738987555, 0.749130386, 0.00738987555],
    1e-8,
    "weights row 1",
  );
  assertClose(row(trace.output, 0), [0.98522025, 1.74174051, 0.75652026], 1e-8, "output row 1");
  assertClose(row(trace.output, 1), [0.90965265, 1.40965265, 0.5], 1e-8, "output row 2");
  assert.equal(trace.wO, null);
});

test("every row of weights sums to 1 and raw scores are Q K^T", async () => {
  const module = await sharedModule();
  const { trace } = runOk(module, fromScratch);
  const head = trace.headTraces[0];
  for (let r = 0; r < head.weights.rows; r++) {
    const sum = row(head.weights, r).reduce((a, b) => a + b, 0);
    assert.ok(Math.abs(sum - 1) < 1e-12, `row ${r} sums to ${sum}`);
  }
  // Q = X W_Q; first query row is [2, 0, 2], first key row [2, 2, 2]: score 8.
  assert.equal(head.scores.data[0], 8);
  assertClose([head.scaled.data[0]], [8 / Math.sqrt(3)], 1e-15, "scaled score");
});

test("cross-attention gives (m, n) weights and (m, d_model) output for m != n", async () => {
  const module = await sharedModule();
  const { trace } = runOk(module, {
    query_tokens: "a b c d e f g h i j k l".split(" "),
    key_tokens: "u v w x y z q r s".split(" "),
    d_model: 16,
    heads: 2,
    seed: 7,
  });
  assert.equal(trace.headTraces.length, 2);
  assert.deepEqual([trace.headTraces[1].weights.rows, trace.headTraces[1].weights.cols], [12, 9]);
  assert.deepEqual([trace.concat.rows, trace.concat.cols], [12, 16]);
  assert.deepEqual([trace.output.rows, trace.output.cols], [12, 16]);
});

test("causal and padding masks give exactly zero weights", async () => {
  const module = await sharedModule();
  const { trace } = runOk(module, {
    query_tokens: ["a", "b", "c", "d"],
    mask: "causal",
    padded_keys: [1],
  });
  for (const head of trace.headTraces) {
    for (let i = 0; i < 4; i++) {
      for (let j = 0; j < 4; j++) {
        const w = head.weights.data[i * 4 + j];
        if (j > i || j === 1) assert.equal(w, 0, `weight (${i}, ${j})`);
        else assert.ok(w > 0, `weight (${i}, ${j}) should be positive`);
      }
    }
  }
  assert.deepEqual(trace.fullyMaskedQueries, []);
});
