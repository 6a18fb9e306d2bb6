// checkFile(bytes): check's verdict, and where a file's matrices are, so that the core's worker
// cuts the page's copy of a loaded file from its bytes instead of parsing it whole
// (web/src/wasm/stored-files.ts). Held to JavaScript's own reading of the same file: each span's
// bytes parse to the field's value, the shapes are its shapes, the JSON length is the one
// json-size.ts counts, and the fields are those the page took as matrices before.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { coreBytes } from "../../build/node/core-bytes.js";
import { minJsonLength } from "../../build/node/json-size.js";
import { badFiles } from "./bad-files.mjs";
import { exampleBytes, openedXq, sharedModule } from "./helpers.mjs";

const layer = (...args) =>
  execFileSync(
    process.execPath,
    [fileURLToPath(new URL("../../tools/bench/gen-layer.mjs", import.meta.url)), ...args],
    { encoding: "utf8" },
  );

/** The fields stored-files.ts took as matrices when it parsed the whole file. */
const matrixFields = (file) =>
  Object.keys(file).filter((k) => {
    const v = file[k];
    return (
      Array.isArray(v) && k !== "padded_keys" && (Array.isArray(v[0]) || typeof v[0] === "number")
    );
  });

/** Asserts checkFile's outline of `bytes` against JSON.parse of them. */
function assertOutline(module, bytes, what) {
  const answer = module.checkFile(bytes);
  assert.ok(answer.ok, answer.ok ? "" : `${what}: ${answer.error.message}`);
  const file = JSON.parse(new TextDecoder().decode(bytes));
  const m = answer.matrices;
  assert.equal(m.length % 6, 0, what);
  const fields = [];
  for (let i = 0; i < m.length; i += 6) {
    const [field, begin, end, rows, cols, json] = m.slice(i, i + 6);
    fields.push(field);
    const value = file[field];
    const cut = JSON.parse(new TextDecoder().decode(bytes.subarray(begin, end)));
    assert.deepStrictEqual(cut, value, `${what}: ${field}'s bytes`);
    const flat = !Array.isArray(value[0]);
    assert.deepEqual([rows, cols], flat ? [1, value.length] : [value.length, value[0].length]);
    assert.equal(json, minJsonLength(value), `${what}: ${field}'s JSON length`);
  }
  assert.deepEqual(fields, matrixFields(file), what);
  return m;
}

test("checkFile finds each matrix of the examples and of layers of odd numbers", async () => {
  const module = await sharedModule();
  for (const name of ["from-scratch", "anthony-hopkins", "cross-attention", "with-biases"]) {
    assertOutline(module, new Uint8Array(exampleBytes(name)), name);
  }
  for (const seed of ["1", "2"]) {
    const text = layer("--odd", "--width", "32", "--heads", "4", "--tokens", "5", "--seed", seed);
    const m = assertOutline(module, coreBytes(text), `odd layer ${seed}`);
    assert.ok(m.length >= 8 * 6, "x_q, W_Q, W_K, W_V, W_O and biases");
  }
});

test("checkFile counts bytes, not characters: after a BOM, other scripts and white space", async () => {
  const module = await sharedModule();
  const file = JSON.parse(exampleBytes("with-biases"));
  const text = JSON.stringify(
    { ...file, query_tokens: file.query_tokens.map((t) => `${t}é日😀`) },
    null,
    "\t",
  );
  const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...coreBytes(text)]);
  const m = assertOutline(module, bom, "BOM");
  assert.ok(m.length > 0);
  assert.deepEqual(
    assertOutline(module, coreBytes(`{"query_tokens": ["a"], "w_o": null}`), "none"),
    [],
  );
});

test("checkFile's verdict is check's on 300 bad and borderline files", async () => {
  const module = await sharedModule();
  const verdict = (r) => (r.ok ? "ok" : `${r.error.field}: ${r.error.message}`);
  const differ = [];
  for (const c of badFiles(20260611, 300)) {
    const bytes = c.bytes ?? coreBytes(c.text);
    const [file, checked] = [verdict(module.checkFile(bytes)), verdict(module.check(bytes))];
    if (file !== checked) differ.push(`${c.kind}: checkFile ${file} / check ${checked}`);
  }
  assert.deepEqual(differ.slice(0, 5), []);
});

// The worker checks a file's bytes as read and opens them after the BOM (stored-files.ts): the
// open takes the checked scenario instead of reading the file again, and never another text's.
test("an open after checkFile of a file with a BOM takes it without, and no other text", async () => {
  const module = await sharedModule();
  const bom = (bytes) => new Uint8Array([0xef, 0xbb, 0xbf, ...bytes]);
  const [scratch, hopkins] = ["from-scratch", "anthony-hopkins"].map(
    (n) => new Uint8Array(exampleBytes(n)),
  );
  const xQ = (bytes) => openedXq(module, bytes);
  const alone = { scratch: xQ(scratch), hopkins: xQ(hopkins) };
  const open = (checked, opened) => {
    assert.ok(module.checkFile(checked).ok);
    return xQ(opened);
  };
  assert.deepEqual(open(bom(scratch), scratch), alone.scratch);
  assert.deepEqual(open(scratch, bom(scratch)), alone.scratch);
  assert.deepEqual(open(bom(scratch), hopkins), alone.hopkins);
  assert.ok(module.checkFile(bom(scratch)).ok);
  assert.equal(module.open(bom(bom(scratch)), 0).ok, false); // its own text, refused: not taken
});
