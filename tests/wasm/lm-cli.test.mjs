// `npm run --silent lm` (tools/cli/lm.mjs, native cpp/lm/lm_cli): the documented JSON of train, eval,
// generate and attention (contracts.md, "The real language model"), determinism from a seed,
// every refusal named with exit code 2, and the attention scenario traced by the stepper's wasm
// module reproducing the printed weights. A tiny model trained on a slice of the corpus keeps it
// quick (the plumbing is the point; tests/wasm/lm-model.test.mjs checks the shipped model).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { assertClose, row, sharedModule } from "./helpers.mjs";

const root = fileURLToPath(new URL("../../", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "lm-cli-"));
const lm = (...args) =>
  spawnSync(process.execPath, [join(root, "tools/cli/lm.mjs"), ...args], { encoding: "utf8" });
const json = (r) => {
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
};

// The first 120,000 bytes of the corpus, cut at a line end.
if (!existsSync(join(root, "build/lm/kjv.txt")))
  spawnSync("bash", [join(root, "tools/make/lm-corpus.sh")]);
const full = readFileSync(join(root, "build/lm/kjv.txt"), "latin1");
const corpus = join(dir, "small.txt");
writeFileSync(corpus, full.slice(0, full.indexOf("\n", 120000) + 1), "latin1");

const SIZES = ["--dim", "16", "--hidden", "24", "--heads", "4", "--kv-heads", "2"];
const TRAIN = ["--steps", "4", "--batch", "2", "--context", "32", "--corpus", corpus, ...SIZES];
const model = join(dir, "model.bin");
const tokenizer = join(dir, "tokenizer.bin");
const trained = lm("train", "--seed", "5", "--out", model, ...TRAIN);

test("train prints its figures and writes a llama2.c checkpoint and tokenizer.bin", () => {
  const out = json(trained);
  assert.equal(out.seed, 5);
  assert.equal(out.steps, 4);
  assert.equal(out.config.n_kv_heads, 2);
  assert.equal(out.tokenizer, tokenizer);
  const bytes = readFileSync(model);
  const header = new Int32Array(bytes.buffer, bytes.byteOffset, 7);
  assert.deepEqual([...header], [16, 24, 2, 4, 2, 512, 32]);
  // Parameters plus the two legacy RoPE tables (seq_len x head_size / 2 each), float32.
  assert.equal(bytes.length, 28 + 4 * (out.parameters + 32 * 4));
  assert.equal(out.model.bytes, bytes.length);
});

test("train is deterministic from its seed, and another seed differs", () => {
  const again = join(dir, "again.bin");
  json(lm("train", "--seed", "5", "--out", again, "--tokenizer", join(dir, "t2.bin"), ...TRAIN));
  assert.ok(readFileSync(again).equals(readFileSync(model)));
  const other = join(dir, "other.bin");
  json(lm("train", "--seed", "6", "--out", other, "--tokenizer", join(dir, "t3.bin"), ...TRAIN));
  assert.ok(!readFileSync(other).equals(readFileSync(model)));
});

test("train --init continues from a checkpoint with its sizes; --repeat-fraction mixes copies", () => {
  const next = join(dir, "next.bin");
  const args = [
    "--steps",
    "2",
    "--batch",
    "4",
    "--corpus",
    corpus,
    "--tokenizer",
    join(dir, "t4.bin"),
  ];
  const out = json(
    lm("train", "--init", model, "--repeat-fraction", "0.5", "--out", next, ...args),
  );
  assert.equal(out.config.repeat_fraction, 0.5);
  assert.equal(out.parameters, json(trained).parameters);
  assert.ok(readFileSync(next).subarray(0, 28).equals(readFileSync(model).subarray(0, 28)));
  assert.ok(!readFileSync(next).equals(readFileSync(model)));
});

test("eval prints the contract's fields over the held-out bytes", () => {
  const out = json(lm("eval", model, tokenizer, "--corpus", corpus));
  const text = readFileSync(corpus, "latin1");
  assert.deepEqual(out.corpus.path, corpus);
  assert.equal(out.corpus.bytes, text.length);
  const { start, end } = out.corpus.held_out;
  assert.equal(end, text.length);
  assert.equal(text[start - 1], "\n"); // held-out starts a line, at 95 % of the file
  assert.ok(start >= text.length * 0.95 && start < text.length * 0.95 + 400);
  for (const k of ["bits_per_byte", "unigram_bits_per_byte", "bigram_bits_per_byte"])
    assert.ok(out[k] > 0 && out[k] < 20, `${k} = ${out[k]}`);
  assert.ok(Array.isArray(out.previous_token_heads) && Array.isArray(out.induction_heads));
  assert.equal(out.previous_token_scores.length, 2);
  assert.equal(out.induction_scores[1].length, 4);
  assert.ok(out.induction.loss_first > 0 && out.induction.loss_second > 0);
});

