// The commands refuse what they cannot take, at once and in words:
// a file over the core's limit from its size (or after limit + 1 bytes of a stream), a bad
// --eval-every by its own name and limit, user text escaped and cut, and a model file's repeated,
// unknown or infinite values.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import {
  closeSync,
  mkdtempSync,
  openSync,
  readFileSync,
  writeFileSync,
  ftruncateSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { MAX_FILE_BYTES } from "../../build/node/core-limits.js";
import { sharedModule } from "./helpers.mjs";

const tool = (name) => fileURLToPath(new URL(`../../tools/cli/${name}.mjs`, import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "robust-cli-"));
const run = (name, args) =>
  spawnSync(process.execPath, [tool(name), ...args], { encoding: "utf8", timeout: 20000 });

/** A sparse file of `size` bytes (no disk used, no time spent writing it). */
function sparse(name, size) {
  const path = join(dir, name);
  const fd = openSync(path, "w");
  ftruncateSync(fd, size);
  closeSync(fd);
  return path;
}

test("the page's and the commands' limit is the core's", async () => {
  const limits = (await sharedModule()).jsonLimits();
  assert.equal(limits.maxBytes, MAX_FILE_BYTES);
});

for (const [what, path] of [
  ["a 1 GB file, from its size", () => sparse("big.json", 1024 ** 3)],
  ["/dev/zero, after limit + 1 bytes", () => "/dev/zero"],
]) {
  test(`trace refuses ${what} at once, naming the limit`, (t) => {
    const started = performance.now();
    const out = run("trace", [path()]);
    const ms = performance.now() - started;
    assert.equal(out.status, 2, out.stderr);
    assert.match(out.stderr, /at most 134,217,728 bytes \(128 MB\)/);
    assert.doesNotMatch(out.stderr, /Aborted|RuntimeError/);
    assert.equal(out.stderr.split("\n").length, 2, "one line");
    t.diagnostic(`trace ${what}: refused in ${ms.toFixed(0)} ms`);
  });
}

test("train names --eval-every and its limit; user text is escaped and cut", () => {
  const cases = [
    [
      ["--steps", "5", "--eval-every", "2147483648"],
      /--eval-every is 2147483648; it must be between 0 \(never\) and 5/,
    ],
    [["--eval-every", "-1"], /--eval-every is -1; it must be between 0/],
    [["--eval-every", "often"], /--eval-every must be a whole number, got "often"/],
    [["--steps", "9".repeat(400)], /--steps is "9{40}…"; no limit goes beyond 9007199254740991/],
    [[`--${"x".repeat(100000)}`, "1"], /unknown option "--x{38}…"; the options are/],
    [["--task", "\u001b[2J"], /--task must be translate or copy, got "\\u001B\[2J"/],
  ];
  for (const [args, message] of cases) {
    const bad = run("train", args);
    assert.ok(bad.stderr.length < 500, `${bad.stderr.length} characters on stderr`);
    assert.equal(bad.status, 2, `${args.join(" ")}: ${bad.stderr}`);
    assert.equal(bad.stdout, "");
    assert.match(bad.stderr, message);
  }
});

// A model trained for one step: its file is what the reader checks, not its quality.
const model = join(dir, "model.json");
const trained = run("train", [
  "--steps",
  "1",
  "--d-model",
  "8",
  "--heads",
  "1",
  "--d-ff",
  "8",
  "--out",
  model,
]);

test("translate escapes and cuts an unknown word", () => {
  assert.equal(trained.status, 0, trained.stderr);
  const esc = run("translate", [model, "the \u001b[2Jcat"]);
  assert.equal(esc.status, 2);
  assert.ok(!esc.stderr.includes("\u001b"), "no raw ESC on stderr");
  assert.match(esc.stderr, /unknown word "\\u001B\[2jcat" in sentence/);
  const long = run("translate", [model, `the ${"x".repeat(100000)}`]);
  assert.equal(long.status, 2);
  assert.match(long.stderr, /unknown word "x{40}…" in sentence/);
  assert.ok(long.stderr.length < 2000, `${long.stderr.length} characters`);
});

test("the model reader refuses repeated keys, unknown fields and 1e400", () => {
  assert.equal(trained.status, 0, trained.stderr);
  const text = readFileSync(model, "utf8");
  const cases = [
    [text.replace('"task":', '"version":1,"task":'), /duplicate field "version"/],
    [text.replace('"task":', '"colour":"red","task":'), /unknown field "colour"/],
    [text.replace('"d_model":', '"d_modle":1,"d_model":'), /unknown field "config.d_modle"/],
    [text.replace('"heads":', '"heads":1,"heads":'), /duplicate field "config.heads"/],
    [
      text.replace(/"learning_rate":[^,]+/, '"learning_rate":1e400'),
      /config.learning_rate must be a finite number/,
    ],
    [
      text.replace(/("parameters":\{"[^"]+":\[\[)[^,\]]+/, "$11e400"),
      /must be a matrix of finite numbers/,
    ],
  ];
  for (const [i, [bad, message]] of cases.entries()) {
    assert.notEqual(bad, text, `case ${i} changed the file`);
    const path = join(dir, `bad-${i}.json`);
    writeFileSync(path, bad);
    const out = run("translate", [path, "the cat"]);
    assert.equal(out.status, 2, `case ${i}: ${out.stderr}`);
    assert.match(out.stderr, message);
  }
});
