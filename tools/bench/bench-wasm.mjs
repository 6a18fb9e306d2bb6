// Times the wasm module on the same scenario files as the native benchmark and prints both with
// their ratio. Usage (from tools/bench/bench.sh): node tools/bench/bench-wasm.mjs "<native lines>" FILE...
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { loadRawModule } from "../lib/wasm-node.mjs";

const [nativeLines, ...files] = process.argv.slice(2);
const native = new Map(
  nativeLines
    .trim()
    .split("\n")
    .map((line) => line.split(" "))
    .map(([file, ms]) => [file, Number(ms)]),
);

const module = await loadRawModule();

/** Milliseconds per run of module.run, repeated for at least ~0.5 s after a warm-up. */
function timeWasm(text) {
  for (let i = 0; i < 3; i++) module.run(text, 0);
  let runs = 0;
  const start = performance.now();
  while (performance.now() - start < 500 || runs < 5) {
    module.run(text, 0);
    runs++;
  }
  return (performance.now() - start) / runs;
}

const rows = files.map((file) => {
  const text = readFileSync(file, "utf8");
  const result = module.run(text, 0);
  const steps = result.ok ? result.steps.length : 0;
  const wasm = timeWasm(text);
  return { file, steps, native: native.get(file), wasm };
});

console.log("trace + per-query steps, ms per run (wasm includes copying everything to JS)");
console.log(
  `  ${"scenario".padEnd(34)} ${"steps".padStart(6)} ${"native".padStart(9)} ${"wasm".padStart(9)} ${"wasm/native".padStart(12)}`,
);
for (const r of rows) {
  console.log(
    `  ${r.file.padEnd(34)} ${String(r.steps).padStart(6)} ${r.native.toFixed(3).padStart(9)} ${r.wasm.toFixed(3).padStart(9)} ${(r.wasm / r.native).toFixed(1).padStart(11)}x`,
  );
}
