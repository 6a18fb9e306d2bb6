// npm run --silent trace -- FILE.json [--steps]
// Prints the whole attention trace of a scenario file (docs/scenario.md) as JSON on stdout,
// computed by the same wasm module the page uses. A bad file: a message on stderr, exit code 2.
import { readFileSync } from "node:fs";
import { loadRawModule } from "./wasm-node.mjs";
import { traceToJson } from "./trace-json.mjs";

function fail(message) {
  process.stderr.write(`trace: ${message}\n`);
  process.exit(2);
}

const args = process.argv.slice(2);
const withSteps = args.includes("--steps");
const files = args.filter((a) => a !== "--steps");
if (files.length !== 1) fail("usage: npm run --silent trace -- FILE.json [--steps]");

let text;
try {
  text = readFileSync(files[0], "utf8");
} catch (err) {
  fail(`cannot read ${files[0]}: ${err.code ?? err.message}`);
}

const module = await loadRawModule();
const result = module.run(text, 0);
if (!result.ok) {
  const where = result.error.field ? ` (field "${result.error.field}")` : "";
  fail(`${files[0]}${where}: ${result.error.message}`);
}
process.stdout.write(`${JSON.stringify(traceToJson(result, withSteps))}\n`);
