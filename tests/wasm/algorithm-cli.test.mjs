// `npm run --silent trace -- FILE --algorithm kv-cache|flash`: each head's decoding steps or
// tiles, equal to the standard trace to 1e-12: the KV cache's rows are the causal weights' rows,
// flash's output is the head's output, and the weights recovered from its last m and ℓ
// (a = e^(s − L), L = m + log ℓ) are the head's weights. Options are refused by name.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const cli = fileURLToPath(new URL("../../tools/cli/trace.mjs", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "algorithm-cli-"));

function trace(scenario, ...args) {
  const file = join(dir, `s${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(scenario));
  return spawnSync(process.execPath, [cli, file, ...args], { encoding: "utf8" });
}

const words = (n) => Array.from({ length: n }, (_, i) => `w${i}`);
const causal = { query_tokens: words(7), mask: "causal", d_model: 12, heads: 3, padded_keys: [4] };

/** The largest |a − b| over two equally long arrays (null = −inf only where both are null). */
function maxDiff(a, b) {
  assert.equal(a.length, b.length);
  return Math.max(0, ...a.map((x, i) => Math.abs(x - b[i])));
}

test("kv-cache: step t is row t of the causal weights and the output row", () => {
  const run = trace(causal, "--algorithm", "kv-cache");
  assert.equal(run.status, 0, run.stderr);
  const out = JSON.parse(run.stdout);
  assert.equal(out.algorithm, "kv-cache");
  for (const head of out.heads) {
    assert.equal(head.decode.length, 7);
    head.decode.forEach((step, t) => {
      assert.equal(step.t, t);
      assert.equal(step.cache_len, t + 1);
      assert.ok(maxDiff(step.weights, head.weights[t].slice(0, t + 1)) < 1e-12);
      assert.ok(maxDiff(step.output, head.output[t]) < 1e-12);
    });
    // The padded key's weight is exactly 0 wherever the cache holds it.
    assert.equal(head.decode[6].weights[4], 0);
  }
});

test("flash: tiles in order, output and recovered weights equal standard to 1e-12", () => {
  const run = trace(causal, "--algorithm", "flash", "--block-q", "3", "--block-k", "2");
  assert.equal(run.status, 0, run.stderr);
  const out = JSON.parse(run.stdout);
  for (const head of out.heads) {
    const f = head.flash;
    assert.equal(f.block_q, 3);
    assert.equal(f.block_k, 2);
    // Causal: query block b meets key blocks 0 .. ⌊(3b+2)/2⌋, block by block, ascending.
    const order = f.tiles.map((t) => `${t.q_block},${t.k_block}`).join(" ");
    assert.equal(order, "0,0 0,1 1,0 1,1 1,2 2,0 2,1 2,2 2,3");
    for (let r = 0; r < 7; r++) assert.ok(maxDiff(f.output[r], head.output[r]) < 1e-12);
    // L per query from its block's last tile; a_ij = e^(s_ij − L_i) over the scaled scores.
    for (let i = 0; i < 7; i++) {
      const last = f.tiles.filter((t) => t.q_block === Math.floor(i / 3)).at(-1);
      const L = last.m[i % 3] + Math.log(last.l[i % 3]);
      const a = head.masked[i].map((s) => (s === null ? 0 : Math.exp(s - L)));
      assert.ok(maxDiff(a, head.weights[i]) < 1e-12, `query ${i}`);
    }
  }
});

test("both honour grouped-query heads, RoPE, ALiBi, a window and sinks", () => {
  const modern = {
    query_tokens: words(8),
    mask: "window",
    window: 3,
    sink_tokens: 1,
    d_model: 16,
    heads: 4,
    kv_heads: 2,
    rope: { style: "half" },
    alibi: true,
  };
  const kv = JSON.parse(trace(modern, "--algorithm", "kv-cache").stdout);
  const flash = JSON.parse(trace(modern, "--algorithm", "flash").stdout);
  kv.heads.forEach((head, h) => {
    for (const step of head.decode) {
      assert.ok(maxDiff(step.weights, head.weights[step.t].slice(0, step.t + 1)) < 1e-12);
    }
    const f = flash.heads[h].flash;
    for (let r = 0; r < 8; r++) assert.ok(maxDiff(f.output[r], head.output[r]) < 1e-12);
  });
});

test("flash: defaults 2 and 3; m before any visible key is null", () => {
  // Query 1 sees only key 0 (key 1 padded) ... and a fully masked first query: m stays −inf.
  const run = trace(
    { query_tokens: words(5), mask: "causal", padded_keys: [0] },
    "--algorithm",
    "flash",
  );
  assert.equal(run.status, 0, run.stderr);
  const f = JSON.parse(run.stdout).heads[0].flash;
  assert.equal(f.block_q, 2);
  assert.equal(f.block_k, 3);
  // Tile (0, 0): query 0 sees nothing (key 0 padded), so its running maximum is still −inf.
  assert.deepEqual(f.tiles[0].m[0], null);
  assert.equal(f.tiles[0].l[0], 0);
  assert.ok(Number.isFinite(f.tiles[0].m[1]));
  assert.deepEqual(f.output[0], [0, 0, 0, 0]);
});

test("the file's algorithm applies when no option is given", () => {
  const run = trace({ ...causal, algorithm: "flash", block_q: 4 });
  assert.equal(run.status, 0, run.stderr);
  const f = JSON.parse(run.stdout).heads[0].flash;
  assert.deepEqual([f.block_q, f.block_k], [4, 3]);
  // Without either, the trace is exactly as before: no algorithm fields.
  const plain = JSON.parse(trace(causal).stdout);
  assert.equal(plain.algorithm, undefined);
  assert.equal(plain.heads[0].flash, undefined);
});

test("bad options and scenarios are refused with the option and the limit", () => {
  const cases = [
    [
      ["--algorithm", "paged"],
      /--algorithm is "paged"; it must be "standard", "kv-cache" or "flash"/,
    ],
    [
      ["--algorithm", "flash", "--block-q", "0"],
      /--block-q is "0"; it must be a whole number between 1 and 1024/,
    ],
    [
      ["--algorithm", "flash", "--block-k", "2.5"],
      /--block-k is "2.5"; it must be a whole number between 1 and 1024/,
    ],
    [
      ["--algorithm", "flash", "--block-k", "two"],
      /--block-k is "two"; it must be a whole number between 1 and 1024/,
    ],
    [["--block-q", "2"], /--block-q applies to --algorithm flash only/],
    [["--algorithm"], /--algorithm needs a value/],
  ];
  for (const [args, message] of cases) {
    const run = trace(causal, ...args);
    assert.equal(run.status, 2, args.join(" "));
    assert.equal(run.stdout, "");
    assert.match(run.stderr, message);
  }
  const cross = { query_tokens: words(3), key_tokens: ["x", "y"], mask: "none" };
  const refused = trace(cross, "--algorithm", "kv-cache");
  assert.equal(refused.status, 2);
  assert.match(
    refused.stderr,
    /--algorithm: algorithm is "kv-cache", which decodes causal self-attention; key_tokens is given/,
  );
  const open = trace({ query_tokens: words(3) }, "--algorithm", "kv-cache");
  assert.match(open.stderr, /mask is "none"; it must be "causal" or "window"/);
});
