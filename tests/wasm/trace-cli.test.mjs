// `npm run --silent trace -- FILE.json`: the documented trace on stdout, errors on stderr, exit 2.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { assertClose, fromScratch } from "./helpers.mjs";

const cli = fileURLToPath(new URL("../../tools/cli/trace.mjs", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "trace-cli-"));

function trace(contents) {
  const file = join(dir, `s${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, contents);
  // A 512-token trace is tens of MB of JSON: more than spawnSync's default 1 MB buffer.
  return spawnSync(process.execPath, [cli, file], { encoding: "utf8", maxBuffer: 1 << 30 });
}

test("prints the documented fields for the worked example", () => {
  const run = trace(JSON.stringify(fromScratch));
  assert.equal(run.status, 0, run.stderr);
  const out = JSON.parse(run.stdout);
  for (const key of ["q", "k", "v", "scores", "weights", "output"]) {
    assert.ok(Array.isArray(out.heads[0][key]), `heads[0].${key}`);
  }
  assert.deepEqual(out.heads[0].scores[0], [8, 2, 10, 2]);
  assertClose(
    out.heads[0].weights[0],
    [0.236089863, 0.00738987555, 0.749130386, 0.00738987555],
    1e-8,
  );
  assertClose(out.output[1], [0.90965265, 1.40965265, 0.5], 1e-8);
  assert.equal(out.concat.length, 4);
});

test("masked entries are written as null", () => {
  const run = trace(JSON.stringify({ query_tokens: ["a", "b"], mask: "causal" }));
  assert.equal(run.status, 0, run.stderr);
  assert.equal(JSON.parse(run.stdout).heads[0].masked[0][1], null);
});

test("a bad file gives a message on stderr and exit code 2", () => {
  const run = trace(JSON.stringify({ query_tokens: ["a"], heads: 99 }));
  assert.equal(run.status, 2);
  assert.equal(run.stdout, "");
  assert.match(run.stderr, /heads/);
  const broken = trace("{ not json");
  assert.equal(broken.status, 2);
  assert.match(broken.stderr, /JSON/i);
});

test("a missing file gives exit code 2", () => {
  const run = spawnSync(process.execPath, [cli, join(dir, "nope.json")], { encoding: "utf8" });
  assert.equal(run.status, 2);
  assert.match(run.stderr, /cannot read/);
});

test("accepts a sentence of 512 tokens, the most the core takes", () => {
  const words = Array.from({ length: 512 }, (_, i) => `w${i}`);
  const run = trace(JSON.stringify({ query_tokens: words, d_model: 4, heads: 1, mask: "causal" }));
  assert.equal(run.status, 0, run.stderr);
  const out = JSON.parse(run.stdout);
  assert.equal(out.heads[0].weights.length, 512);
  assert.equal(out.heads[0].weights[511].length, 512);
  const tooMany = trace(JSON.stringify({ query_tokens: [...words, "x"] }));
  assert.equal(tooMany.status, 2);
  assert.match(tooMany.stderr, /query_tokens has 513 tokens; it must have at most 512/);
});
