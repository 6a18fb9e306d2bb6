// Checkpoints of the sizes Karpathy published (Karpathy's files cannot be downloaded here): a
// stories260K header (dim 64, hidden 172, 5 layers, 8 heads over 4 K/V heads, vocabulary 512,
// context 512, shared classifier) with seeded weights and a 512-piece tokenizer.bin, both in
// llama2.c's format (llama2c-files.mjs), through `npm run lm` (generate, attention and its
// scenario traced by `npm run trace`) and the page's module; a stories15M header (dim 288, 6
// layers of 6 heads, vocabulary 32000, context 256: ~60 MB, written sparse) read by both.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadRawModule } from "../../tools/lib/wasm-node.mjs";
import { assertClose } from "./helpers.mjs";
import {
  STORIES_15M,
  STORIES_260K,
  checkpointBytes,
  writeCheckpoint,
  writeTokenizer,
  writeZeroCheckpoint,
} from "./llama2c-files.mjs";

const root = fileURLToPath(new URL("../../", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "lm-karpathy-"));
const run = (script, ...args) =>
  spawnSync(process.execPath, [join(root, script), ...args], {
    encoding: "utf8",
    maxBuffer: 1 << 27,
  });
const lm = (...args) => {
  const r = run("tools/cli/lm.mjs", ...args);
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
};

const model = join(dir, "stories260K.bin");
const tokenizer = join(dir, "tok512.bin");
writeCheckpoint(model, STORIES_260K, 7);
const pieces = writeTokenizer(tokenizer, 512);

test("the stories260K-shaped files have llama2.c's header and sizes", () => {
  const bytes = readFileSync(model);
  assert.deepEqual(
    [...new Int32Array(bytes.buffer, bytes.byteOffset, 7)],
    [64, 172, 5, 8, 4, 512, 512],
  );
  // 5 layers of (2·64 + 2·64² + 2·32·64 + 3·172·64) floats, the embedding, the final norm and
  // the legacy RoPE tables (512 × 4 each).
  const floats = 512 * 64 + 5 * (128 + 2 * 4096 + 2 * 2048 + 3 * 172 * 64) + 64 + 2 * 512 * 4;
  assert.equal(bytes.length, 28 + 4 * floats);
  assert.equal(pieces.length, 512);
  assert.equal(
    readFileSync(tokenizer).readInt32LE(0),
    Math.max(...pieces.map((p) => Buffer.byteLength(p))),
  );
});

test("lm generate reads them: BOS, the prompt's pieces, then the new tokens", () => {
  const out = lm("generate", model, tokenizer, "Once upon a time", "--steps", "6");
  assert.equal(out.prompt_ids[0], 1);
  // The dummy prefix and the merges: " Once", " upon", " a", " time" are pieces of the file.
  assert.deepEqual(
    out.prompt_ids.slice(1).map((id) => pieces[id]),
    [" Once", " upon", " a", " time"],
  );
  assert.ok(out.text.startsWith("Once upon a time"), out.text);
  if (out.stopped === "steps") assert.equal(out.ids.length, out.prompt_ids.length + 6);
});

test("lm attention on heads 6 and 7 (one K/V head): npm run trace reproduces both", () => {
  const text = "Once upon a time, there was a little girl";
  const [a, b] = [6, 7].map((h) =>
    lm("attention", model, tokenizer, text, "--layer", "4", "--head", `${h}`),
  );
  assert.deepEqual([a.kv_head, b.kv_head], [3, 3]);
  const s = a.scenario;
  assert.deepEqual([s.d_model, s.heads, s.kv_heads, s.d_k], [64, 8, 4, 8]);
  const file = join(dir, "layer4.json");
  writeFileSync(file, JSON.stringify(s));
  const r = run("tools/cli/trace.mjs", file);
  assert.equal(r.status, 0, r.stderr);
  const trace = JSON.parse(r.stdout);
  assertClose(trace.heads[6].weights.flat(), a.weights.flat(), 1e-9, "head 6");
  assertClose(trace.heads[7].weights.flat(), b.weights.flat(), 1e-9, "head 7");
});

test("the page's module opens them and gives the CLI's weights", async () => {
  const module = await loadRawModule("lm");
  const opened = module.open(readFileSync(model), readFileSync(tokenizer));
  assert.equal(opened.ok, true, opened.error?.message);
  assert.deepEqual(
    [opened.config.n_layers, opened.config.n_heads, opened.config.n_kv_heads],
    [5, 8, 4],
  );
  const ids = module.encode("Once upon a time").ids;
  const want = lm("attention", model, tokenizer, "Once upon a time", "--layer", "2", "--head", "5");
  assert.deepEqual(ids, want.ids);
  assertClose(
    Array.from(module.attention(ids).weights[2][5].data),
    want.weights.flat(),
    1e-12,
    "weights",
  );
});

const big = join(dir, "stories15M.bin");
writeZeroCheckpoint(big, STORIES_15M);

test("a stories15M-sized header (~60 MB, zero weights) opens in the CLI and the module", async () => {
  const size = statSync(big).size;
  assert.equal(size, checkpointBytes(STORIES_15M));
  assert.ok(size > 60e6 && size < 61e6, `${size} bytes`);
  const out = lm("generate", big, "-", "", "--ids", "1,400,31999", "--steps", "2");
  assert.deepEqual(out.prompt_ids, [1, 400, 31999]);
  assert.equal(out.ids.length, 5);
  const module = await loadRawModule("lm");
  const opened = module.open(readFileSync(big), null);
  assert.equal(opened.ok, true, opened.error?.message);
  assert.deepEqual(
    [opened.config.dim, opened.config.n_layers, opened.config.vocab_size],
    [288, 6, 32000],
  );
  // One float short: refused with the sizes.
  const cut = module.open(readFileSync(big).subarray(0, size - 4), null);
  assert.equal(cut.ok, false);
  assert.match(
    cut.error.message,
    new RegExp(`truncated: it has ${size - 4} bytes; its header needs ${size}`),
  );
});
