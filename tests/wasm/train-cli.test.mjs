// `npm run --silent train` and `npm run --silent translate`: the documented JSON on stdout,
// progress and errors on stderr, exit code 2 for a bad option, value or word; the translate
// scenario traced by the stepper's module reproduces the printed weights.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { assertClose, row, sharedModule } from "./helpers.mjs";

const tool = (name) => fileURLToPath(new URL(`../../tools/cli/${name}.mjs`, import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "train-cli-"));
const run = (name, args) =>
  spawnSync(process.execPath, [tool(name), ...args], { encoding: "utf8" });

// A small model, trained once: enough steps that it writes a few words (the plumbing is the point).
const model = join(dir, "model.json");
const SIZES = ["--d-model", "32", "--heads", "2", "--d-ff", "64", "--batch", "16"];
const trained = run("train", [
  "--task",
  "translate",
  "--seed",
  "7",
  "--steps",
  "60",
  ...SIZES,
  "--out",
  model,
]);
const SENTENCE = "the small black cat sees a red car";

test("train prints one JSON object with the documented fields and writes the model", () => {
  assert.equal(trained.status, 0, trained.stderr);
  const out = JSON.parse(trained.stdout);
  assert.deepEqual(Object.keys(out), ["task", "seed", "steps", "seconds", "parameters", "metrics"]);
  assert.equal(out.task, "translate");
  assert.equal(out.seed, 7);
  assert.equal(out.steps, 60);
  assert.ok(out.seconds > 0 && out.parameters > 0);
  for (const key of ["token_accuracy", "sequence_accuracy", "alignment", "alignment_crossed"]) {
    assert.ok(out.metrics[key] >= 0 && out.metrics[key] <= 1, key);
  }
  assert.equal(out.metrics.previous_token, null, "what the task lacks is null");
  assert.match(trained.stderr, /^step 10\/60 loss /m);
  assert.ok(existsSync(model));
});

test("a bad option or value names it and its limit, exit code 2", () => {
  const cases = [
    [["--d-model", "100"], /--d-model: d_model is 100; it must be between 8 and 64/],
    [["--steps", "many"], /--steps must be a whole number, got "many"/],
    [
      ["--learning-rate", "1"],
      /--learning-rate: learning_rate is 1; it must be between 1e-05 and 0.1/,
    ],
    [["--encoder-self-attention", "yes"], /--encoder-self-attention must be on or off/],
    [["--task", "sort"], /--task must be translate or copy, got "sort"/],
    [["--colour", "red"], /unknown option "--colour"; the options are --task, --seed/],
    [["--seed"], /--seed needs a value/],
  ];
  for (const [args, message] of cases) {
    const bad = run("train", args);
    assert.equal(bad.status, 2, args.join(" "));
    assert.equal(bad.stdout, "");
    assert.match(bad.stderr, message);
  }
});

/** Each head's weights of a scenario, traced by the stepper's own module. */
async function tracedWeights(scenario) {
  const attention = await sharedModule();
  const result = attention.run(JSON.stringify(scenario), 1);
  assert.ok(result.ok, result.ok ? "" : result.error.message);
  return result.trace.headTraces.map((h) =>
    [...Array(h.weights.rows).keys()].map((r) => row(h.weights, r)),
  );
}

for (const head of [null, "0", "mean"]) {
  test(`translate --head ${head ?? "(the model's)"}: its scenario's trace reproduces the weights`, async () => {
    const out = run("translate", [model, SENTENCE, ...(head === null ? [] : ["--head", head])]);
    assert.equal(out.status, 0, out.stderr);
    const t = JSON.parse(out.stdout);
    assert.deepEqual(t.source, SENTENCE.split(" "));
    assert.ok(t.target.length > 0 && !t.target.includes("</s>"));
    const { head: shown, weights, scenario } = t.cross_attention;
    // The model's own named head may be the mean of its heads (cpp/train best_head).
    if (head === "mean") assert.equal(shown, "mean");
    else if (head === "0") assert.ok(Number.isInteger(shown) && shown >= 0 && shown < 2);
    else assert.ok(shown === "mean" || (Number.isInteger(shown) && shown >= 0 && shown < 2));
    if (head === "0") assert.equal(shown, 0);
    assert.equal(weights.length, t.target.length);
    for (const w of weights) assert.equal(w.length, t.source.length);
    assert.deepEqual(scenario.query_tokens, t.target);
    assert.deepEqual(scenario.key_tokens, t.source);
    const traced = await tracedWeights(scenario);
    assert.equal(traced.length, shown === "mean" ? 2 : 1);
    const mean = traced[0].map((r, i) =>
      r.map((_, j) => traced.reduce((s, h) => s + h[i][j], 0) / traced.length),
    );
    assertClose(mean.flat(), weights.flat(), 1e-9, "traced weights");
  });
}

test("translate: an unknown word, a bad head or file gives a message and exit code 2", () => {
  const unknown = run("translate", [model, "the small cta sleeps"]);
  assert.equal(unknown.status, 2);
  assert.equal(unknown.stdout, "");
  assert.match(unknown.stderr, /unknown word "cta" in sentence; the words it knows are: a, big, /);
  const head = run("translate", [model, SENTENCE, "--head", "2"]);
  assert.equal(head.status, 2);
  assert.match(head.stderr, /--head is "2"; it must be a head from 0 to 1, or mean/);
  const missing = run("translate", [join(dir, "nope.json"), SENTENCE]);
  assert.equal(missing.status, 2);
  assert.match(missing.stderr, /cannot read .*nope\.json: ENOENT/);
  const usage = run("translate", [model]);
  assert.equal(usage.status, 2);
  assert.match(usage.stderr, /usage: npm run --silent translate -- MODEL\.json "SENTENCE"/);
});
