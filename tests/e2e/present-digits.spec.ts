// Issue 20, item 6: presentation mode reads from the back row. At 1280×720 (a classroom
// projector) cell digits are at least 24 px for the small presets and 18 px for Hopkins, at
// 1920×1080 at least 32 px; the numbers are the largest text on screen; a formula never wraps.
import { type Page } from "@playwright/test";
import { expect, focusPage, snapshot, test } from "./fixtures";

/** Opens preset `id` in presentation mode on a `width`×`height` screen. */
async function present(page: Page, id: string, width: number, height: number): Promise<void> {
  await page.setViewportSize({ width, height });
  await page.goto(`./#p=${id}`);
  await expect(page.getByTestId("step-counter")).toHaveText(/^Step 1 of /);
  await focusPage(page);
  await page.keyboard.press("p");
  await expect(page.getByTestId("present-counter")).toHaveText(/^Step 1 \//);
  // Presentation's CSS and fit load on first use (present.ts), and the bar shows only once they
  // have: from then on, no waiting for the digits to grow.
  await expect(page.locator(".present-bar")).toBeVisible();
  expect((await sizes(page)).digits).toBeGreaterThan(12);
}

/**
 * Starts watching for presentation mode; the returned promise gives the result's digits (px) in
 * the first animation frame after the stepper starts presenting.
 */
async function watchFirstFrame(page: Page): Promise<() => Promise<number>> {
  type Watched = Window & { firstFrameDigits?: Promise<number> };
  await page.evaluate(() => {
    (window as Watched).firstFrameDigits = new Promise<number>((done) => {
      const watch = new MutationObserver(() => {
        if (!document.querySelector(".presenting")) return;
        watch.disconnect();
        requestAnimationFrame(() => {
          const cell = document.querySelector('[data-testid="matrix-result"] td')!;
          const zoom = (cell as Element & { currentCSSZoom?: number }).currentCSSZoom ?? 1;
          done(parseFloat(getComputedStyle(cell).fontSize) * zoom);
        });
      });
      watch.observe(document.body, { attributes: true, subtree: true, attributeFilter: ["class"] });
    });
  });
  return () => page.evaluate(() => (window as Watched).firstFrameDigits!);
}

test("P before presentation's code has loaded: the first frame already has large digits", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto("./#p=small");
  await expect(page.getByTestId("step-counter")).toHaveText(/^Step 1 of /);
  await focusPage(page);
  const digits = await watchFirstFrame(page);
  await page.keyboard.press("p");
  expect(await digits()).toBeGreaterThanOrEqual(24);
});

test("hovering Present fetches presentation's code before the click", async ({ page }) => {
  await page.goto("./#p=small");
  await expect(page.getByTestId("step-counter")).toHaveText(/^Step 1 of /);
  const fetched = page.waitForResponse(/present-fit[^/]*\.js$/);
  await page.getByRole("button", { name: "Present", exact: true }).hover();
  await fetched;
  const digits = await watchFirstFrame(page);
  await page.getByRole("button", { name: "Present", exact: true }).click();
  expect(await digits()).toBeGreaterThanOrEqual(24);
});

/**
 * Rendered sizes in px (font size × CSS zoom): the result's digits, and the largest other text
 * on screen (step view and counter), with what it is.
 */
function sizes(page: Page) {
  return page.evaluate(() => {
    const px = (e: Element) =>
      parseFloat(getComputedStyle(e).fontSize) *
      ((e as Element & { currentCSSZoom?: number }).currentCSSZoom ?? 1);
    const cell = document.querySelector('[data-testid="matrix-result"] td');
    let largest = 0;
    let what = "";
    const roots = [
      document.querySelector('[data-testid="step-view"]')!,
      document.querySelector(".present-bar")!,
    ];
    for (const root of roots) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const e = n.parentElement!;
        if (!n.textContent?.trim() || e.closest(".mbox, .parked") || !e.getClientRects().length)
          continue;
        if (getComputedStyle(e).visibility === "hidden") continue;
        const s = px(e);
        if (s > largest) [largest, what] = [s, `${e.tagName}.${e.className}: ${n.textContent}`];
      }
    }
    return { digits: cell ? px(cell) : 0, largest, what };
  });
}

/** Each formula's parts sit on one line (same top, ±2 px). */
async function expectFormulasOnOneLine(page: Page): Promise<void> {
  const tops = await page
    .getByTestId("step-view")
    .locator(".formulas:not(.parked) .formula")
    .evaluateAll((fs) =>
      fs.map((f) => [...f.querySelectorAll(".fpart")].map((p) => p.getBoundingClientRect().top)),
    );
  for (const t of tops) {
    if (t.length) expect(Math.max(...t) - Math.min(...t), "a formula wraps").toBeLessThanOrEqual(2);
  }
}

async function next(page: Page, n: number): Promise<void> {
  for (let i = 0; i < n; i++) await page.keyboard.press("ArrowRight");
}

const CASES = [
  { id: "small", width: 1280, height: 720, min: 24 },
  { id: "scratch", width: 1280, height: 720, min: 24 },
  { id: "small", width: 1920, height: 1080, min: 32 },
  { id: "hopkins", width: 1280, height: 720, min: 18 },
  { id: "hopkins", width: 1920, height: 1080, min: 32 },
];

for (const c of CASES) {
  test(`presenting ${c.id} at ${c.width}×${c.height}: digits ≥ ${c.min} px, the largest text`, async ({
    page,
  }) => {
    test.slow();
    await present(page, c.id, c.width, c.height);
    // Projection, scores, scale, softmax, weighted sum (per query).
    for (const [at, step] of [
      [0, 1],
      [3, 4],
      [1, 5],
      [2, 7],
      [1, 8],
    ] as const) {
      await next(page, at);
      await expect(page.getByTestId("present-counter")).toHaveText(new RegExp(`^Step ${step} /`));
      const s = await sizes(page);
      expect(s.digits, `step ${step}: digits`).toBeGreaterThanOrEqual(c.min);
      expect(s.digits, `step ${step}: larger than ${s.what}`).toBeGreaterThanOrEqual(s.largest);
      await expectFormulasOnOneLine(page);
      if (step === 4) await snapshot(page, `present-${c.id}-${c.width}x${c.height}`);
    }
  });
}
