// npm run --silent translate -- MODEL.json "the small black cat sees a red car" [--head N|mean]
// Translates a sentence greedily with a trained translate model (a model file from
// `npm run train -- --out` or `npm run build`) through the training wasm module, and prints
//   {"source": [...], "target": [...], "reference": [...],
//    "cross_attention": {"head": N | "mean", "weights": [[...]], "scenario": {...}}}
// target: the greedy translation (no end token); weights: one row per target word (row j is the
// decoder position that produces target word j), one column per source word; scenario: a
// scenario file (docs/scenario.md) whose trace reproduces the weights (for "mean": all heads,
// whose weights' mean they are). --head defaults to the model's named head. An unknown word, a
// bad file or option: one line on stderr, exit code 2.
import { readFileSync } from "node:fs";
import { loadRawModule } from "../lib/wasm-node.mjs";
import { ATTENTION_SITES, rowsOf } from "../../web/src/wasm/train-values.js";
import { coreBytes, printable } from "../../web/src/wasm/core-bytes.js";

function fail(message) {
  process.stderr.write(`translate: ${message}\n`);
  process.exit(2);
}

const USAGE = 'usage: npm run --silent translate -- MODEL.json "SENTENCE" [--head N|mean]';
const args = process.argv.slice(2);
let headText = null;
const positional = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--head") {
    headText = args[++i];
    if (headText === undefined) fail("--head needs a value: a head number from 0, or mean");
  } else if (args[i].startsWith("--")) {
    fail(`unknown option "${printable(args[i])}"; ${USAGE}`);
  } else {
    positional.push(args[i]);
  }
}
if (positional.length !== 2) fail(USAGE);
const [file, sentence] = positional;
const name = printable(file);

let bytes;
try {
  bytes = readFileSync(file);
} catch (err) {
  fail(`cannot read ${name}: ${err.code ?? printable(String(err.message))}`);
}
const module = await loadRawModule("train");
const opened = module.open(bytes);
if (!opened.ok) {
  const where = opened.error.field ? ` (field "${opened.error.field}")` : "";
  fail(`${name}${where}: ${opened.error.message}`);
}
const session = opened.session;
const { task, heads } = session.settings();
if (task !== "translate") fail(`${name} is a ${task} model; translate needs a translate model`);

const translated = session.translate(coreBytes(sentence));
if (!translated.ok) fail(translated.error.message);
const t = translated.translation;

// The model's named head: an index, or -1 for the mean of the heads (cpp/train kMeanOfHeads).
let head = t.head < 0 ? "mean" : t.head;
if (headText !== null) {
  head = headText === "mean" ? "mean" : /^\d+$/.test(headText) ? Number(headText) : NaN;
  if (head !== "mean" && !(head < heads)) {
    fail(`--head is "${printable(headText)}"; it must be a head from 0 to ${heads - 1}, or mean`);
  }
}

const perHead = t.attention.map(rowsOf);
const weights =
  head === "mean"
    ? perHead[0].map((row, r) =>
        row.map((_, c) => perHead.reduce((sum, w) => sum + w[r][c], 0) / perHead.length),
      )
    : perHead[head];
const site = ATTENTION_SITES.cross;
const scenario = session.scenario(coreBytes(sentence), site, 0, head === "mean" ? -1 : head);
if (!scenario.ok) fail(scenario.error.message);

const out = {
  source: t.source,
  target: t.target,
  reference: t.reference,
  cross_attention: { head, weights, scenario: JSON.parse(scenario.scenario) },
};
process.stdout.write(`${JSON.stringify(out)}\n`);
