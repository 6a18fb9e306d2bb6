// The training module (build/wasm/train.mjs) through its raw Embind API: the same run as the
// native train_cli, settings errors as values, and a model file that reads back to the same model.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadRawModule } from "../../tools/lib/wasm-node.mjs";
import { buildTrainCli, TRAIN_CLI } from "../../tools/make/build-models.mjs";
import { assertClose } from "./helpers.mjs";
import { ATTENTION_SITES } from "../../build/node/train-values.js";

const module = await loadRawModule("train");
const dir = mkdtempSync(join(tmpdir(), "train-"));

/** Small sizes: these tests are about the plumbing, not about learning. */
const SMALL = { d_model: 16, heads: 2, d_ff: 32, batch: 8, steps: 20, seed: 3 };
const settings = (task, extra = {}) => ({
  ...module.defaultSettings(task).settings,
  ...SMALL,
  ...extra,
});

function trained(task, extra) {
  const started = module.start(settings(task, extra));
  assert.ok(started.ok, started.ok ? "" : started.error.message);
  const session = started.session;
  while (!session.progress().done) session.trainSteps(7);
  return session;
}

/** Relative difference, elementwise, at most `tol`. */
function assertRelative(actual, expected, tol, what) {
  assert.equal(actual.length, expected.length, `${what}: length`);
  const worst = Math.max(
    ...actual.map((x, i) => Math.abs(x - expected[i]) / Math.abs(expected[i])),
  );
  assert.ok(worst <= tol, `${what}: max relative difference ${worst} > ${tol}`);
}

// Not bit for bit: the native build's Eigen computes exp with its own SSE2 polynomial and glibc's
// log and pow differ from musl's in the last bit, where the wasm build (no Eigen SIMD path) calls
// musl for all three; each step's losses then differ by an ulp or so (2e-14 after 200 default
// steps). So: to 1e-12 relative, with the held-out figures equal.
for (const task of ["translate", "copy"]) {
  test(`a ${task} run has the native train_cli's losses, snapshots and metrics (to 1e-12)`, () => {
    buildTrainCli();
    const file = join(dir, `${task}.run.json`);
    const args = ["--task", task, "--seed", "3", "--steps", "20", "--d-model", "16"];
    args.push("--heads", "2", "--d-ff", "32", "--batch", "8", "--run", file);
    execFileSync(TRAIN_CLI, args, { stdio: ["ignore", "ignore", "ignore"] });
    const native = JSON.parse(readFileSync(file, "utf8"));

    const session = trained(task);
    session.evaluate();
    const wasm = JSON.parse(session.runFile().run);
    session.delete();
    assert.equal(wasm.losses.length, 20);
    assertRelative(wasm.losses, native.losses, 1e-12, "losses");
    assert.equal(wasm.snapshots.length, native.snapshots.length);
    wasm.snapshots.forEach((s, i) => {
      assert.equal(s.step, native.snapshots[i].step);
      assertClose(
        s.attention.flat(3),
        native.snapshots[i].attention.flat(3),
        1e-12,
        `snapshot ${i}`,
      );
    });
    const { loss, ...figures } = wasm.metrics;
    const { loss: nativeLoss, ...nativeFigures } = native.metrics;
    assert.deepEqual(figures, nativeFigures);
    assertRelative([loss], [nativeLoss], 1e-12, "held-out loss");
    assert.deepEqual(wasm.watched, native.watched);
  });
}

test("a rejected setting names its field and limit, and leaks nothing", () => {
  const before = module.heapBytesInUse();
  const cases = [
    [{ d_model: 100 }, "d_model", /d_model is 100; it must be between 8 and 64/],
    [{ d_model: 1e12 }, "d_model", /d_model is 1000000000000; it must be between 8 and 64/],
    [{ heads: 2.5 }, "heads", /heads is 2.5; it must be a whole number/],
    [{ heads: 3 }, "heads", /must divide d_model/],
    [{ learning_rate: "fast" }, "learning_rate", /learning_rate must be a number/],
    [{ seed: -1 }, "seed", /seed is -1; it must be between 0 and 9007199254740991/],
    [
      { seed: 2 ** 53 },
      "seed",
      /seed is 9007199254740992; it must be between 0 and 9007199254740991/,
    ],
    [{ seed: 1e30 }, "seed", /seed is 1e\+30; it must be between 0 and 9007199254740991/],
    [{ seed: 0.5 }, "seed", /seed is 0.5; it must be a whole number/],
    [{ encoder_self_attention: 1 }, "encoder_self_attention", /true or false/],
    [{ task: "sort" }, "task", /"translate" or "copy"/],
  ];
  for (const [change, field, message] of cases) {
    const result = module.start({ ...settings("translate"), ...change });
    assert.equal(result.ok, false, JSON.stringify(change));
    assert.equal(result.error.field, field);
    assert.match(result.error.message, message);
  }
  assert.equal(module.heapBytesInUse(), before);
});

test("a typed sentence with an unknown word names it and lists the lexicon", () => {
  const session = trained("translate", { steps: 1 });
  const result = session.translate("the cta sleeps");
  session.delete();
  assert.equal(result.ok, false);
  assert.equal(result.error.field, "sentence");
  assert.match(result.error.message, /unknown word "cta".*the words it knows are: a, big, bird/);
});

test("a model file reads back to the same model: translations, attention, metrics, file", () => {
  const session = trained("translate", { steps: 10 });
  const metrics = session.evaluate();
  const file = session.modelFile();
  const opened = module.open(file);
  assert.ok(opened.ok, opened.ok ? "" : opened.error.message);
  const loaded = opened.session;
  assert.equal(loaded.modelFile(), file);
  assert.deepEqual(loaded.settings(), session.settings());
  for (const text of ["the small black cat sees a red car", "a big girl sleeps"]) {
    assert.deepEqual(loaded.translate(text), session.translate(text));
    assert.deepEqual(loaded.scenario(text, 0, 0, -1), session.scenario(text, 0, 0, -1));
  }
  assert.deepEqual(loaded.evaluate(), metrics);
  assert.equal(loaded.progress().done, true);
  assert.equal(loaded.trainSteps(5), 0);
  session.delete();
  loaded.delete();
});

test("a bad model file is named by its field", () => {
  const session = trained("copy", { steps: 1 });
  const good = JSON.parse(session.modelFile());
  session.delete();
  const cases = [
    ["{ not json", "", /invalid JSON/],
    [JSON.stringify({ ...good, format: "x" }), "format", /attention-stepper-model/],
    [JSON.stringify({ ...good, config: { ...good.config, d_model: 100 } }), "config.d_model", /64/],
    [JSON.stringify({ ...good, head: 7 }), "head", /between 0 and 1/],
  ];
  for (const [text, field, message] of cases) {
    const result = module.open(text);
    assert.equal(result.ok, false, text.slice(0, 40));
    assert.equal(result.error.field, field);
    assert.match(result.error.message, message);
  }
});

test("the client's attention sites are the module's", () => {
  assert.deepEqual(ATTENTION_SITES, {
    cross: module.AttentionSite.Cross.value,
    "encoder-self": module.AttentionSite.EncoderSelf.value,
    "decoder-self": module.AttentionSite.DecoderSelf.value,
  });
});
