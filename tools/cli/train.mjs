// npm run --silent train -- [--task translate|copy] [--seed N] [--steps N] [--d-model N]
//   [--heads N] [--d-ff N] [--learning-rate X] [--batch N] [--encoder-self-attention on|off]
//   [--snapshot-every N] [--eval-every N] [--out model.json] [--run run.json]
// Trains a model with the training wasm module (the one the page's worker runs), progress on
// stderr, and prints one JSON object on stdout: {"task", "seed", "steps", "seconds",
// "parameters", "metrics": {"token_accuracy", "sequence_accuracy", "alignment",
// "alignment_crossed", ...}} (held-out split; docs/tasks.md). --eval-every N also evaluates fully
// every N steps and adds "steps_to_criteria" and "seconds_to_criteria" (training time only).
// --out writes the model file, --run the run file. A bad option or value: one line on stderr
// naming it and its limit, exit code 2.
import { writeFileSync } from "node:fs";
import { loadRawModule } from "../lib/wasm-node.mjs";
import { printable } from "../../web/src/wasm/core-bytes.js";

function fail(message) {
  process.stderr.write(`train: ${message}\n`);
  process.exit(2);
}

/** --option -> settings field, and how its value is read. */
const WHOLE = /^-?\d+$/;
const OPTIONS = {
  "--seed": "seed",
  "--steps": "steps",
  "--d-model": "d_model",
  "--heads": "heads",
  "--d-ff": "d_ff",
  "--learning-rate": "learning_rate",
  "--batch": "batch",
  "--encoder-self-attention": "encoder_self_attention",
  "--snapshot-every": "snapshot_every",
};
const FILES = ["--out", "--run"];
const optionOf = (field) => Object.keys(OPTIONS).find((o) => OPTIONS[o] === field) ?? field;

function readValue(option, text) {
  const field = OPTIONS[option];
  if (field === "encoder_self_attention") {
    if (text !== "on" && text !== "off")
      fail(`${option} must be on or off, got "${printable(text)}"`);
    return text === "on";
  }
  if (field === "learning_rate") {
    const x = Number(text);
    if (text.trim() === "" || !Number.isFinite(x))
      fail(`${option} must be a number, got "${printable(text)}"`);
    return x;
  }
  if (!WHOLE.test(text)) fail(`${option} must be a whole number, got "${printable(text)}"`);
  return Number(text);
}

const args = process.argv.slice(2);
const given = {};
let task = "translate";
let evalEvery = 0;
const paths = {};
for (let i = 0; i < args.length; i += 2) {
  const option = args[i];
  const value = args[i + 1];
  const known = option === "--task" || option === "--eval-every" || FILES.includes(option);
  if (!known && !(option in OPTIONS)) {
    const all = ["--task", ...Object.keys(OPTIONS), "--eval-every", ...FILES].join(", ");
    fail(`unknown option "${printable(option)}"; the options are ${all}`);
  }
  if (value === undefined) fail(`${option} needs a value`);
  if (option === "--task") task = value;
  else if (option === "--eval-every") evalEvery = readValue("--steps", value);
  else if (FILES.includes(option)) paths[option] = value;
  else given[OPTIONS[option]] = readValue(option, value);
}
if (evalEvery < 0) fail(`--eval-every is ${evalEvery}; it must be 0 (never) or more`);

const module = await loadRawModule("train");
const defaults = module.defaultSettings(task);
if (!defaults.ok) fail(`--task must be translate or copy, got "${printable(task)}"`);
const started = module.start({ ...defaults.settings, ...given });
if (!started.ok) {
  const { field, message } = started.error;
  fail(`${optionOf(field)}: ${message}`);
}
const session = started.session;
const settings = session.settings();

// Slices of snapshot_every steps (or eval_every, when measuring the time to the criteria).
const slice = evalEvery > 0 ? evalEvery : settings.snapshot_every;
let toCriteria = null;
for (let p = session.progress(); !p.done;) {
  session.trainSteps(slice);
  p = session.progress();
  process.stderr.write(
    `step ${p.step}/${p.steps} loss ${p.loss.toFixed(4)} held-out token accuracy ` +
      `${p.token_accuracy.toFixed(3)} alignment ${p.alignment.toFixed(3)}\n`,
  );
  if (evalEvery > 0 && toCriteria === null && session.evaluate().criteria_met) {
    toCriteria = { steps: p.step, seconds: p.seconds };
  }
}
const metrics = session.evaluate();
const progress = session.progress();
const out = {
  task: settings.task,
  seed: settings.seed,
  steps: progress.step,
  seconds: progress.seconds,
  parameters: session.parameterCount(),
  metrics,
};
if (evalEvery > 0) {
  out.steps_to_criteria = toCriteria?.steps ?? null;
  out.seconds_to_criteria = toCriteria?.seconds ?? null;
}
/** Writes a file; one that cannot be written is said on stderr, exit code 1. */
function write(path, text) {
  try {
    writeFileSync(path, text);
  } catch (err) {
    process.stderr.write(`train: cannot write ${printable(path)}: ${err.code ?? err.message}\n`);
    process.exitCode = 1;
  }
}
if (paths["--out"]) write(paths["--out"], session.modelFile());
if (paths["--run"]) write(paths["--run"], session.runFile().run);
// NaN (what a task does not measure) is written as null, as the native train_cli does.
process.stdout.write(`${JSON.stringify(out)}\n`);
