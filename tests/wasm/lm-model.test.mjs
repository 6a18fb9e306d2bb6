// The shipped language model (models/kjv/, trained once by the command in docs/tasks.md, Task 3):
// `lm eval` on the committed files gives the figures recorded when it was trained, it beats the
// bigram clearly and has a previous-token head; the file is a grouped-query llama2.c checkpoint
// of at most 2 MB. This checks the committed file; it does not retrain.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../", import.meta.url));
const MODEL = join(root, "models/kjv/model.bin");
const TOKENIZER = join(root, "models/kjv/tokenizer.bin");

/** What `npm run --silent lm -- eval models/kjv/model.bin models/kjv/tokenizer.bin` printed. */
const RECORDED = JSON.parse(readFileSync(join(root, "models/kjv/eval.json"), "utf8"));

const r = spawnSync(process.execPath, [join(root, "tools/cli/lm.mjs"), "eval", MODEL, TOKENIZER], {
  encoding: "utf8",
});

test("lm eval of the committed model gives its recorded held-out figures", () => {
  assert.equal(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.deepEqual(out.corpus, { ...RECORDED.corpus, path: out.corpus.path });
  for (const k of ["bits_per_byte", "unigram_bits_per_byte", "bigram_bits_per_byte"])
    assert.ok(Math.abs(out[k] - RECORDED[k]) < 1e-9, `${k}: ${out[k]} vs ${RECORDED[k]}`);
  const heads = (list) => list.map(({ layer, head, score }) => [layer, head, score.toFixed(9)]);
  assert.deepEqual(heads(out.previous_token_heads), heads(RECORDED.previous_token_heads));
  assert.deepEqual(heads(out.induction_heads), heads(RECORDED.induction_heads));
});

test("the committed model beats the bigram clearly and has a previous-token head", () => {
  assert.ok(RECORDED.bits_per_byte < 0.9 * RECORDED.bigram_bits_per_byte);
  assert.ok(RECORDED.bigram_bits_per_byte < RECORDED.unigram_bits_per_byte);
  assert.ok(RECORDED.previous_token_heads.some((h) => h.score >= 0.5));
});

test("the committed model is a grouped-query llama2.c checkpoint of at most 2 MB", () => {
  const bytes = readFileSync(MODEL);
  const [dim, , layers, heads, kvHeads, vocab, seqLen] = new Int32Array(
    bytes.buffer,
    bytes.byteOffset,
    7,
  );
  assert.ok(bytes.length <= 2 * 1024 * 1024, `${bytes.length} bytes`);
  assert.ok(kvHeads < heads, `${kvHeads} K/V heads for ${heads} query heads`);
  assert.deepEqual([dim, layers, vocab, seqLen], [64, 2, 512, 128]);
});
