// The figures issue 20 closes on, measured on the built page: where the step's title and result
// land after Next from a page scrolled away (px from the window's top, per preset), the digit
// sizes in presentation mode at 1280×720 and 1920×1080 (with the largest other text and whether a
// formula wraps), and whether a 600 px embed at stage="softmax" in a 680 px column opens with its
// weights table in view. With --shots DIR it also saves the screenshots to look at. Figures only,
// never assertions (the tests assert: step-fits, present-digits, embed-fold).
//   node tools/bench/bench-view-figures.mjs [--port N] [--shots DIR]
import { mkdirSync } from "node:fs";
import { launchChromium, startPreview } from "./bench-page.mjs";

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const port = Number(arg("--port", 4291));
const shots = arg("--shots", "");
if (shots) mkdirSync(shots, { recursive: true });
const shot = (page, name) => shots && page.screenshot({ path: `${shots}/${name}.png` });

const counterIs = (page, re) =>
  page.waitForFunction(
    (src) =>
      new RegExp(src).test(
        document.querySelector('[data-testid="step-counter"]')?.textContent ?? "",
      ),
    re,
  );
const calm = (page) =>
  page
    .evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
    .then(() => page.waitForTimeout(80));

/** Title top and result top–bottom in window px after each of `n` Nexts from `by` px down. */
async function afterNext(page, origin, preset, view, n, by) {
  await page.setViewportSize(view);
  await page.goto(`${origin}/#p=${preset}&s=0&h=0&q=0`);
  await counterIs(page, "^Step 1 of");
  await calm(page);
  await shot(page, `first-${preset}-${view.width}x${view.height}`);
  const out = [];
  for (let i = 0; i < n; i++) {
    await page.evaluate((y) => window.scrollBy(0, y), by);
    await page.keyboard.press("ArrowRight");
    await counterIs(page, `^Step ${i + 2} `);
    await calm(page);
    out.push(
      await page.evaluate(() => {
        const step = document.querySelector('[data-testid="step-view"]');
        const r = (e) => e?.getBoundingClientRect();
        const res = r(step.querySelector('[data-testid="matrix-result"] table'));
        const t = Math.round(r(step.querySelector(".step-title")).top);
        return res ? `${t}/${Math.round(res.top)}–${Math.round(res.bottom)}` : `${t}/–`;
      }),
    );
  }
  await shot(page, `after-next-${preset}-${view.width}x${view.height}`);
  return out;
}

/** Presentation: per step, result digits px, the largest other text px, a wrapped formula. */
function presentSizes() {
  const px = (e) => parseFloat(getComputedStyle(e).fontSize) * (e.currentCSSZoom ?? 1);
  const cell = document.querySelector('[data-testid="matrix-result"] td');
  let largest = 0;
  for (const root of [
    document.querySelector('[data-testid="step-view"]'),
    document.querySelector(".present-bar"),
  ]) {
    const w = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = w.nextNode(); n; n = w.nextNode()) {
      const e = n.parentElement;
      if (!n.textContent.trim() || e.closest(".mbox") || !e.getClientRects().length) continue;
      largest = Math.max(largest, px(e));
    }
  }
  const wraps = [...document.querySelectorAll('[data-testid="step-view"] .formula')].some((f) => {
    // Wrapped: a part starts below another's bottom (parts of one line differ in height).
    const rs = [...f.querySelectorAll(".fpart")].map((p) => p.getBoundingClientRect());
    return rs.some((a) => rs.some((b) => a.top >= b.bottom - 1));
  });
  return { digits: cell ? px(cell) : 0, largest, wraps };
}

async function presentation(page, origin, preset, view) {
  await page.setViewportSize(view);
  await page.goto(`${origin}/#p=${preset}&s=0&h=0&q=0`);
  await counterIs(page, "^Step 1 of");
  await page.keyboard.press("p");
  await page.waitForSelector('[data-testid="present-counter"]');
  const rows = [];
  for (let k = 1; k <= 8; k++) {
    if (k > 1) await page.keyboard.press("ArrowRight");
    await calm(page);
    await page.waitForTimeout(150);
    const s = await page.evaluate(presentSizes);
    rows.push(`${s.digits.toFixed(1)}${s.wraps ? "w" : ""}/${s.largest.toFixed(1)}`);
    if (k === 4) await shot(page, `present-${preset}-${view.width}x${view.height}`);
  }
  await page.keyboard.press("Escape");
  return rows;
}

/** A 600 px embed of `preset` at stage="softmax" in a 680 px column: result in its box? */
async function embedFold(page, origin, preset) {
  await page.setViewportSize({ width: 1280, height: 800 });
  const html = `<!doctype html><meta charset="utf-8"><style>body{margin:0;font:18px/1.7 serif}
.c{max-width:680px;margin:0 auto;padding:0 16px}.t{min-height:1200px}</style>
<script type="module" src="../attention-stepper.js"></script>
<div class="c"><p class="t">Before.</p><attention-stepper preset="${preset}" stage="softmax">
</attention-stepper><p class="t">After.</p></div>`;
  // A host page on the preview's origin, in a folder of its own.
  const host = `${origin}/elsewhere/host.html`;
  await page.route(host, (r) => r.fulfill({ contentType: "text/html", body: html }));
  await page.goto(host);
  const el = page.locator("attention-stepper");
  await el.scrollIntoViewIfNeeded();
  await el.getByTestId("step-counter").waitFor();
  await page.waitForTimeout(800);
  await shot(page, `embed-fold-${preset}`);
  const box = await el.locator(".layout").boundingBox();
  const res = await el.getByTestId("matrix-result").boundingBox();
  const inBox = res.y >= box.y - 0.5 && res.y + res.height <= box.y + box.height + 0.5;
  const h = Math.round((await el.locator(".stepper").boundingBox()).height);
  return `${h} px embed, weights table ${inBox ? "in view" : "NOT in view"} (its top ${Math.round(res.y - box.y)} px into the step box of ${Math.round(box.height)} px)`;
}

const server = await startPreview(port);
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  const desk = { width: 1280, height: 800 };
  console.log("After Next from 700 px down at 1280×800 (title top / result top–bottom, px):");
  for (const p of ["small", "scratch", "learned", "hopkins"])
    console.log(`  ${p}: ${(await afterNext(page, server.origin, p, desk, 6, 700)).join("  ")}`);
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
  const ph = await afterNext(phone, server.origin, "small", { width: 390, height: 844 }, 6, 600);
  console.log(`  phone 390×844 small: ${ph.join("  ")}`);
  await phone.close();
  console.log(
    "Presentation, steps 1–8 (result digits px [w: a formula wraps] / largest other text):",
  );
  for (const [p, w, h] of [
    ["small", 1280, 720],
    ["scratch", 1280, 720],
    ["hopkins", 1280, 720],
    ["small", 1920, 1080],
    ["hopkins", 1920, 1080],
  ])
    console.log(
      `  ${p} ${w}×${h}: ${(await presentation(page, server.origin, p, { width: w, height: h })).join("  ")}`,
    );
  console.log("Embed fold (600 px in a 680 px column, stage=softmax):");
  // A service worker would answer the host page's request before the route does.
  const host = await (await browser.newContext({ serviceWorkers: "block" })).newPage();
  for (const p of ["scratch", "cross"])
    console.log(`  ${p}: ${await embedFold(host, server.origin, p)}`);
} finally {
  await browser.close();
  await server.stop();
}
