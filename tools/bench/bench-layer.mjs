// node tools/bench/bench-layer.mjs FILE.json [LABEL=WASM_DIR ...]   (default: this build, build/wasm)
// A real-size layer's file (tools/bench/gen-layer.mjs) through each build's wasm module in Node, paired
// runs, medians of RUNS (default 3) side by side: `open` (read, check and compute: what the page's
// worker does) and `npm run trace`'s work (the trace copied out, as JSON text; without the steps
// when the module can, as tools/cli/trace.mjs does). A benchmark (figures), never a test.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { traceToJson } from "../cli/trace-json.mjs";
import { namedBuilds } from "./named-builds.mjs";

const [file, ...args] = process.argv.slice(2);
const builds = namedBuilds(args, ["this build=build/wasm"]);
const RUNS = Number(process.env.RUNS ?? 3);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const bytes = readFileSync(file);

/** A fresh instance of the module in `dir` (attention.mjs and .wasm). */
async function load(dir) {
  const create = (await import(pathToFileURL(resolve(dir, "attention.mjs")).href)).default;
  return create({ wasmBinary: readFileSync(resolve(dir, "attention.wasm")) });
}

/** ms of `fn`, which must not fail. */
function time(fn) {
  const t0 = performance.now();
  const r = fn();
  if (r && r.ok === false) throw new Error(r.error.message);
  return performance.now() - t0;
}

const figures = builds.map(() => ({ open: [], trace: [] }));
for (let run = 0; run < RUNS; run++) {
  for (const [i, [, dir]] of builds.entries()) {
    // A new instance each time: the module caches the last scenario it computed.
    const m = await load(dir);
    figures[i].open.push(time(() => m.close(m.open(bytes, 0).id)));
    const n = await load(dir);
    figures[i].trace.push(
      time(() => JSON.stringify(traceToJson(n.trace ? n.trace(bytes) : n.run(bytes, 0)))),
    );
  }
}
console.log(
  `a ${Math.round(bytes.length / 1e6)} MB layer (${file}) in Node's wasm, medians of ${RUNS}`,
);
console.log(`  ${"build".padEnd(24)} ${"open ms".padStart(9)} ${"trace ms".padStart(9)}   runs`);
for (const [i, [label]] of builds.entries()) {
  const { open, trace } = figures[i];
  const runs = `open ${open.map(Math.round).join(" ")}; trace ${trace.map(Math.round).join(" ")}`;
  console.log(
    `  ${label.padEnd(24)} ${median(open).toFixed(0).padStart(9)} ${median(trace).toFixed(0).padStart(9)}   ${runs}`,
  );
}
