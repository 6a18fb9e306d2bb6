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
