/**
 * Main-thread CPU per step of the built app (dist/), in headless Chromium: for each size it opens
 * the page, presses → (Next) N times and records a CDP trace (devtools.timeline). Each step's
 * window runs from one press to the next; the self time of the renderer main thread's events in
 * it is summed by kind (scripting, HTML parsing, style, layout, paint), and the longest task
 * (RunTask) is kept. Prints medians per size. A benchmark (figures), never a test.
 *
 *   node tools/bench/bench-step.mjs [steps=40] ["name=dist dir" ...]
 * With builds named ("previous=build/previous/src/dist" "this build=dist"), each size is measured
 * for each build in turns, BENCH_ROUNDS (2) times, and the medians printed side by side with the
 * ratio of the totals: two builds compared under the same machine load.
 * BENCH_PORT (default 4432) is the port of the preview server it starts (the next ones for more
 * builds); BENCH_DIST serves another build than dist/ when none is named; BENCH_ONLY=Hopkins measures
 * only the sizes whose name contains that text. BENCH_HIDE=".operands" hides what that CSS selector
 * matches (display: none) before the page runs: an ablation, what a part of the page costs a step;
 * BENCH_CSS="…" adds that style sheet (what a style costs: BENCH_CSS=".x { position: static }").
 * BENCH_PAUSE=500 waits that many ms before each press: steps taken one at a time, as a learner
 * reading each one does (each then a new history entry), instead of a burst.
 * BENCH_DETAIL=1 adds, per size, the trace events costing most per step by name (a script's
 * function, a layout's caller and, for a forced one, its JavaScript stack); BENCH_DETAIL=2 also
 * lists the events of steps 5-8 in order, with each layout's dirty and total objects.
 */
import { resolve } from "node:path";
import { launchChromium, startPreview } from "./bench-page.mjs";
import { namedBuilds } from "./named-builds.mjs";

const STEPS = Number(process.argv[2] ?? 40);
const PAUSE = Number(process.env.BENCH_PAUSE ?? 0);
const PORT = Number(process.env.BENCH_PORT ?? 4432);

const words = (n) => Array.from({ length: n }, (_, i) => `w${i + 1}`);
const SIZES = [
  { name: "small default, 6 tokens, d_model 8, 2 heads", hash: "#p=small" },
  {
    name: "48 tokens, d_model 64, 4 heads",
    hash: `#scenario=${encodeURIComponent(JSON.stringify({ query_tokens: words(48), d_model: 64, heads: 4, seed: 1 }))}`,
  },
  {
    name: "512 tokens, d_model 64, 4 heads",
    hash: `#scenario=${encodeURIComponent(JSON.stringify({ query_tokens: words(512), d_model: 64, heads: 4, seed: 1 }))}`,
  },
  { name: "Anthony Hopkins, 9 tokens, d_model 512, 8 heads", hash: "#p=hopkins" },
  // The same, scrolled down so the step's matrices are on screen (below the fold at 1280×900).
  { name: "Hopkins, scrolled to the operands", hash: "#p=hopkins", scrollTo: ".operands" },
];

/** Adds the style sheet `css` from the page's start (runs in the page). */
function addStyle(css) {
  document.addEventListener("DOMContentLoaded", () => {
    const style = document.createElement("style");
    style.textContent = css;
    document.head.append(style);
  });
}

/** Trace event name → kind; nested events count only their own (self) time. */
const KIND = {
  scripting:
    /^(EvaluateScript|FunctionCall|TimerFire|EventDispatch|FireAnimationFrame|FireIdleCallback|RunMicrotasks|V8\.Execute|v8\.compile|v8\.callFunction|MajorGC|MinorGC|V8\.GC.*|BlinkGC\..*)$/,
  parse: /^(ParseHTML|ParseAuthorStyleSheet)$/,
  style: /^(UpdateLayoutTree|RecalculateStyles)$/,
  layout: /^(Layout|HitTest|UpdateLayer)$/,
  paint: /^(PrePaint|Paint|PaintImage|Layerize|Commit|UpdateLayerTree|CompositeLayers)$/,
};
const KINDS = Object.keys(KIND);
const kindOf = (name) => KINDS.find((k) => KIND[k].test(name));

async function traceSteps(page, cdp) {
  const events = [];
  cdp.on("Tracing.dataCollected", (e) => events.push(...e.value));
  const done = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
  await cdp.send("Tracing.start", {
    transferMode: "ReportEvents",
    traceConfig: {
      includedCategories: [
        "devtools.timeline",
        "disabled-by-default-devtools.timeline",
        ...(process.env.BENCH_DETAIL ? ["disabled-by-default-devtools.timeline.stack"] : []),
        "blink.user_timing",
        "toplevel",
        "v8.execute",
      ],
    },
  });
  const counter = page.getByTestId("step-counter");
  for (let i = 0; i <= STEPS; i++) {
    await page.evaluate((k) => performance.mark(`bench-step-${k}`), i);
    if (i === STEPS) break;
    if (PAUSE > 0) await page.waitForTimeout(PAUSE);
    const before = await counter.textContent();
    await page.keyboard.press("ArrowRight");
    // The step shows (on a busy machine its parts may come from the core's worker a few frames
    // later), then the frame with it is painted before the next press.
    const moved = await page
      .waitForFunction(
        (b) => document.querySelector('[data-testid="step-counter"]')?.textContent !== b,
        before,
        { timeout: 10_000 },
      )
      .then(
        () => true,
        () => false,
      );
    if (!moved) throw new Error(`step ${i + 1} did not move on from "${before}"`);
    await page.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
    );
  }
  await cdp.send("Tracing.end");
  await done;
  return events;
}

