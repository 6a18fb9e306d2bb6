// 2,000 generated bad and borderline scenario files through the wasm module and 50 through the
// command line (bad-files.mjs makes them from a seed). Every rejection is one line of at most a
// few hundred characters with no control character, names the field (and the limit when a value
// is out of range, the line and column when the encoding is wrong); a bad file is never
// accepted, nothing crashes, and the heap stays flat.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { coreBytes } from "../../web/src/wasm/core-bytes.js";
import { badFiles } from "./bad-files.mjs";
import { sharedModule } from "./helpers.mjs";

const SEED = 20240611;
const IN_PROCESS = 2000;
const VIA_CLI = 50;
const MAX_MESSAGE = 300;
/** C0, DEL, C1, zero-width and bidirectional controls, line and paragraph separators, BOM. */
const CONTROL =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2028\u2029\u2060-\u2069\ufeff]/;
const LIMIT = /between -?[\d.e+]+ and -?[\d.e+]+|at most \d|at least \d/;
const cli = fileURLToPath(new URL("../../tools/cli/trace.mjs", import.meta.url));

/** The rules the rejection {field, message} of case `c` breaks; none when it keeps them all. */
function broken(c, field, message) {
  const out = [];
  if (/[\r\n\u2028\u2029]/.test(message)) out.push("one line");
  if (CONTROL.test(message) || CONTROL.test(field)) out.push("no control character");
  if (/\\x[0-9a-f]{2}/i.test(message)) out.push("no \\x escape");
  if (message.length > MAX_MESSAGE || field.length > 100) out.push("short");
  const wholeFile = /line \d+, column \d+|field name|JSON object|\d MB/;
  if (field !== "" ? !message.includes(field) : !wholeFile.test(message)) {
    out.push("names a field");
  }
  if (c.path && !message.includes(c.path)) out.push("names the exact place");
  if (c.field !== undefined && field !== c.field) out.push("the right field");
  if (c.range && !LIMIT.test(message)) out.push("states the limit");
  const encoding = c.kind === "utf8" || c.kind === "surrogate";
  if (encoding && !(/UTF-8|surrogate/.test(message) && /line \d+, column \d+/.test(message))) {
    out.push("says where the encoding is wrong");
  }
  return out;
}

/** Counts of broken rules, with one example of each for the failure message. */
function tally() {
  const counts = new Map();
  const examples = new Map();
  return {
    add(rules, example) {
      for (const rule of rules) {
        counts.set(rule, (counts.get(rule) ?? 0) + 1);
        if (!examples.has(rule)) examples.set(rule, example.slice(0, 300));
      }
    },
    report: () => [...counts].map(([rule, n]) => `${rule}: ${n} (e.g. ${examples.get(rule)})`),
  };
}

const fileBytes = (c) => c.bytes ?? coreBytes(c.text);

test("2,000 bad and borderline files through the wasm module: clear one-line messages", async (t) => {
  const module = await sharedModule();
  const cases = badFiles(SEED, IN_PROCESS);
  const probe = JSON.stringify({ query_tokens: ["heap", "probe"] });
  const heapNow = () => (module.run(probe, 0), module.heapBytesInUse());
  const broke = tally();
  let before = 0;
  let rejected = 0;
  cases.forEach((c, i) => {
    if (i === 200) before = heapNow();
    let result;
    try {
      result = module.run(fileBytes(c), 0);
    } catch (e) {
      broke.add(["no crash"], `${c.kind}: ${e}`);
      return;
    }
    if (result.ok) {
      if (c.bad) broke.add(["refused"], `${c.kind}: ${(c.text ?? "").slice(0, 120)}`);
      return;
    }
    rejected++;
    const { field, message } = result.error;
    broke.add(broken(c, field, message), `${c.kind}: ${field}: ${message}`);
  });
  const after = heapNow();
  t.diagnostic(`${rejected} of ${cases.length} rejected; heap in use ${before} -> ${after} bytes`);
  assert.deepEqual(broke.report(), []);
  assert.ok(Math.abs(after - before) < 4096, `heap in use went from ${before} to ${after} bytes`);
});

/** Runs the command line on `file`: its exit code, stdout and stderr. */
function trace(file) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, file]);
    const out = { stdout: "", stderr: "" };
    child.stdout.on("data", (d) => (out.stdout += d));
    child.stderr.on("data", (d) => (out.stderr += d));
    child.on("close", (status) => resolve({ ...out, status }));
  });
}

test("50 bad files through npm run trace: exit code 2 and one clear line on stderr", async (t) => {
  const dir = mkdtempSync(join(tmpdir(), "bad-files-"));
  const bad = badFiles(SEED + 1, IN_PROCESS).filter((c) => c.bad);
  const step = Math.floor(bad.length / VIA_CLI);
  const cases = Array.from({ length: VIA_CLI }, (_, i) => bad[i * step]);
  const broke = tally();
  // Three at a time: each run starts node and instantiates the module.
  for (let i = 0; i < cases.length; i += 3) {
    const batch = cases.slice(i, i + 3).map((c, j) => {
      const file = join(dir, `case${i + j}.json`);
      writeFileSync(file, fileBytes(c));
      return trace(file).then((run) => [c, file, run]);
    });
    for (const [c, file, run] of await Promise.all(batch)) {
      if (run.status !== 2 || run.stdout !== "") {
        broke.add(["exit code 2, nothing on stdout"], `${c.kind}: ${run.status} ${run.stderr}`);
        continue;
      }
      const line = /^trace: (.*?)(?: \(field "(.*)"\))?: (.*)\n$/s.exec(run.stderr);
      if (!line || line[1] !== file) {
        broke.add(["one line: trace: FILE (field ...): message"], run.stderr);
        continue;
      }
      broke.add(broken(c, line[2] ?? "", line[3]), `${c.kind}: ${run.stderr}`);
    }
  }
  t.diagnostic(`${cases.length} files refused through the command line`);
  assert.deepEqual(broke.report(), []);
});
