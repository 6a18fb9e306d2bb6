// The page's registry (web/src/wasm/registry.ts) is generated from the core's tables:
// the committed files must be exactly what tools/make/gen-registry.mjs writes from this module, and
// the tables must keep the ids and words that cross to links, files and the trace JSON.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { file, render } from "../../tools/make/gen-registry.mjs";
import { MASKS, MATRICES, MatrixId, SCORES, ScoreKind } from "../../build/node/registry.js";
import { sharedModule } from "./helpers.mjs";

test("registry.ts is what gen-registry writes from the module", async () => {
  assert.equal(readFileSync(file, "utf8"), await render(), "run npm run gen:registry");
});

test("the matrices keep their ids; each id, trace field and file field is listed once", () => {
  assert.equal(MatrixId.Xq, 0);
  assert.equal(MatrixId.Weights, 11);
  assert.equal(MatrixId.BO, 23);
  const ids = MATRICES.map((m) => m.id).sort((a, b) => a - b);
  assert.deepEqual(
    ids,
    Array.from({ length: MATRICES.length }, (_, i) => i),
  );
  const fields = MATRICES.map((m) => `${m.perHead}:${m.traceField}`);
  assert.equal(new Set(fields).size, fields.length);
  const files = MATRICES.filter((m) => m.fileField).map((m) => m.fileField);
  assert.equal(new Set(files).size, files.length);
  assert.ok(MATRICES.filter((m) => m.editable).every((m) => m.fileField !== ""));
});

test("every trace field the eager run writes is a registry row, and no other", async () => {
  const module = await sharedModule();
  const result = module.run(JSON.stringify({ query_tokens: ["a", "b"], score: "general" }), 0);
  assert.ok(result.ok);
  const t = result.trace;
  const matrixFields = Object.keys(t).filter(
    (k) => t[k] === null || (typeof t[k] === "object" && "data" in t[k]),
  );
  const rows = MATRICES.filter((m) => !m.perHead).map((m) => m.traceField);
  assert.deepEqual(matrixFields.sort(), [...rows].sort());
  const heads = MATRICES.filter((m) => m.perHead).map((m) => m.traceField);
  assert.deepEqual(Object.keys(t.headTraces[0]).sort(), [...heads].sort());
});

test("score and mask kinds: their numbers and the scenario file's words", () => {
  assert.deepEqual(
    SCORES.map((s) => [s.kind, s.name]),
    [
      [ScoreKind.Dot, "dot"],
      [ScoreKind.ScaledDot, "scaled_dot"],
      [ScoreKind.General, "general"],
      [ScoreKind.Additive, "additive"],
    ],
  );
  assert.deepEqual(
    MASKS.map((m) => m.name),
    ["none", "causal", "window"],
  );
});
