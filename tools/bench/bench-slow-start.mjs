/**
 * The app's first step on a slow phone: 4x CPU slowdown and Fast 3G (562.5 ms round trips,
 * 180 kB/s down, as Chrome's preset), emulated through CDP in headless Chromium, each load in a
 * new context (an empty cache): ms from navigation to the first step's result on screen, and
 * when the core's worker script and its wasm were requested. Each build named is measured in turn, RUNS times (paired
 * runs); medians side by side. A benchmark (figures), never a test.
 *
 *   node tools/bench/bench-slow-start.mjs [LABEL=DIST ...]    (default: this build, dist/)
 * BENCH_PORT (default 4435) is the preview server's port (one build served at a time); RUNS (5).
 * TIMELINE=1 also prints each build's first load file by file (ms requested → finished), the
 * page's and its workers' requests: what the first step waits for.
 */
import { resolve } from "node:path";
import { namedBuilds } from "./named-builds.mjs";
import { launchChromium, startPreview } from "./bench-page.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 4435);
const RUNS = Number(process.env.RUNS ?? 5);
const builds = namedBuilds(process.argv.slice(2), ["this build=dist"]);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const FAST_3G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: 180000,
  uploadThroughput: 84375,
};

/** Each request of `context` (workers' too) as [file, ms requested, ms finished] from `t0`. */
function recordTimeline(context, t0) {
  const rows = new Map();
  const file = (r) => r.url().split("/").pop() || "(page)";
  context.on("request", (r) => rows.set(r, [file(r), Date.now() - t0, NaN]));
  context.on("requestfinished", (r) => {
    const row = rows.get(r);
    if (row) row[2] = Date.now() - t0;
  });
  return rows;
}

/** One cold load: [ms to the first step, ms when the worker script, the wasm were requested,
 * the timeline of its requests]. */
async function loadOnce(browser, origin) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", FAST_3G);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  const requested = {};
  const t0 = Date.now();
  const timeline = recordTimeline(context, t0);
  page.on("request", (r) => {
    const name = /core-worker[^/]*\.js$/.test(r.url())
      ? "worker"
      : /attention[^/]*\.wasm$/.test(r.url())
        ? "wasm"
        : null;
    if (name && !(name in requested)) requested[name] = Date.now() - t0;
  });
  await page.goto(`${origin}/`, { waitUntil: "commit" });
  await page.waitForFunction(
    () =>
      /^Step 1 of \d+$/.test(
        document.querySelector('[data-testid="step-counter"]')?.textContent ?? "",
      ) && document.querySelector('[data-testid="matrix-result"] [data-r="0"][data-c="0"]'),
    null,
    { timeout: 120_000, polling: 20 },
  );
  const ms = Date.now() - t0;
  await context.close();
  const rows = [...timeline.values()].filter(([, start]) => start <= ms);
  return [ms, requested.worker ?? NaN, requested.wasm ?? NaN, rows];
}

const browser = await launchChromium();
try {
  const figures = builds.map(() => [[], [], []]);
  const timelines = builds.map(() => null);
  for (let run = 0; run < RUNS; run++) {
    for (const [i, [, dist]] of builds.entries()) {
      const server = await startPreview(PORT, resolve(dist));
      try {
        const [ms, worker, wasm, rows] = await loadOnce(browser, server.origin);
        [ms, worker, wasm].forEach((x, k) => figures[i][k].push(x));
        timelines[i] ??= { ms, rows };
      } finally {
        await server.stop();
      }
    }
  }
  console.log(
    `first step at 4x CPU + Fast 3G, cold cache, medians of ${RUNS} (ms from navigation)`,
  );
  console.log(
    `  ${"build".padEnd(24)} ${"first step".padStart(10)} ${"worker req".padStart(10)} ${"wasm req".padStart(10)}   runs`,
  );
  for (const [i, [label]] of builds.entries()) {
    const [ms, worker, wasm] = figures[i];
    console.log(
      `  ${label.padEnd(24)} ${String(median(ms)).padStart(10)} ${String(median(worker)).padStart(10)} ${String(median(wasm)).padStart(10)}   ${ms.join(" ")}`,
    );
  }
  if (process.env.TIMELINE) {
    for (const [i, [label]] of builds.entries()) {
      const { ms, rows } = timelines[i];
      console.log(`\n${label}, first run (first step at ${ms} ms): file, requested → finished`);
      for (const [file, start, end] of rows) {
        console.log(`  ${String(start).padStart(6)} → ${String(end).padStart(6)}  ${file}`);
      }
    }
  }
} finally {
  await browser.close();
}
