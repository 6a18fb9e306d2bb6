// The page's lazy answers (open, then step(k) and matrix(name, head) on demand) equal the eager
// run of the same scenario, for every step and matrix of the examples; runs close; 512 tokens run.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { sharedModule } from "./helpers.mjs";
import { MATRICES, MatrixId } from "../../build/node/registry.js";

/** A matrix's registry id by its field in the trace value (perHead: a head's field). */
const idOf = (field, perHead) =>
  MATRICES.find((m) => m.traceField === field && m.perHead === perHead).id;

const EXAMPLES = [
  "from-scratch",
  "anthony-hopkins",
  "cross-attention",
  "small-default",
  "with-biases",
];
const HEAD_FIELDS = MATRICES.filter((m) => m.perHead).map((m) => m.traceField);

const example = (name) => readFileSync(new URL(`../../examples/${name}.json`, import.meta.url));

function openOk(module, text, granularity) {
  const opened = module.open(text, granularity);
  assert.ok(opened.ok, opened.ok ? "" : `${opened.error.field}: ${opened.error.message}`);
  return opened;
}

for (const name of EXAMPLES) {
  for (const granularity of [0, 1]) {
    test(`${name}, granularity ${granularity}: every lazy step and matrix equals the eager run`, async () => {
      const module = await sharedModule();
      const text = example(name);
      const eager = module.run(text, granularity);
      assert.ok(eager.ok);
      const { id, summary } = openOk(module, text, granularity);
      const { trace } = eager;

      for (const field of ["queryTokens", "keyTokens", "selfAttention", "dModel", "numHeads"]) {
        assert.deepEqual(summary[field], trace[field], field);
      }
      for (const field of ["dK", "dV", "score", "hasMask", "fullyMaskedQueries"]) {
        assert.deepEqual(summary[field], trace[field], field);
      }
      assert.equal(summary.keys.length, eager.steps.length * 3);
      eager.steps.forEach((want, k) => {
        assert.deepEqual(Array.from(summary.keys.subarray(3 * k, 3 * k + 3)), [
          want.stage,
          want.head,
          want.query,
        ]);
        const got = module.step(id, k);
        assert.ok(got.ok);
        assert.deepEqual(got.step, want, `step ${k}`);
      });
      for (const [field, value] of Object.entries(trace)) {
        if (value === null || (typeof value === "object" && "data" in value)) {
          const got = module.matrix(id, idOf(field, false), -1);
          assert.ok(got.ok, field);
          assert.deepEqual(got.matrix, value, field);
        }
      }
      trace.headTraces.forEach((head, h) => {
        for (const field of HEAD_FIELDS) {
          assert.deepEqual(
            module.matrix(id, idOf(field, true), h).matrix,
            head[field],
            `head ${h} ${field}`,
          );
        }
      });
      module.close(id);
    });
  }
}

test("a closed run, a step or head out of range and an unknown matrix id are errors naming them", async () => {
  const module = await sharedModule();
  const { id, summary } = openOk(module, example("from-scratch"), 0);
  const count = summary.keys.length / 3;
  const past = module.step(id, count);
  assert.equal(past.ok, false);
  assert.equal(past.error.field, "step");
  assert.match(past.error.message, new RegExp(`between 0 and ${count - 1}`));
  assert.equal(module.matrix(id, MatrixId.Weights, summary.numHeads).error.field, "head");
  assert.equal(module.matrix(id, MATRICES.length, -1).error.field, "matrix");
  const before = module.openRuns();
  module.close(id);
  assert.equal(module.openRuns(), before - 1);
  const closed = module.step(id, 0);
  assert.equal(closed.ok, false);
  assert.match(closed.error.message, /closed/);
});

test("opening and closing runs leaks no heap", async () => {
  const module = await sharedModule();
  const texts = EXAMPLES.map(example);
  const cycle = (i) => {
    const { id } = openOk(module, texts[i % texts.length], i % 2);
    module.step(id, 0);
    module.matrix(id, MatrixId.Weights, 0);
    module.close(id);
  };
  for (let i = 0; i < 8; i++) cycle(i);
  const heap = module.heapBytesInUse();
  for (let i = 0; i < 40; i++) cycle(i);
  // A run left open would keep its keys and trace, kilobytes each; allocator noise is bytes.
  assert.ok(module.heapBytesInUse() < heap + 1024, `${module.heapBytesInUse()} vs ${heap}`);
});

test("a 512-token scenario opens and answers its steps; 513 tokens name the field and 512", async () => {
  const module = await sharedModule();
  const words = Array.from({ length: 512 }, (_, i) => `w${i}`);
  const scenario = { query_tokens: words, d_model: 64, heads: 4, mask: "causal" };
  const { id, summary } = openOk(module, JSON.stringify(scenario), 0);
  const count = summary.keys.length / 3;
  assert.equal(count, 4 * (3 + 512 * 5) + 2);
  const last = module.step(id, count - 3).step; // head 4's WeightedSum of the last query
  assert.equal(last.query, 511);
  assert.match(last.sentence, /w511/);
  const weights = module.matrix(id, MatrixId.Weights, 3).matrix;
  assert.equal(weights.rows, 512);
  assert.equal(weights.cols, 512);
  module.close(id);

  const cross = { query_tokens: words, key_tokens: words.map((w) => `k${w}`), d_model: 16 };
  const crossRun = openOk(
    module,
    JSON.stringify({ ...cross, padded_keys: [0], score: "additive" }),
    1,
  );
  assert.equal(module.step(crossRun.id, 3).step.result.rows, 512);
  module.close(crossRun.id);

  const tooMany = module.open(JSON.stringify({ query_tokens: [...words, "x"] }), 0);
  assert.equal(tooMany.ok, false);
  assert.equal(tooMany.error.field, "query_tokens");
  assert.equal(tooMany.error.message, "query_tokens has 513 tokens; it must have at most 512");
});
