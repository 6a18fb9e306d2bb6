// The "window" mask kind through the module and `npm run trace`: query i sees key j when
// i − window < j ≤ i, padding on top; the limits are named; the weights are a softmax over
// exactly the visible keys, computed here independently from the scores.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { assertClose, runOk, sharedModule } from "./helpers.mjs";

const cli = fileURLToPath(new URL("../../tools/cli/trace.mjs", import.meta.url));
const scenario = {
  query_tokens: ["the", "cat", "sat", "on", "the", "mat", "today"],
  d_model: 8,
  heads: 2,
  seed: 5,
  mask: "window",
  window: 3,
  padded_keys: [5],
};

test("npm run trace: the mask is the window less the padded key; weights over it", () => {
  const dir = mkdtempSync(join(tmpdir(), "window-"));
  const file = join(dir, "window.json");
  writeFileSync(file, JSON.stringify(scenario));
  const run = spawnSync(process.execPath, [cli, file], { encoding: "utf8" });
  assert.equal(run.status, 0, run.stderr);
  const out = JSON.parse(run.stdout);
  const m = scenario.query_tokens.length;
  for (let i = 0; i < m; i++) {
    const want = Array.from({ length: m }, (_, j) => (j > i - 3 && j <= i && j !== 5 ? 1 : 0));
    assert.deepEqual(out.mask[i], want, `mask row ${i}`);
  }
  for (const head of out.heads) {
    for (let i = 0; i < m; i++) {
      // softmax of the scaled scores over the visible keys, written out here
      const seen = out.mask[i].map((v) => v === 1);
      const top = Math.max(...head.scaled[i].filter((_, j) => seen[j]));
      const e = head.scaled[i].map((s, j) => (seen[j] ? Math.exp(s - top) : 0));
      const sum = e.reduce((a, b) => a + b, 0);
      assertClose(
        head.weights[i],
        e.map((x) => x / sum),
        1e-12,
        `weights row ${i}`,
      );
      head.weights[i].forEach((w, j) => !seen[j] && assert.equal(w, 0));
      head.masked[i].forEach((s, j) => !seen[j] && assert.equal(s, null));
    }
  }
});

test("the whole-matrix Mask step says how wide the window is", async () => {
  const module = await sharedModule();
  const { steps } = runOk(module, scenario, 1);
  const mask = steps.find((s) => s.stage === module.Stage.Mask.value);
  assert.match(mask.sentence, /the sliding window of 3 lets query i see only its 3 latest keys/);
});

test("window's limits and its pairing with mask are named, field and limit", async () => {
  const module = await sharedModule();
  const check = (s) => module.check(JSON.stringify({ query_tokens: ["a", "b"], ...s })).error;
  assert.deepEqual(check({ mask: "window", window: 0 }), {
    field: "window",
    message: "window is 0; it must be between 1 and 512",
  });
  assert.deepEqual(check({ mask: "window" }), {
    field: "window",
    message: 'mask is "window" but window is missing; it must be a whole number between 1 and 512',
  });
  assert.deepEqual(check({ mask: "causal", window: 2 }), {
    field: "window",
    message: 'window is given but mask is "causal"; it is only used by mask "window"',
  });
  assert.equal(check({ mask: "window", window: 2.5 }).field, "window");
  assert.match(check({ mask: "window", window: 2.5 }).message, /whole number/);
});
