// The modern scenario fields through `npm run trace` (docs/scenario.md): kv_heads, rope,
// position_offset, sink_tokens and alibi. Each head's K/V block, rotated q and k, ALiBi bias, mask
// and log-sum-exp are recomputed here from the trace's own projections, independently of the
// core; every limit is named with its field.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { assertClose, runOk, sharedModule } from "./helpers.mjs";

const cli = fileURLToPath(new URL("../../tools/cli/trace.mjs", import.meta.url));
const llama = {
  query_tokens: ["<s>", "the", "cat", "sat", "on", "the", "mat", "today"],
  d_model: 16,
  heads: 4,
  kv_heads: 2,
  seed: 5,
  rope: { theta: 10000, style: "half", dims: 4 },
  position_offset: 3,
  mask: "window",
  window: 3,
  sink_tokens: 1,
  padded_keys: [4],
  alibi: true,
};

/** The trace JSON of a scenario object, through the command line. */
function trace(scenario) {
  const dir = mkdtempSync(join(tmpdir(), "modern-"));
  const file = join(dir, "scenario.json");
  writeFileSync(file, JSON.stringify(scenario));
  const run = spawnSync(process.execPath, [cli, file], { encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(run.stdout);
}

/** Columns [from, from + width) of each row. */
const columns = (rows, from, width) => rows.map((r) => r.slice(from, from + width));

/** Hugging Face's rotate_half RoPE on row r (position r + offset) of x, first `dims` components. */
function ropeHalf(x, theta, dims, offset) {
  const half = dims / 2;
  return x.map((row, r) =>
    row.map((value, c) => {
      if (c >= dims) return value;
      const angle = (r + offset) * theta ** ((-2 * (c % half)) / dims);
      const partner = c < half ? -row[c + half] : row[c - half];
      return value * Math.cos(angle) + partner * Math.sin(angle);
    }),
  );
}

test("trace: GQA blocks, RoPE, ALiBi, window + sinks and lse, recomputed here", () => {
  const out = trace(llama);
  const m = llama.query_tokens.length;
  assert.equal(out.kv_heads, 2);
  assert.equal(out.k[0].length, 2 * 4, "K is (n, kv_heads·d_k)");
  for (let i = 0; i < m; i++) {
    // Visible: j ≤ i, and j the sink or inside the window of 3; key 4 padded.
    const want = Array.from({ length: m }, (_, j) =>
      j <= i && (j < 1 || j > i - 3) && j !== 4 ? 1 : 0,
    );
    assert.deepEqual(out.mask[i], want, `mask row ${i}`);
  }
  out.heads.forEach((head, h) => {
    const g = Math.floor(h / 2);
    assert.equal(head.kv_head, g);
    assert.deepEqual(head.k, columns(out.k, g * 4, 4), `head ${h} reads K/V head ${g}`);
    assert.deepEqual(head.v, columns(out.v, g * 4, 4));
    const q = ropeHalf(head.q, 10000, 4, 3);
    const k = ropeHalf(head.k, 10000, 4, 3);
    q.forEach((row, i) => assertClose(head.q_rotated[i], row, 1e-12, `q_rotated ${h}/${i}`));
    k.forEach((row, i) => assertClose(head.k_rotated[i], row, 1e-12, `k_rotated ${h}/${i}`));
    const slope = 2 ** ((-8 * (h + 1)) / 4);
    for (let i = 0; i < m; i++) {
      assert.deepEqual(
        head.bias[i],
        head.bias[i].map((_, j) => 0 - slope * Math.abs(i - j)), // JSON writes -0 as 0
      );
      const seen = out.mask[i].map((v) => v === 1);
      const s = head.scaled[i].map((x, j) => x + head.bias[i][j]);
      const top = Math.max(...s.filter((_, j) => seen[j]));
      const sum = s.reduce((a, x, j) => a + (seen[j] ? Math.exp(x - top) : 0), 0);
      assert.ok(Math.abs(head.lse[i] - (top + Math.log(sum))) < 1e-12, `lse ${h}/${i}`);
      const weights = s.map((x, j) => (seen[j] ? Math.exp(x - top) / sum : 0));
      assertClose(head.weights[i], weights, 1e-12, `weights ${h}/${i}`);
    }
  });
});

test("trace: without the new fields, no rotated q/k or bias, one K/V head per head", () => {
  const out = trace({ query_tokens: ["<pad>", "a", "b"], mask: "causal", padded_keys: [0] });
  assert.equal(out.kv_heads, out.num_heads);
  out.heads.forEach((head, h) => {
    assert.equal(head.kv_head, h);
    for (const absent of ["q_rotated", "k_rotated", "bias"]) assert.ok(!(absent in head), absent);
    assert.equal(head.lse[0], null, "query 0 sees no key: lse null");
    assert.equal(typeof head.lse[1], "number");
  });
});

test("rope turns positional_encoding off unless the file says", async () => {
  const module = await sharedModule();
  const positional = (s) => runOk(module, s).trace.positionalQ.data.some((x) => x !== 0);
  const base = { query_tokens: ["a", "b", "c"], d_model: 8, heads: 2 };
  assert.equal(positional(base), true);
  assert.equal(positional({ ...base, rope: { theta: 10000 } }), false);
  assert.equal(positional({ ...base, rope: {}, positional_encoding: true }), true);
  assert.equal(positional({ ...base, rope: null }), true);
  const t = runOk(module, { ...base, rope: {} }).trace;
  assert.deepEqual(t.rope, { theta: 10000, style: "interleaved", dims: 4 });
});

test("the page fetches the new per-head matrices by registry id", async () => {
  const module = await sharedModule();
  const opened = module.open(JSON.stringify(llama), 0);
  assert.ok(opened.ok);
  const ids = Object.fromEntries(module.registry().matrices.map((m) => [m.name, m.id]));
  for (const name of ["QRotated", "KRotated", "Bias", "Lse"]) {
    const got = module.matrix(opened.id, ids[name], 1);
    assert.ok(got.ok && got.matrix, name);
  }
  assert.equal(module.matrix(opened.id, ids.Lse, 1).matrix.cols, 1);
  module.close(opened.id);
});

test("each new field's limits are named with the field and the limit", async () => {
  const module = await sharedModule();
  const base = { query_tokens: ["a", "b", "c"], d_model: 8, heads: 4 };
  const check = (s) => module.check(JSON.stringify({ ...base, ...s })).error;
  const cases = [
    [{ kv_heads: 3 }, "kv_heads", "kv_heads is 3; it must divide heads (4) and be between 1 and 4"],
    [{ kv_heads: 0 }, "kv_heads", "kv_heads is 0; it must divide heads (4) and be between 1 and 4"],
    [
      { rope: { dims: 3 } },
      "rope",
      "rope.dims is 3; it must be an even number between 2 and d_k (2)",
    ],
    [{ rope: { theta: 1 } }, "rope", "rope.theta is 1; it must be a finite number above 1"],
    [
      { position_offset: -1 },
      "position_offset",
      "position_offset is -1; it must be between 0 and 1000000",
    ],
    [
      { mask: "causal", sink_tokens: 4 },
      "sink_tokens",
      "sink_tokens is 4; it must be between 0 and 3 (the number of keys)",
    ],
  ];
  for (const [fields, field, message] of cases) {
    assert.deepEqual(check(fields), { field, message }, JSON.stringify(fields));
  }
  assert.match(
    check({ rope: { style: "spiral" } }).message,
    /rope.style must be "interleaved" or "half"/,
  );
  assert.match(check({ rope: { dims: 0 } }).message, /rope.dims is 0; it must be an even number/);
  assert.match(check({ rope: { base: 10 } }).message, /unknown field "base" in rope/);
  assert.match(check({ rope: 10000 }).message, /rope must be null or an object/);
  assert.match(check({ alibi: "yes" }).message, /alibi must be true or false/);
  assert.match(check({ sink_tokens: 1 }).message, /sink_tokens is 1 but mask is "none"/);
  assert.match(check({ kv_heads: 2, w_k: [[1, 2, 3, 4, 5, 6, 7, 8]] }).message, /kv_heads·d_k/);
  assert.equal(
    check({ kv_heads: 2, b_k: [1, 2, 3, 4] }),
    undefined,
    "b_k has kv_heads·d_k numbers",
  );
  assert.match(check({ kv_heads: 2, b_k: [1, 2, 3, 4, 5, 6, 7, 8] }).message, /kv_heads·d_k/);
});
