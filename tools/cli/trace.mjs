// npm run --silent trace -- FILE.json [--steps] [--algorithm kv-cache|flash] [--block-q B_r]
//   [--block-k B_c]
// Prints the whole attention trace of a scenario file (docs/scenario.md) as JSON on stdout,
// computed by the same wasm module the page uses; with --algorithm (or the file's `algorithm`),
// each head's KV-cache decoding or FlashAttention tiles too (trace-algorithm.mjs). A bad file or
// option: one line on stderr, exit code 2.
import { loadRawModule } from "../lib/wasm-node.mjs";
import { readLimited } from "../lib/read-limited.mjs";
import { traceToJson } from "./trace-json.mjs";
import { addAlgorithm, algorithmOptions } from "./trace-algorithm.mjs";
import { shownText } from "../../build/node/core-bytes.js";

function fail(message) {
  process.stderr.write(`trace: ${message}\n`);
  process.exit(2);
}

const usage =
  "usage: npm run --silent trace -- FILE.json [--steps] [--algorithm standard|kv-cache|flash] " +
  "[--block-q B_r] [--block-k B_c]";
const parsed = algorithmOptions(process.argv.slice(2));
if (parsed.error) fail(parsed.error);
const withSteps = parsed.rest.includes("--steps");
const files = parsed.rest.filter((a) => a !== "--steps");
if (files.length !== 1) fail(usage);
const name = shownText(files[0], 200);

// The file's bytes as they are: the core checks that they are UTF-8 and says where they are not
// (decoding here would turn a bad byte into U+FFFD silently).
let read;
try {
  read = readLimited(files[0]);
} catch (err) {
  fail(`cannot read ${name}: ${err.code ?? shownText(String(err.message), 200)}`);
}
if (read.error) fail(`${name}: ${read.error}`);
const bytes = read.bytes;

const module = await loadRawModule();
// Without --steps only the trace is made (its steps would cost more than the trace itself).
const result = withSteps ? module.run(bytes, 0) : module.trace(bytes);
if (!result.ok) {
  // The core's field and message are already one line, user text escaped and cut.
  const where = result.error.field ? ` (field "${result.error.field}")` : "";
  fail(`${name}${where}: ${result.error.message}`);
}
const json = traceToJson(result, withSteps);
const algorithms = () => loadRawModule("algorithms");
const refused = await addAlgorithm(algorithms, bytes, result.trace, json, parsed.options);
if (refused) fail(`${name}: ${refused}`);
process.stdout.write(`${JSON.stringify(json)}\n`);
