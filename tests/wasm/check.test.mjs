// check(text): the verdict a loaded scenario file gets before it is run. It reads and checks the
// file exactly as open and run do, without computing: same acceptance, same field and message,
// for the examples and the generated bad and borderline files; it opens no run.
import { test } from "node:test";
import assert from "node:assert/strict";
import { coreBytes } from "../../build/node/core-bytes.js";
import { badFiles } from "./bad-files.mjs";
import { exampleBytes, openedXq, sharedModule } from "./helpers.mjs";

const EXAMPLES = ["from-scratch", "anthony-hopkins", "cross-attention", "small-default"];

test("check accepts the examples and answers only ok", async () => {
  const module = await sharedModule();
  for (const name of EXAMPLES) {
    assert.deepEqual(module.check(exampleBytes(name)), { ok: true }, name);
  }
});

test("check gives run's verdict on 500 bad and borderline files, and opens no run", async () => {
  const module = await sharedModule();
  const runsBefore = module.openRuns();
  const differ = [];
  for (const c of badFiles(20240611, 500)) {
    const bytes = c.bytes ?? coreBytes(c.text);
    const checked = module.check(bytes);
    const ran = module.run(bytes, 0);
    const verdict = (r) => (r.ok ? "ok" : `${r.error.field}: ${r.error.message}`);
    if (verdict(checked) !== verdict(ran)) {
      differ.push(`${c.kind}: check ${verdict(checked)} / run ${verdict(ran)}`);
    }
  }
  assert.deepEqual(differ.slice(0, 5), []);
  assert.equal(module.openRuns(), runsBefore);
});

test("an open after a check takes the checked scenario only when the text is the same", async () => {
  const module = await sharedModule();
  const xQ = (bytes) => openedXq(module, bytes);
  const alone = {
    scratch: xQ(exampleBytes("from-scratch")),
    hopkins: xQ(exampleBytes("anthony-hopkins")),
  };
  assert.ok(module.check(exampleBytes("from-scratch")).ok);
  assert.deepEqual(xQ(exampleBytes("anthony-hopkins")), alone.hopkins); // not the checked one
  assert.ok(module.check(exampleBytes("from-scratch")).ok);
  assert.deepEqual(xQ(exampleBytes("from-scratch")), alone.scratch);
  assert.deepEqual(xQ(exampleBytes("from-scratch")), alone.scratch); // taken once, then read again
});
