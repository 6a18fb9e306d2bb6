// node tools/bench/trace-digest.mjs [--module DIR] [--steps] FILE.json...
// One line per scenario file: a SHA-256 of the exact bytes of every number of its trace (each
// matrix's doubles as they are in memory, -0 and the last bit included), then the number of
// doubles. Two builds agree bit for bit on a file when their lines are equal; --module names
// another build's directory (its attention.mjs and .wasm), e.g. a copy of the previous build.
// --steps adds, per granularity, a SHA-256 of every step (stage, head, query, operands, result,
// shapes, size rule, formulas, sentence, flag) as JSON, then the number of steps.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { loadRawModule } from "../lib/wasm-node.mjs";

const args = process.argv.slice(2);
const at = args.indexOf("--module");
const dir = at >= 0 ? resolve(args.splice(at, 2)[1]) : null;
const withSteps = args.includes("--steps");
if (withSteps) args.splice(args.indexOf("--steps"), 1);
const module = dir
  ? await (
      await import(pathToFileURL(`${dir}/attention.mjs`).href)
    ).default({
      wasmBinary: readFileSync(`${dir}/attention.wasm`),
    })
  : await loadRawModule();

// Every Float64Array under `value`, in a fixed order (object keys sorted).
function* arrays(value) {
  if (value instanceof Float64Array) yield value;
  else if (Array.isArray(value)) for (const v of value) yield* arrays(v);
  else if (value && typeof value === "object") {
    for (const key of Object.keys(value).sort()) yield* arrays(value[key]);
  }
}

for (const file of args) {
  const result = module.run(readFileSync(file), 0);
  if (!result.ok) {
    console.log(`${file} refused: ${result.error.message}`);
    continue;
  }
  const hash = createHash("sha256");
  let count = 0;
  for (const a of arrays(result)) {
    hash.update(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
    count += a.length;
  }
  const steps = withSteps ? [0, 1].map((g) => stepsDigest(module.run(readFileSync(file), g))) : [];
  console.log([`${file} ${hash.digest("hex")} ${count}`, ...steps].join(" "));
}

/** "per query: <sha256> <count>": every step of a run as JSON (typed arrays have none). */
function stepsDigest(result) {
  const text = JSON.stringify(result.steps, (_, v) => (typeof v === "bigint" ? String(v) : v));
  const hash = createHash("sha256").update(text).digest("hex");
  return `${hash} ${result.steps.length}`;
}
