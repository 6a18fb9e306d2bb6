// Training time to the criteria at the default settings, over seeds 1-12, as issue 21 measures it
// (never asserted in tests):
//   native   train_cli --eval-every N: training seconds until the full held-out evaluation first
//            meets the criteria (evaluations not counted), and ms per step over the whole run;
//   wasm     the same through the training wasm module in Node (npm run train -- --eval-every N);
//   Chromium train-bench.html (build/bench-site/): the page's worker trains each seed for the steps
//            native needed, and the wall time from train() to that step is taken (progress
//            evaluation and the worker's messages included), with the slices' worker times.
// Runs and steps to the criteria agree between native and wasm (the same run to ~1e-14).
// Usage: node tools/bench/bench-train.mjs [--tasks translate,copy] [--seeds 12] [--eval-every 5]
// (needs build/native's train_cli, build/wasm's train module and build/bench-site/ from
// `npm run build:bench`, as tools/bench/bench.sh makes).
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { launchChromium, startPreview } from "./bench-page.mjs";
import { buildTrainCli, TRAIN_CLI } from "../make/build-models.mjs";
import { loadRawModule } from "../lib/wasm-node.mjs";

const root = fileURLToPath(new URL("../../", import.meta.url));
const { values: args } = parseArgs({
  options: {
    tasks: { type: "string", default: "translate,copy" },
    seeds: { type: "string", default: "12" },
    "eval-every": { type: "string", default: "5" },
  },
});
const tasks = args.tasks.split(",");
const seeds = Array.from({ length: Number(args.seeds) }, (_, i) => i + 1);
const evalEvery = args["eval-every"];
const defaults = await loadRawModule("train");
const port = Number(process.env.BENCH_PORT ?? 4174);

const median = (xs) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  return s.length === 0 ? NaN : (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2;
};
const json = (command, argv) =>
  JSON.parse(execFileSync(command, argv, { cwd: root, stdio: ["ignore", "pipe", "ignore"] }));

/** One run to the criteria: {steps, seconds, msPerStep} (steps null when never met). */
function toCriteria(out) {
  return {
    steps: out.steps_to_criteria,
    seconds: out.seconds_to_criteria ?? NaN,
    msPerStep: (1000 * out.seconds) / out.steps,
  };
}

/** Each seed's run in Chromium for `steps[i]` steps, through the built train-bench.html. */
async function inChromium(task, steps) {
  const server = await startPreview(port, `${root}build/bench-site`);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const query = `task=${task}&seeds=${seeds.join(",")}&steps=${steps.join(",")}`;
    await page.goto(`${server.origin}/train-bench.html?${query}`);
    const status = page.getByRole("status");
    await status.filter({ hasNotText: "Training…" }).waitFor({ timeout: 600_000 });
    const text = await page.getByTestId("bench-result").textContent();
    if (!text) throw new Error(await status.textContent());
    return JSON.parse(text).runs;
  } finally {
    await browser.close();
    server.stop();
  }
}

buildTrainCli();
for (const task of tasks) {
  const rows = [];
  for (const seed of seeds) {
    const common = ["--task", task, "--seed", String(seed), "--eval-every", evalEvery];
    const native = toCriteria(json(TRAIN_CLI, common));
    const wasm = toCriteria(json(process.execPath, ["tools/cli/train.mjs", ...common]));
    rows.push({ seed, native, wasm });
    process.stderr.write(`bench-train: ${task} seed ${seed} done\n`);
  }
  const all = defaults.defaultSettings(task).settings.steps;
  const chromiumRuns = await inChromium(
    task,
    rows.map((r) => r.native.steps ?? all),
  );
  const cell = (x, width, digits = 2) =>
    (Number.isFinite(x) ? x.toFixed(digits) : "-").padStart(width);
  console.log(`\n${task}: time to the criteria at the defaults (eval every ${evalEvery} steps)`);
  console.log(
    "  seed  steps   native s  wasm Node s  Chromium wall s (worker s)  " +
      "ms/step native  wasm  slice ms median / max  longest main task",
  );
  rows.forEach((r, i) => {
    const c = chromiumRuns[i];
    const steps = r.native.steps === null ? "never" : String(r.native.steps);
    const same = r.wasm.steps === r.native.steps ? "" : `  (wasm: ${r.wasm.steps} steps)`;
    console.log(
      `  ${String(r.seed).padStart(4)}  ${steps.padStart(5)}  ${cell(r.native.seconds, 9)}` +
        `  ${cell(r.wasm.seconds, 11)}  ${cell(c.wall_seconds, 15)} (${cell(c.worker_seconds, 6)})` +
        `  ${cell(r.native.msPerStep, 14, 1)}  ${cell(r.wasm.msPerStep, 4, 1)}` +
        `  ${cell(c.slice_ms_median, 15, 1)} / ${cell(c.slice_ms_max, 4, 0)}` +
        `  ${cell(c.longest_main_task_ms, 14, 0)} ms${same}`,
    );
  });
  const met = rows.filter((r) => r.native.steps !== null).length;
  const m = (f) => median(rows.map(f));
  console.log(
    `  median ${cell(
      m((r) => r.native.steps),
      5,
      0,
    )}  ${cell(
      m((r) => r.native.seconds),
      9,
    )}` +
      `  ${cell(
        m((r) => r.wasm.seconds),
        11,
      )}` +
      `  ${cell(median(chromiumRuns.map((c) => c.wall_seconds)), 15)}` +
      ` (${cell(median(chromiumRuns.map((c) => c.worker_seconds)), 6)})` +
      `  ${cell(
        m((r) => r.native.msPerStep),
        14,
        1,
      )}  ${cell(
        m((r) => r.wasm.msPerStep),
        4,
        1,
      )}` +
      `   criteria met on ${met} of ${rows.length} seeds`,
  );
}
