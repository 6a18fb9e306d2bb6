// asSerialised (web/src/wasm/core-bytes.js): a loaded file's text reaches the core as it is, but a
// -0 in it is written 0 first, as the page's parse-and-serialise always did, so that runs keep
// their numbers; the core then reads the same doubles from either text.
import assert from "node:assert/strict";
import { test } from "node:test";
import { asSerialised } from "../../build/node/core-bytes.js";
import { MatrixId } from "../../build/node/registry.js";
import { sharedModule } from "./helpers.mjs";

test("a text without a -0 literal is handed on as it is", () => {
  for (const text of ['{"x_q": [[-0.5, -0.0001, 1e-05, -0.02]]}', '{"a": "-", "b": [-1, 0]}']) {
    assert.equal(asSerialised(text), text);
  }
});

test("every form of -0 is serialised as 0, and a text that is not JSON is left to the core", () => {
  for (const zero of ["-0", "-0.0", "-0.000", "-0e5", "-0E-7", "-0.0e+3"]) {
    const text = `\uFEFF{"x_q": [[1, ${zero}], [${zero}, 2]]}`;
    assert.equal(asSerialised(text), '{"x_q":[[1,0],[0,2]]}', zero);
  }
  assert.equal(asSerialised("[-0,"), "[-0,");
});

test("the core reads a file's own text as the same doubles as its serialised form", async () => {
  const module = await sharedModule();
  const file = (x) =>
    `{"query_tokens": ["a", "b"], "d_model": 2, "heads": 1, "x_q": ${x}, "seed": 3}`;
  const weights = (text) => {
    const opened = module.open(text, 0);
    assert.ok(opened.ok, opened.ok ? "" : opened.error.message);
    const x = module.matrix(opened.id, MatrixId.EmbeddingsQ, -1).matrix.data;
    module.close(opened.id);
    return Array.from(new BigUint64Array(Float64Array.from(x).buffer));
  };
  const own = file("[[0.1, -2.5e-3], [12345678901234567e-17, 4.9e-324]]");
  assert.deepEqual(weights(own), weights(JSON.stringify(JSON.parse(own))));
  const zero = file("[[-0, 1], [2, 3]]");
  assert.deepEqual(weights(asSerialised(zero)), weights(JSON.stringify(JSON.parse(zero))));
});