test("generate: BOS + the prompt's ids, then --steps new tokens, and the decoded text", () => {
  const out = json(lm("generate", model, tokenizer, "And God said", "--steps", "5"));
  assert.equal(out.prompt_ids[0], 1);
  assert.deepEqual(out.ids.slice(0, out.prompt_ids.length), out.prompt_ids);
  if (out.stopped === "steps") assert.equal(out.ids.length, out.prompt_ids.length + 5);
  assert.ok(out.text.startsWith("And God said"), out.text);
  // Greedy is the default and repeats; a seed drives sampling.
  assert.deepEqual(json(lm("generate", model, tokenizer, "And God said", "--steps", "5")), out);
  const hot = ["And", "--steps", "8", "--temperature", "1.5", "--seed", "9"];
  assert.deepEqual(
    json(lm("generate", model, tokenizer, ...hot)).ids,
    json(lm("generate", model, tokenizer, ...hot)).ids,
  );
});

test("generate --ids uses the ids exactly, with or without a tokenizer", () => {
  const out = json(lm("generate", model, "-", "", "--ids", "5,300,301", "--steps", "3"));
  assert.deepEqual(out.prompt_ids, [5, 300, 301]);
  assert.equal(out.text, null);
  const withText = json(lm("generate", model, tokenizer, "", "--ids", "5,300,301", "--steps", "3"));
  assert.deepEqual(withText.ids, out.ids);
  assert.equal(typeof withText.text, "string");
});

test("attention: causal weights, logits_last, and a scenario whose trace reproduces them", async () => {
  const out = json(
    lm("attention", model, tokenizer, "In the beginning God", "--layer", "1", "--head", "3"),
  );
  const T = out.ids.length;
  assert.equal(out.tokens.length, T);
  assert.equal(out.weights.length, T);
  out.weights.forEach((r, i) => {
    assert.equal(r.length, T);
    assert.ok(Math.abs(r.reduce((a, b) => a + b, 0) - 1) < 1e-12);
    for (let j = i + 1; j < T; j++) assert.equal(r[j], 0);
  });
  assert.equal(out.logits_last.length, 512);
  assert.equal(out.kv_head, 1);
  const attention = await sharedModule();
  const result = attention.run(JSON.stringify(out.scenario), 1);
  assert.ok(result.ok, result.ok ? "" : result.error.message);
  const h = result.trace.headTraces[3].weights;
  const traced = [...Array(h.rows).keys()].map((r) => row(h, r));
  assertClose(traced.flat(), out.weights.flat(), 1e-9, "traced weights");
});

// The scenario is the whole layer (head_scenario.h): X = the layer's normalised input (T, dim),
// W_Q (dim, heads·hs), W_K and W_V (dim, kv_heads·hs), RoPE, kv_heads. Traced by `npm run trace`,
// every head of it gives that head's weights from the CLI, heads 0 and 1 sharing K/V head 0.
const TEXT = "And the earth was without form, and void";
for (const layer of [0, 1]) {
  test(`attention --layer ${layer}: npm run trace of its scenario gives every head's weights`, () => {
    const heads = [0, 1, 2, 3].map((h) =>
      json(lm("attention", model, tokenizer, TEXT, "--layer", `${layer}`, "--head", `${h}`)),
    );
    const s = heads[0].scenario;
    const T = heads[0].ids.length;
    assert.deepEqual([s.heads, s.kv_heads, s.d_model, s.d_k, s.d_v], [4, 2, 16, 4, 4]);
    assert.deepEqual(s.rope, { theta: 10000, style: "interleaved", dims: 4 });
    assert.equal(s.mask, "causal");
    assert.deepEqual([s.x_q.length, s.x_q[0].length], [T, 16]);
    assert.deepEqual(
      [s.w_q.length, s.w_q[0].length, s.w_k[0].length, s.w_v[0].length],
      [16, 16, 8, 8],
    );
    assert.deepEqual([s.w_o.length, s.w_o[0].length], [16, 16]);
    // The same layer whichever head was asked for; only the title names the head.
    for (const o of heads.slice(1))
      assert.deepEqual({ ...o.scenario, title: "" }, { ...s, title: "" });
    assert.deepEqual(
      heads.map((o) => o.kv_head),
      [0, 0, 1, 1],
    );
    const file = join(dir, `layer${layer}.json`);
    writeFileSync(file, JSON.stringify(s));
    const r = spawnSync(process.execPath, [join(root, "tools/cli/trace.mjs"), file], {
      encoding: "utf8",
      maxBuffer: 1 << 26,
    });
    assert.equal(r.status, 0, r.stderr);
    const trace = JSON.parse(r.stdout);
    assert.deepEqual(
      trace.heads.map((h) => h.kv_head),
      [0, 0, 1, 1],
    );
    heads.forEach((o, h) =>
      assertClose(
        trace.heads[h].weights.flat(),
        o.weights.flat(),
        1e-9,
        `layer ${layer} head ${h}`,
      ),
    );
    // Heads 0 and 1 read one K/V head: the same rotated keys, yet their own weights.
    assert.deepEqual(trace.heads[0].k_rotated, trace.heads[1].k_rotated);
    assert.notDeepEqual(trace.heads[0].weights, trace.heads[1].weights);
  });
}