/**
 * An event's time: its thread CPU time (tdur) with BENCH_CPU=1, which a busy shared machine
 * disturbs less than the wall-clock duration (dur), the default. Either way the column "other"
 * is the total by the other measure (wall time with BENCH_CPU=1, thread CPU without).
 */
const CPU = process.env.BENCH_CPU === "1";
const cpu = (e) => (CPU ? (e.tdur ?? e.dur) : e.dur);
const other = (e) => (CPU ? e.dur : (e.tdur ?? e.dur));

/** Self time of each event by `time`: its duration minus its direct children's. */
function selfTimes(onMain, time) {
  const self = new Map();
  const stack = [];
  for (const e of onMain) {
    while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent) self.set(parent, self.get(parent) - time(e));
    self.set(e, time(e));
    stack.push(e);
  }
  return self;
}

/** Per step: ms of each kind, their total, and the longest task. */
function perStep(events) {
  const names = events.filter((e) => e.ph === "M" && e.name === "thread_name");
  const main = names.find((e) => e.args.name === "CrRendererMain" && hasMarks(e.pid));
  function hasMarks(pid) {
    return events.some((e) => e.pid === pid && e.name.startsWith("bench-step-"));
  }
  const marks = events
    .filter((e) => e.pid === main.pid && e.name.startsWith("bench-step-"))
    .map((e) => ({ k: Number(e.name.slice(11)), ts: e.ts }))
    .sort((a, b) => a.ts - b.ts);
  const onMain = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X" && e.dur > 0)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const self = selfTimes(onMain, cpu);
  const selfOther = selfTimes(onMain, other);
  const steps = [];
  for (let i = 0; i + 1 < marks.length; i++) {
    const [t0, t1] = [marks[i].ts, marks[i + 1].ts];
    const row = Object.fromEntries(KINDS.map((k) => [k, 0]));
    row.task = 0;
    row.other = 0;
    for (const e of onMain) {
      if (e.ts < t0 || e.ts >= t1) continue;
      const kind = kindOf(e.name);
      if (kind) row[kind] += self.get(e) / 1000;
      if (kind) row.other += selfOther.get(e) / 1000;
      if (e.name === "ThreadControllerImpl::RunTask" || e.name === "RunTask")
        row.task = Math.max(row.task, cpu(e) / 1000);
    }
    row.total = KINDS.reduce((s, k) => s + row[k], 0);
    if (process.env.BENCH_DETAIL) row.names = namesIn(onMain, self, t0, t1);
    if (process.env.BENCH_DETAIL === "2" && i >= 4 && i < 8) {
      const layouts = onMain.filter(
        (e) =>
          e.ts >= t0 &&
          e.ts < t1 &&
          /^(Layout|Paint|PrePaint|FunctionCall|EventDispatch|TimerFire|FireAnimationFrame|ParseHTML)$/.test(
            e.name,
          ),
      );
      console.log(`    step ${i + 1}:`);
      for (const e of layouts)
        console.log(
          `      +${((e.ts - t0) / 1000).toFixed(1).padStart(6)} ${e.name.padEnd(18)} ${(cpu(e) / 1000).toFixed(2)} ms ${e.name === "Layout" ? `${e.args?.beginData?.dirtyObjects}/${e.args?.beginData?.totalObjects}` : (e.args?.data?.functionName ?? e.args?.data?.type ?? "")}`,
        );
    }
    steps.push(row);
  }
  return steps;
}

/** BENCH_DETAIL=1: self ms and count by event name (with the JS function or layout's stack). */
function namesIn(onMain, self, t0, t1) {
  const out = new Map();
  for (const e of onMain) {
    if (e.ts < t0 || e.ts >= t1) continue;
    const parent = stackOf(onMain, e);
    const fn =
      e.name === "Layout"
        ? `in ${parent} ${frames(e)} ${process.env.BENCH_DETAIL === "2" ? `dirty ${e.args?.beginData?.dirtyObjects}/${e.args?.beginData?.totalObjects}` : ""}`
        : e.name === "UpdateLayoutTree"
          ? `in ${parent} ${frames(e)}`
          : e.args?.data?.functionName || e.args?.data?.url?.split("/").pop() || "";
    const key = fn ? `${e.name} ${fn}` : e.name;
    const [ms, n] = out.get(key) ?? [0, 0];
    out.set(key, [ms + self.get(e) / 1000, n + 1]);
  }
  return out;
}

