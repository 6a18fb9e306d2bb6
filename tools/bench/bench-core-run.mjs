// node tools/bench/bench-core-run.mjs [TOKENS[:D_MODEL:HEADS]...]   (default: 9 48 512)
// Time from a new scenario to its first step through the wasm module, medians of 7 runs (each
// with a new seed, so the module's cache never answers): the eager `run` (the whole trace and every
// step copied into JS) beside the lazy `open` + `step(0)` (a summary, then one step).
import { performance } from "node:perf_hooks";
import { loadRawModule } from "../lib/wasm-node.mjs";
import { coreBytes } from "../../web/src/wasm/core-bytes.js";

const sizes = process.argv.slice(2);
const module = await loadRawModule();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** n causal tokens, d_model 1024 and 16 heads unless given (the largest model the app takes). */
function scenario(n, seed, dModel = 1024, heads = 16) {
  const tokens = Array.from({ length: n }, (_, i) => `t${i}`);
  return { query_tokens: tokens, d_model: dModel, heads, mask: "causal", seed };
}

function time(fn) {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

for (const size of sizes.length ? sizes : ["9", "48", "512"]) {
  const [n, dModel, heads] = size.split(":").map(Number);
  const row = { tokens: n, dModel: dModel ?? 1024, heads: heads ?? 16 };
  if (n <= 48) {
    row.eagerMs = median(
      Array.from({ length: 7 }, (_, i) =>
        time(() => {
          const r = module.run(coreBytes(JSON.stringify(scenario(n, 100 + i, dModel, heads))), 0);
          if (!r.ok) throw new Error(r.error.message);
          void r.steps[0].sentence;
        }),
      ),
    );
  }
  if (module.open) {
    row.lazyMs = median(
      Array.from({ length: 7 }, (_, i) =>
        time(() => {
          const r = module.open(coreBytes(JSON.stringify(scenario(n, 200 + i, dModel, heads))), 0);
          if (!r.ok) throw new Error(r.error.message);
          const s = module.step(r.id, 0);
          if (!s.ok) throw new Error(s.error.message);
          module.close(r.id);
        }),
      ),
    );
  }
  console.log(JSON.stringify(row));
}
