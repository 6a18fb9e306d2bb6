// RoPE's and ALiBi's stages through the wasm module (cpp/core/steps/steps.h): present only when
// the scenario sets rope / alibi, in their place in the walk; their operands and results are
// the trace's matrices, and the numbers in their formulas are the trace's, checked here against
// a rotation and a bias written out independently. position_offset shifts the sinusoidal
// positions too. Every formula reads as MathML without an error.
import { test } from "node:test";
import assert from "node:assert/strict";
import { assertClose, row, runOk, sharedModule } from "./helpers.mjs";
import { MatrixId } from "../../build/node/registry.js";
import { texToMathML } from "../../build/node/tex-mathml.js";

const base = {
  query_tokens: ["the", "cat", "sat", "on", "the", "mat"],
  d_model: 8,
  heads: 2,
  seed: 11,
  mask: "causal",
  positional_encoding: false,
};
const rope = { ...base, rope: { theta: 10000, style: "interleaved" }, position_offset: 2 };
const alibi = { ...base, heads: 4, alibi: true };

const stagesOf = (steps, head) => steps.filter((s) => s.head === head).map((s) => s.stage);

/** Row `r` of x (d_k numbers) turned as RoPE does at position p: pairs (2i, 2i+1). */
function rotated(x, p, theta) {
  const out = [...x];
  for (let i = 0; i < x.length / 2; i++) {
    const a = p * theta ** ((-2 * i) / x.length);
    out[2 * i] = x[2 * i] * Math.cos(a) - x[2 * i + 1] * Math.sin(a);
    out[2 * i + 1] = x[2 * i] * Math.sin(a) + x[2 * i + 1] * Math.cos(a);
  }
  return out;
}

test("no rope, no alibi: no new stage; with them, in their place", async () => {
  const module = await sharedModule();
  const { Stage } = module;
  const plain = runOk(module, base, 1).steps.map((s) => s.stage);
  for (const s of [Stage.RopeK, Stage.RopeQ, Stage.Alibi]) assert.ok(!plain.includes(s.value));
  const both = runOk(module, { ...rope, alibi: true }, 1);
  const names = stagesOf(both.steps, 1);
  const v = (n) => Stage[n].value;
  assert.deepEqual(
    names,
    ["ProjectQ", "ProjectK", "ProjectV", "RopeK", "RopeQ", "Scores", "Scale", "Alibi", "Mask"]
      .concat(["Softmax", "WeightedSum"])
      .map(v),
  );
  assert.equal(Stage.RopeK.value, 10);
  assert.equal(Stage.RopeQ.value, 11);
  assert.equal(Stage.Alibi.value, 12);
});

test("RoPE's steps: Q → Q̄ per query at p = index + offset, K → K̄; numbers are the trace's", async () => {
  const module = await sharedModule();
  const { steps, trace } = runOk(module, rope, 0);
  const ropeK = steps.filter((s) => s.stage === module.Stage.RopeK.value);
  assert.equal(ropeK.length, 2);
  assert.equal(ropeK[0].operands[0].matrix, MatrixId.K);
  assert.equal(ropeK[0].result.matrix, MatrixId.KRotated);
  const rows = steps.filter((s) => s.stage === module.Stage.RopeQ.value && s.head === 1);
  assert.equal(rows.length, 6);
  for (const st of rows) {
    const h = trace.headTraces[1];
    const i = st.query;
    assert.equal(st.operands[0].matrix, MatrixId.Q);
    assert.equal(st.result.matrix, MatrixId.QRotated);
    assert.deepEqual(st.result.cells, { row0: i, rows: 1, col0: 0, cols: 4 });
    assert.equal(st.flagged, false);
    // The rotation written out here equals the trace's q̄ row.
    assertClose(row(h.qRotated, i), rotated(row(h.q, i), i + 2, 10000), 1e-12, `q̄ row ${i}`);
    assert.ok(st.formulaNumbers.includes(`p = ${i} + 2 = ${i + 2}`), st.formulaNumbers);
    assert.ok(st.formulaNumbers.includes(row(h.qRotated, i)[1].toFixed(4)), st.formulaNumbers);
    assert.match(st.sentence, /pairs of components \(neighbours: components 2i and 2i\+1/);
    assert.match(st.shapes, /^Q_2 \(6×4\) → Q̄_2 \(6×4\); q_\d \(1×4\) → q̄_\d \(1×4\)$/);
    for (const f of [st.formula, st.formulaNumbers]) assert.ok(!texToMathML(f).includes("merror"));
  }
  // The Scores step of query 3 reads q̄_3 and K̄.
  const scores = steps.find((s) => s.stage === module.Stage.Scores.value && s.query === 2);
  assert.equal(scores.operands[0].matrix, MatrixId.QRotated);
  assert.ok(scores.formulaNumbers.includes(row(trace.headTraces[0].qRotated, 2)[0].toFixed(4)));
});

test("ALiBi's step: S̃ + B with the slope's rule; the mask reads the sum", async () => {
  const module = await sharedModule();
  const { steps, trace } = runOk(module, alibi, 0);
  for (const st of steps.filter((s) => s.stage === module.Stage.Alibi.value)) {
    const h = trace.headTraces[st.head];
    const slope = 2 ** ((-8 * (st.head + 1)) / 4);
    assert.deepEqual(
      st.operands.map((o) => o.matrix),
      [MatrixId.Scaled, MatrixId.Bias],
    );
    assert.equal(st.result.matrix, MatrixId.Biased);
    const i = st.query;
    const want = row(h.scaled, i).map((s, j) => s - slope * Math.abs(i - j));
    assertClose(row(h.biased, i), want, 1e-12, `S̃ + B row ${i}`);
    assert.ok(st.sentence.includes(`slope ${slope.toFixed(4)} (2^(−8·${st.head + 1}/4)`));
    for (const f of [st.formula, st.formulaNumbers]) assert.ok(!texToMathML(f).includes("merror"));
  }
  const mask = steps.find((s) => s.stage === module.Stage.Mask.value && s.query === 3);
  assert.equal(mask.operands[0].matrix, MatrixId.Biased);
  assert.match(mask.formula, /\\tilde\{s\}\^\{B\}_\{4,j\}/);
});

test("position_offset moves the sinusoidal positions: row r is position r + offset", async () => {
  const module = await sharedModule();
  const pe = { ...base, positional_encoding: true };
  const at0 = runOk(module, { ...pe, query_tokens: ["x", "x", "x", ...pe.query_tokens] }, 1);
  const at3 = runOk(module, { ...pe, position_offset: 3 }, 1);
  const p0 = at0.trace.positionalQ;
  assert.deepEqual(Array.from(at3.trace.positionalQ.data), Array.from(p0.data.subarray(3 * 8)));
});
