// The sqrt(d_k) experiment through the wasm module: saturation appears without the scaling.
import { test } from "node:test";
import assert from "node:assert/strict";
import { sharedModule } from "./helpers.mjs";

const hopkins = {
  query_tokens: "Anthony Hopkins admired Michael Bay as a great director.".split(" "),
  d_model: 512,
  heads: 8,
  seed: 42,
};

test("sweeps d_k from 4 to 512, unscaled and scaled", async () => {
  const module = await sharedModule();
  const result = module.sweep(JSON.stringify(hopkins));
  assert.ok(result.ok, result.ok ? "" : result.error.message);
  const { points } = result;
  assert.deepEqual(
    points.map((p) => [p.dK, p.scaled]),
    [4, 8, 16, 32, 64, 128, 256, 512].flatMap((d) => [
      [d, false],
      [d, true],
    ]),
  );
  const at = (dK, scaled) => points.find((p) => p.dK === dK && p.scaled === scaled);
  // Without scaling the spread grows with d_k and the softmax saturates; with it, it does not.
  assert.ok(at(512, false).scoreStd > 5 * at(4, false).scoreStd);
  assert.ok(at(512, false).meanMaxWeight > at(512, true).meanMaxWeight);
  assert.ok(at(512, false).meanGradientNorm < at(512, true).meanGradientNorm);
  assert.ok(at(512, true).scoreStd < 2 * at(4, true).scoreStd);
  for (const p of points) assert.ok(p.meanEntropy <= p.meanMaxEntropy + 1e-12);
});

test("each point is a mean over 32 seeded draws, with the band of the draws", async () => {
  const module = await sharedModule();
  const json = JSON.stringify(hopkins);
  const first = module.sweep(json);
  assert.ok(first.ok, first.ok ? "" : first.error.message);
  const measures = ["scoreStd", "meanMaxWeight", "meanEntropy", "meanGradientNorm"];
  for (const p of first.points) {
    assert.equal(p.draws, 32);
    for (const m of measures) {
      assert.ok(p.low[m] <= p[m] && p[m] <= p.high[m], `${m} at d_k ${p.dK}: band holds the mean`);
    }
    assert.ok(p.low.scoreStd < p.high.scoreStd, "the draws differ");
  }
  // The mean spread grows at every doubling without scaling, and stays within 15% with it.
  const raw = first.points.filter((p) => !p.scaled).map((p) => p.scoreStd);
  const scaled = first.points.filter((p) => p.scaled).map((p) => p.scoreStd);
  for (let i = 1; i < raw.length; i++) assert.ok(raw[i] > raw[i - 1], `raw ${raw}`);
  const average = scaled.reduce((a, b) => a + b) / scaled.length;
  for (const x of scaled) assert.ok(Math.abs(x - average) < 0.15 * average, `scaled ${scaled}`);

  // Deterministic: another scenario in between, then the same one again, gives the same bits.
  assert.ok(module.sweep(JSON.stringify({ ...hopkins, seed: 7 })).ok);
  const again = module.sweep(json);
  assert.deepEqual(again.points, first.points);
});
