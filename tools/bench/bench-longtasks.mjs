/**
 * Main-thread long tasks (over 50 ms, PerformanceObserver "longtask") of the built app (dist/) at
 * 512 tokens, in headless Chromium: opening a 512-token link, applying another 512-token sentence,
 * ten steps forward, switching the head, and two edits applied (the seed, d_model). Prints each
 * phase's long tasks (count, longest, total) and its wall time until the step shows the result, and
 * the longest main-thread task by thread CPU time (a CDP trace): on a shared, busy machine a task
 * waits for a core and its wall time (what the longtask API reports) grows with the load, its CPU
 * time much less. A benchmark (figures), never a test.
 *
 *   node tools/bench/bench-longtasks.mjs
 * BENCH_PORT (default 4433) is the preview server's port; BENCH_DIST serves another build.
 */
import { launchChromium, startPreview } from "./bench-page.mjs";

const PORT = Number(process.env.BENCH_PORT ?? 4433);
const BASE = `http://127.0.0.1:${PORT}/`;
const words = (prefix, n) => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);
const scenario = { query_tokens: words("w", 512), d_model: 64, heads: 4, seed: 1 };

/** Starts a CDP trace of the page's tasks; stop() resolves with its events. */
async function startTrace(cdp) {
  const events = [];
  const collect = (e) => events.push(...e.value);
  cdp.on("Tracing.dataCollected", collect);
  await cdp.send("Tracing.start", {
    transferMode: "ReportEvents",
    traceConfig: { includedCategories: ["toplevel", "__metadata"] },
  });
  return {
    async stop() {
      const done = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
      await cdp.send("Tracing.end");
      await done;
      cdp.off("Tracing.dataCollected", collect);
      return events;
    },
  };
}

/** The longest task (ms of thread CPU time) on any renderer main thread of the trace. */
function longestByCpu(events) {
  const mains = new Set(
    events
      .filter((e) => e.ph === "M" && e.name === "thread_name" && e.args.name === "CrRendererMain")
      .map((e) => `${e.pid}:${e.tid}`),
  );
  let most = 0;
  for (const e of events) {
    if (e.ph !== "X" || !mains.has(`${e.pid}:${e.tid}`)) continue;
    if (e.name !== "ThreadControllerImpl::RunTask" && e.name !== "RunTask") continue;
    most = Math.max(most, (e.tdur ?? e.dur) / 1000);
  }
  return most;
}

const server = await startPreview(PORT, process.env.BENCH_DIST);
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const cdp = await page.context().newCDPSession(page);
  await page.addInitScript(() => {
    const w = window;
    w.longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.longTasks.push(e.duration);
    }).observe({ type: "longtask", buffered: true });
  });
  /*
   * Fields and buttons are found before a phase starts and used through plain DOM calls:
   * Playwright's locators and actions run its selector engine and checks in the page, tasks of up
   * to ~200 ms at 512 tokens that the app's own would be blamed for.
   */
  const find = (locator) => locator.elementHandle();
  /** Types `value` into `field` (an element handle) and applies the form. */
  const typeAndApply = async (field, apply, value) => {
    await field.evaluate((e, v) => {
      e.value = v;
      e.dispatchEvent(new Event("input", { bubbles: true }));
    }, value);
    await apply.evaluate((e) => e.click());
  };
  /** The step panel's text: a move or an edit that keeps the step shows when it changes. */
  const stepText = () =>
    page.evaluate(() => document.querySelector('[data-part="step"]')?.textContent ?? "");
  /**
   * Runs `act`, waits until part `part`'s text matches `done` (a RegExp) or differs from `done`
   * (a string), and reports the long tasks.
   */
  async function phase(name, act, part, done) {
    await page.evaluate(() => (window.longTasks = []));
    const trace = await startTrace(cdp);
    const t0 = Date.now();
    await act();
    const before = done instanceof RegExp ? null : done;
    await page.waitForFunction(
      ([p, re, was]) => {
        const text = document.querySelector(`[data-part="${p}"]`)?.textContent ?? "";
        return was === null ? new RegExp(re).test(text) : text !== was;
      },
      [part, done instanceof RegExp ? done.source : "", before],
      { timeout: 120_000 },
    );
    const wall = Date.now() - t0;
    // Long tasks are reported a little after they end: let the observer catch up.
    await page.evaluate(() => new Promise((r) => setTimeout(r, 300)));
    const tasks = await page.evaluate(() => window.longTasks);
    const longest = Math.max(0, ...tasks);
    const total = tasks.reduce((a, b) => a + b, 0);
    const cpu = longestByCpu(await trace.stop());
    console.log(
      `  ${name.padEnd(34)} ${String(tasks.length).padStart(3)} long tasks, longest ${longest.toFixed(0).padStart(5)} ms, total ${total.toFixed(0).padStart(6)} ms; shown after ${String(wall).padStart(5)} ms; longest by CPU ${cpu.toFixed(0).padStart(4)} ms`,
    );
  }
  console.log(`512 tokens, d_model 64, 4 heads (${BASE})`);
  await phase(
    "open a 512-token link",
    () => page.goto(`${BASE}#scenario=${encodeURIComponent(JSON.stringify(scenario))}`),
    "controls",
    /Step 1 of \d+/,
  );
  const apply = await find(page.getByRole("button", { name: "Apply" }));
  const sentence = await find(page.getByLabel("Sentence", { exact: true }));
  await phase(
    "apply another 512-token sentence",
    () => typeAndApply(sentence, apply, words("v", 512).join(" ")),
    "controls",
    /· v1/,
  );
  await (await find(page.getByTestId("step-view"))).evaluate((e) => e.focus());
  await phase(
    "ten steps forward (→)",
    async () => {
      for (let i = 0; i < 10; i++) await page.keyboard.press("ArrowRight");
    },
    "controls",
    /Step 11 of \d+/,
  );
  await phase("switch the head (])", () => page.keyboard.press("]"), "step", await stepText());
  if ((await page.getByLabel("Head", { exact: true }).inputValue()) !== "1") {
    throw new Error("] did not switch to head 2");
  }
  for (const [label, value] of [
    ["Seed", "2"],
    ["d_model", "32"],
  ]) {
    const field = await find(page.getByLabel(label, { exact: true }));
    const name = `edit: ${label} ${value}, Apply`;
    await phase(name, () => typeAndApply(field, apply, value), "step", await stepText());
  }
} finally {
  await browser.close();
  server.stop();
}
