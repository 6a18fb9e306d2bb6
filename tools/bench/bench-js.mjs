// The same attention three ways at the largest size the app takes (512 tokens, d_model 512,
// 8 heads, causal, scaled dot): native -O3, the wasm module in Node, and a plain-JavaScript
// reference written here. The reference runs on the wasm trace's own X and W and must give its
// Y to 1e-9, so the three figures time one computation.
// Usage (from tools/bench/bench.sh): node tools/bench/bench-js.mjs SCENARIO.json NATIVE_MS [NATIVE_AS_BUILT_MS]
// (NATIVE_MS with malloc reusing memory; the second as built, each big matrix a fresh mmap).
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { coreBytes } from "../../web/src/wasm/core-bytes.js";
import { loadRawModule } from "../lib/wasm-node.mjs";

const [file, nativeMs, nativeAsBuiltMs] = process.argv.slice(2);
const scenario = JSON.parse(readFileSync(file, "utf8"));
const module = await loadRawModule();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** (n, k) @ (k, m) → (n, m), row-major Float64Arrays. */
function matmul(a, b, n, k, m) {
  const out = new Float64Array(n * m);
  for (let i = 0; i < n; i++) {
    for (let p = 0; p < k; p++) {
      const x = a[i * k + p];
      for (let j = 0; j < m; j++) out[i * m + j] += x * b[p * m + j];
    }
  }
  return out;
}

/** Multi-head scaled dot-product attention with a 0/1 mask (m, n), as the core defines it. */
function attention(x, wq, wk, wv, wo, mask, n, d, heads) {
  const dk = d / heads;
  const [q, k, v] = [wq, wk, wv].map((w) => matmul(x, w, n, d, d));
  const concat = new Float64Array(n * d);
  const row = new Float64Array(n);
  for (let h = 0; h < heads; h++) {
    const c0 = h * dk;
    for (let i = 0; i < n; i++) {
      let max = -Infinity;
      for (let j = 0; j < n; j++) {
        let s = 0;
        for (let c = 0; c < dk; c++) s += q[i * d + c0 + c] * k[j * d + c0 + c];
        row[j] = mask[i * n + j] === 0 ? -Infinity : s / Math.sqrt(dk);
        max = Math.max(max, row[j]);
      }
      let sum = 0;
      for (let j = 0; j < n; j++) sum += row[j] = Math.exp(row[j] - max);
      for (let j = 0; j < n; j++) {
        const a = row[j] / sum;
        if (a === 0) continue;
        for (let c = 0; c < dk; c++) concat[i * d + c0 + c] += a * v[j * d + c0 + c];
      }
    }
  }
  return matmul(concat, wo, n, d, d);
}

function timeWasm(seed) {
  const text = coreBytes(JSON.stringify({ ...scenario, seed }));
  const t0 = performance.now();
  const r = module.open(text, 0);
  const ms = performance.now() - t0;
  if (!r.ok) throw new Error(r.error.message);
  return [ms, r.id];
}

const wasmRuns = Array.from({ length: 5 }, (_, i) => {
  const [ms, id] = timeWasm(1000 + i);
  module.close(id);
  return ms;
});
const [, id] = timeWasm(scenario.seed ?? 42);
const get = (name) => {
  const r = module.matrix(id, name, -1);
  if (!r.ok) throw new Error(r.error.message);
  return r.matrix;
};
const [x, wq, wk, wv, wo, mask, y] = ["xQ", "wQ", "wK", "wV", "wO", "mask", "output"].map(get);
const n = x.rows;
const d = x.cols;
let out;
const jsRuns = Array.from({ length: 3 }, () => {
  const t0 = performance.now();
  out = attention(x.data, wq.data, wk.data, wv.data, wo.data, mask.data, n, d, scenario.heads);
  return performance.now() - t0;
});
let maxDiff = 0;
for (let i = 0; i < out.length; i++) maxDiff = Math.max(maxDiff, Math.abs(out[i] - y.data[i]));
if (maxDiff > 1e-9) throw new Error(`the JavaScript reference differs from the wasm by ${maxDiff}`);

const [wasm, js, native] = [median(wasmRuns), median(jsRuns), Number(nativeMs)];
console.log(
  `attention alone at ${n} tokens, d_model ${d}, ${scenario.heads} heads, causal (medians; JS = wasm's Y within ${maxDiff.toExponential(1)}):`,
);
console.log(
  `  ${"native -O3, malloc reuse".padEnd(26)} ${native.toFixed(1).padStart(9)} ms   1.0x`,
);
if (nativeAsBuiltMs) {
  const asBuilt = Number(nativeAsBuiltMs);
  console.log(
    `  ${"native, as built".padEnd(26)} ${asBuilt.toFixed(1).padStart(9)} ms ${(asBuilt / native).toFixed(1).padStart(6)}x  (fresh pages for every matrix)`,
  );
}
console.log(
  `  ${"wasm (Node)".padEnd(26)} ${wasm.toFixed(1).padStart(9)} ms ${(wasm / native).toFixed(1).padStart(6)}x`,
);
console.log(
  `  ${"plain JavaScript".padEnd(26)} ${js.toFixed(1).padStart(9)} ms ${(js / native).toFixed(1).padStart(6)}x  (${(js / wasm).toFixed(1)}x the wasm)`,
);
