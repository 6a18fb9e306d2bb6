// The stepper's wasm module per optimisation choice (CMakeLists.txt, WASM_OPT): its size raw,
// gzip -9 and brotli 11, ms per run (trace + per-query steps with their text, copied to JS) and
// ms per √d_k sweep (the maths alone: attention over many seeded draws) of a scenario.
// Usage (from tools/bench/bench.sh): node tools/bench/bench-wasm-opt.mjs SCENARIO NAME=BUILD_DIR...
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { performance } from "node:perf_hooks";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const [scenario, ...variants] = process.argv.slice(2);
const text = readFileSync(scenario, "utf8");
const kib = (n) => (n / 1024).toFixed(1);

/** Milliseconds per call of `f`, repeated for at least ~0.5 s after a warm-up. */
function msPer(f) {
  for (let i = 0; i < 2; i++) f();
  let runs = 0;
  const start = performance.now();
  while (performance.now() - start < 500 || runs < 3) {
    f();
    runs++;
  }
  return (performance.now() - start) / runs;
}

console.log(`attention.wasm per optimisation choice (timed on ${scenario})`);
console.log(
  `  ${"choice".padEnd(40)} ${"raw KiB".padStart(8)} ${"gzip".padStart(7)} ${"brotli".padStart(7)} ${"ms/run".padStart(8)} ${"ms/sweep".padStart(9)}`,
);
for (const variant of variants) {
  const [name, dir] = variant.split("=");
  const bytes = readFileSync(resolve(dir, "attention.wasm"));
  const { default: create } = await import(pathToFileURL(resolve(dir, "attention.mjs")).href);
  const module = await create({ wasmBinary: bytes });
  const br = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  const gz = gzipSync(bytes, { level: 9 });
  console.log(
    `  ${name.padEnd(40)} ${kib(bytes.length).padStart(8)} ${kib(gz.length).padStart(7)} ${kib(br.length).padStart(7)} ${msPer(
      () => module.run(text, 0),
    )
      .toFixed(1)
      .padStart(8)} ${msPer(() => module.sweep(text))
      .toFixed(1)
      .padStart(9)}`,
  );
}