/** A forced layout's JavaScript stack, innermost first: "fn:line:col < ...". */
const frames = (e) =>
  (e.args?.beginData?.stackTrace ?? [])
    .slice(0, 4)
    .map((f) => `${f.functionName}:${f.lineNumber}:${f.columnNumber}`)
    .join(" < ");

/** The innermost enclosing event of `e` that names a script function or a frame, for a layout. */
function stackOf(onMain, e) {
  let best = "frame";
  for (const p of onMain) {
    if (p.ts > e.ts) break;
    if (p === e || p.ts + p.dur < e.ts + e.dur) continue;
    const d = p.args?.data;
    if (p.name === "FunctionCall" || p.name === "TimerFire" || p.name === "EventDispatch")
      best = `${p.name} ${d?.functionName || d?.type || d?.url?.split("/").pop() || ""}`;
    else if (p.name === "FireAnimationFrame") best = "rAF";
    else if (p.name === "ResizeObserver" || p.name.startsWith("ProxyMain")) best = p.name;
  }
  return best;
}

/** The names costing most, summed over all steps and divided by their number. */
function printDetail(rows) {
  const sum = new Map();
  for (const r of rows)
    for (const [k, [ms, n]] of r.names) {
      const [a, b] = sum.get(k) ?? [0, 0];
      sum.set(k, [a + ms, b + n]);
    }
  const top = [...sum].sort((a, b) => b[1][0] - a[1][0]).slice(0, 25);
  for (const [k, [ms, n]] of top)
    console.log(
      `      ${(ms / rows.length).toFixed(2).padStart(7)} ms ${(n / rows.length).toFixed(1).padStart(6)}×  ${k.slice(0, 90)}`,
    );
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** The medians of `rows` by column, each as text 10 wide. */
const medians = (rows, cols) =>
  cols.map((c) =>
    median(rows.map((r) => r[c]))
      .toFixed(1)
      .padStart(10),
  );

/** Opens `size` from `base` and takes the steps: a row per step. */
async function measure(browser, base, size) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    serviceWorkers: "block",
  });
  const page = await context.newPage();
  const hide = process.env.BENCH_HIDE;
  const css = (hide ? `${hide} { display: none !important; }` : "") + (process.env.BENCH_CSS ?? "");
  if (css) await page.addInitScript(addStyle, css);
  await page.goto(base + size.hash);
  await page.waitForSelector(".stepper.ready");
  await page.getByTestId("step-view").focus();
  if (size.scrollTo)
    await page.evaluate((sel) => document.querySelector(sel)?.scrollIntoView(), size.scrollTo);
  const cdp = await context.newCDPSession(page);
  const rows = perStep(await traceSteps(page, cdp));
  const nodes = await page.evaluate(() => document.getElementsByTagName("*").length);
  await context.close();
  return { rows, nodes };
}

// Builds named on the command line ("previous=build/previous/src/dist" "this build=dist") are
// measured in turns, ROUNDS times each per size, so both meet the same machine load.
const builds = namedBuilds(process.argv.slice(3), []).map(([name, dist]) => ({
  name,
  dist: resolve(dist),
}));
if (builds.length === 0) builds.push({ name: "", dist: process.env.BENCH_DIST });
const ROUNDS = builds.length > 1 ? Number(process.env.BENCH_ROUNDS ?? 2) : 1;
const servers = await Promise.all(builds.map((b, i) => startPreview(PORT + i, b.dist)));
const browser = await launchChromium();
try {
  const [measured, otherName] = CPU ? ["CPU", "wall time"] : ["wall time", "CPU"];
  console.log(
    `main-thread ${measured} per step (ms, median of ${STEPS * ROUNDS} steps by →; "other": the total in ${otherName}):`,
  );
  const cols = ["total", ...KINDS, "task", "other"];
  console.log(`  ${"size".padEnd(50)}${cols.map((c) => c.padStart(10)).join("")}  DOM nodes`);
  for (const size of SIZES.filter((s) => s.name.includes(process.env.BENCH_ONLY ?? ""))) {
    const got = builds.map(() => ({ rows: [], nodes: 0 }));
    for (let round = 0; round < ROUNDS; round++)
      for (const [i] of builds.entries()) {
        const { rows, nodes } = await measure(browser, `http://127.0.0.1:${PORT + i}/`, size);
        got[i].rows.push(...rows);
        got[i].nodes = nodes;
      }
    for (const [i, b] of builds.entries()) {
      const name = b.name ? `${size.name.slice(0, 34)}: ${b.name}` : size.name;
      const cells = medians(got[i].rows, cols);
      console.log(`  ${name.padEnd(50)}${cells.join("")}  ${String(got[i].nodes).padStart(9)}`);
      if (process.env.BENCH_DETAIL) printDetail(got[i].rows);
    }
    if (builds.length === 2) {
      const [a, b] = got.map((g) => median(g.rows.map((r) => r.total)));
      console.log(`  ${"  total, last ÷ first".padEnd(50)}${(b / a).toFixed(2).padStart(10)}`);
    }
  }
  console.log("  (task = the longest main-thread task in a step)");
} finally {
  await browser.close();
  for (const server of servers) server.stop();
}
