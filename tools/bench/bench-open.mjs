/**
 * Opening a real-size layer's file in the built app: the time from choosing it (Load scenario…)
 * to its first step on screen, and the main thread's long tasks meanwhile, in headless Chromium.
 * The layer (768 wide, 12 heads, 64 tokens, W_Q, W_K, W_V, W_O and biases, ~51 MB) is made by
 * tools/bench/gen-layer.mjs. Each build named is measured in turn, RUNS times, so figures of two builds
 * come from paired runs; medians side by side. A benchmark (figures), never a test.
 *
 *   node tools/bench/bench-open.mjs [LABEL=DIST ...]    (default: this build, dist/)
 * BENCH_PORT (default 4434) is the preview server's port (one build served at a time); RUNS
 * (default 3).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { namedBuilds } from "./named-builds.mjs";
import { launchChromium, startPreview } from "./bench-page.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 4434);
const RUNS = Number(process.env.RUNS ?? 3);
const builds = namedBuilds(process.argv.slice(2), ["this build=dist"]);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const dir = mkdtempSync(join(tmpdir(), "bench-open-"));
const file = join(dir, "layer-768.json");
writeFileSync(
  file,
  execFileSync(process.execPath, [fileURLToPath(new URL("gen-layer.mjs", import.meta.url))], {
    maxBuffer: 2 ** 27,
  }),
);

/** One open in a fresh page: [ms to the first step, long tasks over 100 ms, the longest]. */
async function openOnce(browser, origin) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.addInitScript(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.longTasks.push(e.duration);
    }).observe({ type: "longtask", buffered: true });
  });
  await page.goto(`${origin}/`);
  const counter = page.getByTestId("step-counter");
  await counter.filter({ hasText: /^Step 1 of \d+$/ }).waitFor();
  const load = await page.getByRole("button", { name: "Load scenario…" }).elementHandle();
  await page.evaluate(() => (window.longTasks = []));
  const chooser = page.waitForEvent("filechooser");
  await load.evaluate((e) => e.click());
  const t0 = Date.now();
  await (await chooser).setFiles(file);
  await page.waitForFunction(
    () => {
      const m = document
        .querySelector('[data-testid="step-counter"]')
        ?.textContent?.match(/^Step 1 of (\d+)$/);
      return m && Number(m[1]) > 12 * 64;
    },
    null,
    { timeout: 120_000, polling: 20 },
  );
  const ms = Date.now() - t0;
  const tasks = await page.evaluate(() => window.longTasks);
  await page.close();
  return [ms, tasks.filter((t) => t > 100).length, Math.max(0, ...tasks)];
}

const browser = await launchChromium();
try {
  const figures = builds.map(() => ({ ms: [], over100: [], longest: [] }));
  for (let run = 0; run < RUNS; run++) {
    for (const [i, [, dist]] of builds.entries()) {
      const server = await startPreview(PORT, resolve(dist));
      try {
        const [ms, over100, longest] = await openOnce(browser, server.origin);
        figures[i].ms.push(ms);
        figures[i].over100.push(over100);
        figures[i].longest.push(longest);
        process.stderr.write(`${builds[i][0]}: ${ms} ms\n`);
      } finally {
        await server.stop();
      }
    }
  }
  console.log(
    `a 768-wide, 12-head, 64-token layer with biases (51 MB): Load scenario to its first step, medians of ${RUNS}`,
  );
  console.log(
    `  ${"build".padEnd(24)} ${"ms".padStart(8)} ${"tasks>100ms".padStart(12)} ${"longest ms".padStart(11)}   runs (ms)`,
  );
  for (const [i, [label]] of builds.entries()) {
    const f = figures[i];
    console.log(
      `  ${label.padEnd(24)} ${String(median(f.ms)).padStart(8)} ${String(median(f.over100)).padStart(12)} ${median(f.longest).toFixed(0).padStart(11)}   ${f.ms.join(" ")}`,
    );
  }
} finally {
  await browser.close();
  rmSync(dir, { recursive: true, force: true });
}
