// The prebuilt models, for `npm run build` (web/vite-plugin-models.ts runs this before Vite
// bundles; Vite then ships build/models/ as lazily loaded assets, web/src/wasm/prebuilt.ts):
//   <task>.model.json  the default model of each task, trained natively from its default seed
//   <task>.run.json    that run's snapshots, losses and held-out metrics (the Learn view's replay)
//   learned.scenario.json  the translate model's cross-attention, all heads, on LEARNED_SENTENCE
//                      (the stepper's "learned" preset), made by the train wasm module
// Files newer than what makes them are kept. Progress on stderr.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { ensureBuilt, loadRawModule } from "../lib/wasm-node.mjs";
import { ATTENTION_SITES } from "../../build/node/train-values.js";

export const LEARNED_SENTENCE = "the small black cat sees a red car";
const TASKS = ["translate", "copy"];

const root = fileURLToPath(new URL("../../", import.meta.url));
const at = (path) => `${root}${path}`;
const OUT = at("build/models");
export const TRAIN_CLI = at("build/native/cpp/train/train_cli");
export const modelFile = (task) => `${OUT}/${task}.model.json`;
export const runFile = (task) => `${OUT}/${task}.run.json`;
export const learnedScenarioFile = `${OUT}/learned.scenario.json`;

const mtime = (path) => (existsSync(path) ? statSync(path).mtimeMs : -Infinity);
/** Whether every output exists and is newer than every input. */
const fresh = (outputs, inputs) => Math.min(...outputs.map(mtime)) > Math.max(...inputs.map(mtime));
/** Runs a command quietly; its output goes to stderr only when it fails. */
function run(command, args) {
  try {
    return execFileSync(command, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  } catch (e) {
    process.stderr.write(`${e.stdout ?? ""}${e.stderr ?? ""}`);
    throw new Error(`build-models: ${command} ${args.join(" ")} failed`);
  }
}

/** The native train_cli, configured and built when missing or out of date (make decides). */
export function buildTrainCli() {
  if (!existsSync(at("build/native/CMakeCache.txt"))) run("cmake", ["--preset", "native"]);
  run("cmake", ["--build", "build/native", "-j2", "--target", "train_cli"]);
}

function trainTask(task) {
  if (fresh([modelFile(task), runFile(task)], [TRAIN_CLI])) return;
  const out = run(TRAIN_CLI, ["--task", task, "--out", modelFile(task), "--run", runFile(task)]);
  const { seed, steps, seconds, metrics } = JSON.parse(out.toString());
  const met = metrics.criteria_met ? "criteria met" : "criteria NOT met";
  process.stderr.write(
    `build-models: ${task}, seed ${seed}: ${steps} steps in ${seconds.toFixed(2)} s, ${met}\n`,
  );
}

async function learnedScenario() {
  ensureBuilt("train");
  const wasm = at("build/wasm/train.wasm");
  if (fresh([learnedScenarioFile], [modelFile("translate"), wasm])) return;
  const module = await loadRawModule("train");
  const opened = module.open(readFileSync(modelFile("translate")));
  if (!opened.ok) throw new Error(`${modelFile("translate")}: ${opened.error.message}`);
  const scenario = opened.session.scenario(LEARNED_SENTENCE, ATTENTION_SITES.cross, 0, -1);
  if (!scenario.ok) throw new Error(`learned scenario: ${scenario.error.message}`);
  writeFileSync(learnedScenarioFile, scenario.scenario);
  opened.session.delete();
}

export async function buildModels() {
  mkdirSync(OUT, { recursive: true });
  buildTrainCli();
  for (const task of TASKS) trainTask(task);
  await learnedScenario();
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await buildModels();
