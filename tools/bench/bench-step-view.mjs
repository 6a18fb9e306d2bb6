// Whether each step is on screen at once: for every step of the small, scratch and learned
// presets (Next from the first to the last), at 1280×800 the formula and the boxes of every
// operand and of the result lie inside the window below the sticky top bar (a big operand's box
// may scroll: the steps where one does are counted); at 390×844 (a phone) the result ends
// within one screen of the step title's top. Prints, per preset and viewport, how many steps pass
// and the first few that do not, with the part that sticks out. A figure, never an assertion.
//   node tools/bench/bench-step-view.mjs [--port N] [--presets small,scratch,learned] [--list N]
import { launchChromium, startPreview } from "./bench-page.mjs";

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const port = Number(arg("--port", 4290));
const presets = arg("--presets", "small,scratch,learned").split(",");
/** How many failing steps to list per preset (`--list N`). */
const list = Number(arg("--list", 6));

/** The step's parts in window coordinates, read in the page. */
function partsNow() {
  const step = document.querySelector('[data-testid="step-view"]');
  const top = document.querySelector('[data-testid="topbar"]');
  const bar = top.getBoundingClientRect().height > 0 ? top : document.querySelector(".step-bar");
  const rect = (e) => {
    const r = e.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
  };
  const parts = [["formula", step.querySelector(".formulas")]];
  let scrolls = 0;
  let result = null;
  for (const f of step.querySelectorAll('[data-testid^="matrix-"]')) {
    // What of the matrix is on screen: its box (a big operand scrolls inside it, headers
    // sticky), not its hint line below. The result's box never scrolls on these presets.
    const box = f.querySelector(".mbox") ?? f;
    if (box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1) scrolls++;
    parts.push([f.dataset.testid, box]);
    if (f.dataset.testid === "matrix-result") result = f.querySelector("table, .vgrid") ?? f;
  }
  return {
    scrolls,
    barBottom: bar ? bar.getBoundingClientRect().bottom : 0,
    title: rect(step.querySelector(".step-title")),
    result: result && rect(result),
    parts: parts.filter(([, e]) => e).map(([name, e]) => [name, rect(e)]),
    counter: document.querySelector('[data-testid="step-counter"]').textContent,
  };
}

/** Desktop: every part inside [bar, height] × [0, width]. Phone: result within a screen. */
function verdict(m, view, phone) {
  if (phone) {
    // The result's whole table, as before the boxes (a phone scrolls the page).
    if (!m.result) return null;
    const span = m.result.bottom - m.title.top;
    return span <= view.height ? null : `result ends ${Math.round(span)} px below the title`;
  }
  const out = m.parts.filter(
    ([, r]) =>
      r.top < m.barBottom - 1 ||
      r.bottom > view.height + 1 ||
      r.left < -1 ||
      r.right > view.width + 1,
  );
  return out.length === 0
    ? null
    : out.map(([n, r]) => `${n} ${Math.round(r.top)}–${Math.round(r.bottom)}`).join(", ");
}

async function measurePreset(page, origin, preset, view, phone) {
  await page.setViewportSize(view);
  await page.goto(`${origin}/#p=${preset}&s=0&h=0&q=0`);
  await page.waitForFunction(() =>
    /^Step 1 of/.test(document.querySelector('[data-testid="step-counter"]')?.textContent ?? ""),
  );
  const total = Number(/of (\d+)/.exec(await page.textContent('[data-testid="step-counter"]'))[1]);
  const failures = [];
  let scrolled = 0;
  for (let k = 1; k <= total; k++) {
    if (k > 1) {
      await page.keyboard.press("ArrowRight");
      await page.waitForFunction(
        (n) =>
          document
            .querySelector('[data-testid="step-counter"]')
            .textContent.startsWith(`Step ${n} `),
        k,
      );
    }
    // Next scrolls smoothly or at once: wait for two frames of calm.
    await page.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
    );
    await page.waitForTimeout(60);
    const parts = await page.evaluate(partsNow);
    if (parts.scrolls > 0) scrolled++;
    const why = verdict(parts, view, phone);
    if (why) failures.push(`step ${k}: ${why}`);
  }
  return { total, failures, scrolled };
}

const server = await startPreview(port);
const browser = await launchChromium();
try {
  for (const [label, view, phone] of [
    ["1280×800", { width: 1280, height: 800 }, false],
    ["390×844", { width: 390, height: 844 }, true],
  ]) {
    const page = await browser.newPage({ viewport: view, hasTouch: phone, isMobile: phone });
    await page.focus("body").catch(() => {});
    for (const preset of presets) {
      const run = await measurePreset(page, server.origin, preset, view, phone);
      const { total, failures } = run;
      const boxed = `${run.scrolled} with a matrix scrolling inside its box`;
      console.log(
        `${label} ${preset}: ${total - failures.length} of ${total} steps pass, ${boxed}`,
      );
      for (const f of failures.slice(0, list)) console.log(`  ${f}`);
      if (failures.length > list) console.log(`  … ${failures.length - list} more`);
    }
    await page.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
