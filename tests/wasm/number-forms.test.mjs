// Every number of a scenario file reaches the core as the double JavaScript's own (correctly
// rounded) reader makes of it, bit for bit: plain digits, exponents, 17-25 digits, -0,
// subnormals and 1e-300 (tools/bench/gen-layer.mjs --odd), and a layer written as PyTorch exports one.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { MatrixId } from "../../build/node/registry.js";
import { sharedModule } from "./helpers.mjs";

const generate = (...args) =>
  execFileSync(
    process.execPath,
    [fileURLToPath(new URL("../../tools/bench/gen-layer.mjs", import.meta.url)), ...args],
    { encoding: "utf8" },
  );

// The 64 bits of each double, so that -0 and the last bit count.
const bits = (values) => Array.from(new BigUint64Array(Float64Array.from(values).buffer));

function assertSameBits(module, text) {
  const result = module.open(new TextEncoder().encode(text), 1);
  assert.ok(result.ok, result.ok ? "" : result.error.message);
  const file = JSON.parse(text);
  // embeddingsQ is the given X as read (xQ adds the zero positional encoding: -0 + 0 is +0).
  const fields = {
    EmbeddingsQ: "x_q",
    Wq: "w_q",
    Wk: "w_k",
    Wv: "w_v",
    Wo: "w_o",
    BQ: "b_q",
    BO: "b_o",
  };
  for (const [name, field] of Object.entries(fields)) {
    const got = module.matrix(result.id, MatrixId[name], -1);
    assert.ok(got.ok);
    const want = bits([file[field]].flat(2));
    assert.equal(got.matrix.data.length, want.length, `${field}: length`);
    const differ = bits(got.matrix.data).findIndex((b, i) => b !== want[i]);
    assert.equal(differ, -1, `${field}: element ${differ} is ${got.matrix.data[differ]}`);
  }
  module.close(result.id);
}

test("odd number forms are read exactly as JSON.parse reads them", async () => {
  const module = await sharedModule();
  for (const seed of ["1", "2", "3"]) {
    assertSameBits(module, generate("--odd", "--width", "64", "--heads", "4", "--seed", seed));
  }
});

test("a layer's numbers written with shortest digits are read exactly", async () => {
  const module = await sharedModule();
  assertSameBits(module, generate("--width", "96", "--heads", "4", "--tokens", "16"));
});