const refusals = [
  [
    ["attention", model, tokenizer, "x", "--layer", "2", "--head", "0"],
    "--layer: 2 is out of range; it must be between 0 and 1",
  ],
  [["attention", model, tokenizer, "x", "--layer", "0"], "--layer L and --head H are required"],
  [
    ["generate", model, tokenizer, "x", "--temperature", "-1"],
    "--temperature: -1 is out of range; it must be between 0 and 100",
  ],
  [["generate", model, tokenizer, "x", "--steps", "many"], '--steps: "many" is not a whole number'],
  [["generate", model, tokenizer, "x", "--top-k", "3"], "--top-k is not an option of this command"],
  [["generate", model, "-", "x"], "TOKENIZER is -, so the input must come as --ids"],
  [
    ["generate", model, "-", "", "--ids", "1,512"],
    '--ids: "512" is not a token id; ids are whole numbers from 0 to 511',
  ],
  [["train", "--seed", "1"], "--out MODEL is required"],
  [
    ["train", "--out", join(dir, "x.bin"), "--vocab", "100"],
    "--vocab: 100 is out of range; it must be between 512 and 2048",
  ],
  [["eval", join(dir, "missing.bin"), tokenizer], "cannot be read"],
  [
    ["train", "--out", join(dir, "y.bin"), "--init", model, "--dim", "32"],
    "--dim: the sizes come from --init's file",
  ],
  [
    ["train", "--out", join(dir, "y.bin"), "--repeat-fraction", "2"],
    "--repeat-fraction: 2 is out of range; it must be between 0 and 1",
  ],
  [["frobnicate"], "the command is one of train, eval, generate, attention"],
];
for (const [args, message] of refusals) {
  test(`refused with exit code 2: ${args.filter((a) => !a.startsWith("/")).join(" ")}`, () => {
    const r = lm(...args);
    assert.equal(r.status, 2, r.stderr);
    assert.ok(r.stderr.startsWith("lm: ") && r.stderr.includes(message), r.stderr);
    assert.equal(r.stdout, "");
  });
}

test("a truncated checkpoint, and a tokenizer of another vocabulary, are refused", () => {
  const cut = join(dir, "cut.bin");
  writeFileSync(cut, readFileSync(model).subarray(0, 1000));
  let r = lm("eval", cut, tokenizer, "--corpus", corpus);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /truncated: it has 1000 bytes; its header needs \d+/);
  const bytes = readFileSync(model);
  const bigger = Buffer.from(bytes);
  bigger.writeInt32LE(600, 20); // vocab 600: the file no longer matches its header
  writeFileSync(cut, bigger);
  r = lm("generate", cut, tokenizer, "x");
  assert.equal(r.status, 2);
  assert.match(r.stderr, /truncated|describes/);
  const shortTok = join(dir, "short-tok.bin");
  writeFileSync(shortTok, readFileSync(tokenizer).subarray(0, 3000));
  r = lm("generate", model, shortTok, "x");
  assert.equal(r.status, 2);
  assert.match(r.stderr, /ends at entry \d+, but the model's vocabulary has 512 entries/);
});
