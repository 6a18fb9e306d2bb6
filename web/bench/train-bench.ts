/**
 * Entry point of train-bench.html: trains in a Web Worker through wasm/train-client.ts, as the
 * Learn view does, and shows the figures as JSON (read by tools/bench/bench-train.mjs for
 * `npm run bench`; also a way to see a machine's speed). Query: task (translate), seeds ("1,2"),
 * steps (each run's; default the task's); prebuilt=1 also times openPrebuilt(task) and a first
 * translation on it. Per run: wall time from train() to the last step's
 * progress (snapshots included, the final evaluation not), the worker's training time, the
 * slices' worker times and the longest main-thread task seen meanwhile.
 */
import {
  defaultSettings,
  openPrebuilt,
  startTraining,
  type TaskName,
} from "../src/wasm/train-client";

interface Run {
  seed: number;
  steps: number;
  wall_seconds: number;
  worker_seconds: number;
  slices: number;
  slice_ms_median: number;
  slice_ms_max: number;
  /** Every slice's worker time, in order (ms, rounded). */
  slice_ms: number[];
  longest_main_task_ms: number;
  criteria_met: boolean;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** The longest main-thread task (ms) while `work` runs, as far as the browser reports them. */
async function longestTask<T>(work: () => Promise<T>): Promise<[T, number]> {
  let longest = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longest = Math.max(longest, entry.duration);
  });
  observer.observe({ type: "longtask" });
  const value = await work();
  observer.disconnect();
  return [value, longest];
}

async function runOne(task: TaskName, seed: number, steps: number | null): Promise<Run> {
  const defaults = await defaultSettings(task);
  const session = await startTraining({ ...defaults, seed, steps: steps ?? defaults.steps });
  const slices: number[] = [];
  let wall = NaN;
  let workerSeconds = NaN;
  const start = performance.now();
  const [metrics, longest] = await longestTask(() =>
    session.train((p) => {
      slices.push(p.slice_ms ?? 0);
      if (p.done) {
        wall = (performance.now() - start) / 1000;
        workerSeconds = p.seconds;
      }
    }),
  );
  session.dispose();
  return {
    seed,
    steps: session.settings.steps,
    wall_seconds: wall,
    worker_seconds: workerSeconds,
    slices: slices.length,
    slice_ms_median: median(slices),
    slice_ms_max: Math.max(...slices),
    slice_ms: slices.map(Math.round),
    longest_main_task_ms: longest,
    criteria_met: metrics.criteria_met,
  };
}

/** Wall ms to open the prebuilt model (a fresh worker: module, model and run fetched and read). */
async function timePrebuilt(task: TaskName) {
  const start = performance.now();
  const session = await openPrebuilt(task);
  const open_ms = performance.now() - start;
  const text = task === "translate" ? "the small black cat sees a red car" : "a b c d";
  const before = performance.now();
  await session.translate(text);
  const translate_ms = performance.now() - before;
  session.dispose();
  return { open_ms, translate_ms };
}

async function main(): Promise<void> {
  const params = new URLSearchParams(location.search);
  const task = (params.get("task") ?? "translate") as TaskName;
  const seeds = (params.get("seeds") ?? "1").split(",").map(Number);
  const steps = params.get("steps")?.split(",").map(Number) ?? [];
  const prebuilt = params.get("prebuilt") === "1" ? await timePrebuilt(task) : null;
  const runs: Run[] = [];
  for (const [i, seed] of seeds.entries()) runs.push(await runOne(task, seed, steps[i] ?? null));
  const result = { task, prebuilt, runs };
  document.getElementById("result")!.textContent = JSON.stringify(result, null, 1);
  document.getElementById("status")!.textContent = "Done.";
}

main().catch((e: unknown) => {
  document.getElementById("status")!.textContent = `Failed: ${e instanceof Error ? e.message : e}`;
});
