// Biases and title/source through the wasm module and `npm run trace` (docs/scenario.md): the
// trace has the biases that are present (flat arrays, as the file writes them) and none that are
// absent; Q = X W_Q + b_q and Y = Concat W_O + b_o; the steps, lazy matrices and drill carry them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { traceToJson } from "../../tools/cli/trace-json.mjs";
import { assertClose, fromScratch, runOk, sharedModule } from "./helpers.mjs";

const cli = fileURLToPath(new URL("../../tools/cli/trace.mjs", import.meta.url));
const examplePath = fileURLToPath(new URL("../../examples/with-biases.json", import.meta.url));
const example = JSON.parse(readFileSync(examplePath, "utf8"));

/** rows (r, k) times cols (k, c), plus `bias` (c numbers) on every row: as plain loops. */
function affine(rows, cols, bias) {
  return rows.map((row) =>
    cols[0].map((_, c) => row.reduce((sum, x, l) => sum + x * cols[l][c], 0) + bias[c]),
  );
}

test("npm run trace prints the biases, title and source, and adds the biases", () => {
  const run = spawnSync(process.execPath, [cli, examplePath], { encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  const out = JSON.parse(run.stdout);
  assert.equal(out.title, example.title);
  assert.equal(out.source, example.source);
  for (const name of ["b_q", "b_k", "b_v", "b_o"]) assert.deepEqual(out[name], example[name]);
  const q = affine(out.x_q, out.w_q, out.b_q);
  q.forEach((row, i) => assertClose(out.q[i], row, 1e-12, `q[${i}]`));
  const v = affine(out.x_kv, out.w_v, out.b_v);
  v.forEach((row, i) => assertClose(out.v[i], row, 1e-12, `v[${i}]`));
  // Head 2 takes entries 2..3 of b_q: its Q block is columns 2..3 of Q.
  assertClose(out.heads[1].q[0], out.q[0].slice(2, 4), 0, "head 2's q");
  const y = affine(out.concat, out.w_o, out.b_o);
  y.forEach((row, i) => assertClose(out.output[i], row, 1e-12, `output[${i}]`));
});

test("a trace without biases or title has none of their keys", async () => {
  const module = await sharedModule();
  const out = traceToJson(runOk(module, fromScratch));
  for (const key of ["b_q", "b_k", "b_v", "b_o", "title", "source"]) {
    assert.ok(!(key in out), key);
  }
  // Without b_q, Q is exactly X W_Q: the worked example's first row of Q is [2, 0, 2].
  assert.deepEqual(out.q[0], [2, 0, 2]);
});

test("a bad bias is refused through the command, naming the field and the limit", () => {
  const bad = join(mkdtempSync(join(tmpdir(), "bias-")), "bad.json");
  writeFileSync(bad, JSON.stringify({ ...example, b_q: [1, 2, 3] }));
  const run = spawnSync(process.execPath, [cli, bad], { encoding: "utf8" });
  assert.equal(run.status, 2);
  assert.match(run.stderr, /\(field "b_q"\): b_q has 3 numbers; it must have 4 \(heads·d_k\)/);
});

test("title and source limits are the core's", async () => {
  const module = await sharedModule();
  const long = module.run(JSON.stringify({ ...example, title: "t".repeat(121) }), 0);
  assert.equal(long.ok, false);
  assert.equal(long.error.field, "title");
  assert.equal(long.error.message, "title is 121 bytes long; it must be between 1 and 120 bytes");
  assert.ok(module.check(JSON.stringify({ ...example, source: "s".repeat(300) })).ok);
});

test("the projection step shows b_Q's block; the lazy run serves the bias matrices", async () => {
  const module = await sharedModule();
  const { MatrixId, Stage } = module;
  const eager = runOk(module, example, 1);
  const step = eager.steps.find((s) => s.stage === Stage.ProjectQ.value && s.head === 1);
  assert.equal(step.operands.length, 3);
  assert.equal(step.operands[2].matrix, MatrixId.BQ.value);
  assert.equal(step.operands[2].part, "b_Q^{(2)}");
  assert.deepEqual(step.operands[2].cells, { row0: 0, rows: 1, col0: 2, cols: 2 });
  assert.equal(step.formula, "Q_{2} = X W_Q^{(2)} + b_Q^{(2)}");
  const opened = module.open(JSON.stringify(example), 1);
  assert.ok(opened.ok);
  assert.equal(opened.summary.title, example.title);
  const bQ = module.matrix(opened.id, "bQ", -1).matrix;
  assert.deepEqual({ rows: bQ.rows, cols: bQ.cols }, { rows: 1, cols: 4 });
  assert.deepEqual(Array.from(bQ.data), example.b_q);
  module.close(opened.id);
  const plain = module.open(JSON.stringify(fromScratch), 1);
  assert.equal(module.matrix(plain.id, "bO", -1).matrix, null);
  module.close(plain.id);
});

test("a drilled cell of Q adds its bias term; an edit of a bias changes Q", async () => {
  const module = await sharedModule();
  const json = JSON.stringify(example);
  const d = module.drill(json, module.DrillKind.Query.value, 1, 0, 1).drill;
  assert.equal(d.hasBias, true);
  assert.equal(d.bias, example.b_q[3]);
  const terms = Array.from(d.terms).reduce((a, b) => a + b, 0);
  assert.equal(d.sum, terms + example.b_q[3]);
  assertClose([d.sum], [d.stored], 1e-12, "sum");
  const edits = [{ matrix: "b_q", row: 0, col: 3, value: 10 }];
  const before = runOk(module, example).trace.qAll;
  const after = runOk(module, { ...example, edits }).trace.qAll;
  assertClose([after.data[3] - before.data[3]], [10 - example.b_q[3]], 1e-12, "edited Q");
  assert.equal(after.data[2], before.data[2]);
});
