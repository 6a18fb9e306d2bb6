// The language model's figures for `npm run bench` (docs/tasks.md, Task 3): the shipped files'
// bytes raw and gzip, the recorded native training time, and native generation through lm_cli:
// time to the first generated token (process start, model load and prompt included) and tokens
// per second after it (from --steps 1 and --steps 101, medians of 5). The Chromium figures of the
// page's Model view: tools/bench/bench-lm-page.mjs.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

const MODEL = "models/kjv/model.bin";
const TOKENIZER = "models/kjv/tokenizer.bin";
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

for (const file of [MODEL, TOKENIZER]) {
  const bytes = readFileSync(file);
  console.log(
    `${file}: ${kib(bytes.length)} raw, ${kib(gzipSync(bytes, { level: 9 }).length)} gzip`,
  );
}
const trained = JSON.parse(readFileSync("models/kjv/train.json", "utf8"));
console.log(
  `training (native, recorded): ${trained.steps} steps of ${trained.config.batch} x ${trained.config.seq_len} tokens in ${trained.seconds.toFixed(0)} s`,
);

spawnSync("cmake", ["--build", "build/native", "--target", "lm_cli", "-j2"]);
/** Wall seconds of one greedy generation of `steps` tokens after "And God said". */
function generation(steps) {
  const start = process.hrtime.bigint();
  const r = spawnSync("build/native/cpp/lm/lm_cli", [
    "generate",
    MODEL,
    TOKENIZER,
    "And God said",
    "--steps",
    String(steps),
  ]);
  if (r.status !== 0) throw new Error(String(r.stderr));
  return Number(process.hrtime.bigint() - start) / 1e9;
}
const first = median([1, 2, 3, 4, 5].map(() => generation(1)));
const hundred = median([1, 2, 3, 4, 5].map(() => generation(101)));
console.log(
  `generation (native lm_cli): first token ${(first * 1000).toFixed(1)} ms, then ${(100 / (hundred - first)).toFixed(0)} tokens/s`,
);
