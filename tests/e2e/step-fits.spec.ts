// Issue 20, item 1 (in part): the step in view. At 1280×800 the top bar takes at most 80 px
// (was 171), and from a page scrolled away Next brings the step back, its title just under the
// sticky bar (it was at −504 px); on a phone the same, under its sticky step bar.
import { type Page } from "@playwright/test";
import { expect, focusPage, snapshot, test } from "./fixtures";

/** The boxes that matter, in window coordinates (px): the sticky bar, the title, the result. */
function measure(page: Page) {
  return page.evaluate(() => {
    const box = (e: Element | null) => {
      const r = e?.getBoundingClientRect();
      return r ? { top: Math.round(r.top), bottom: Math.round(r.bottom) } : null;
    };
    const step = document.querySelector('[data-testid="step-view"]')!;
    // A phone's top bar is display: contents; its step bar is the sticky part.
    const top = document.querySelector('[data-testid="topbar"]')!;
    const bar = top.getBoundingClientRect().height > 0 ? top : document.querySelector(".step-bar");
    return {
      bar: box(bar),
      title: box(step.querySelector(".step-title")),
      result: box(step.querySelector('[data-testid="matrix-result"]')),
    };
  });
}

/** Presses Next and waits for the counter to move. */
async function next(page: Page): Promise<void> {
  const counter = page.getByTestId("step-counter");
  const before = (await counter.textContent()) ?? "";
  await page.keyboard.press("ArrowRight");
  await expect(counter).not.toHaveText(before);
}

/**
 * From a page scrolled `by` px down, Next `n` times: each time the step's title comes back on
 * screen, just under the sticky bar unless the whole step down to its result is on screen.
 * Prints where the result lands (the step is still taller than the screen on small presets).
 */
async function nextKeepsStepInView(page: Page, by: number, n: number): Promise<void> {
  const height = page.viewportSize()!.height;
  for (let i = 0; i < n; i++) {
    await page.evaluate((y) => window.scrollBy(0, y), by);
    await next(page);
    const where = `after Next #${i + 1}`;
    await expect
      .poll(async () => (await measure(page)).title!.top, where)
      .toBeGreaterThanOrEqual(Math.max(0, (await measure(page)).bar!.bottom));
    const m = await measure(page);
    const under = Math.max(0, m.bar!.bottom);
    // The title just under the bar, or the whole step down to its result on screen.
    const resultShown = m.result!.bottom <= height;
    if (!resultShown)
      expect(m.title!.top, `${where}: title under the bar`).toBeLessThanOrEqual(under + 24);
    expect(m.title!.top, `${where}: title on screen`).toBeLessThan(height);
    const measured = `${where}: title ${m.title!.top} px, result ${m.result!.top}–${m.result!.bottom} px`;
    test.info().annotations.push({ type: "measured", description: measured });
  }
}

for (const preset of ["small", "scratch", "learned", "hopkins"]) {
  test(`at 1280×800 on ${preset}: a top bar ≤ 80 px, and Next brings the step into view`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`./#p=${preset}`);
    await expect(page.getByTestId("step-counter")).toHaveText(/^Step 1 of \d+$/);
    const m = await measure(page);
    // One row of step controls over a slim row of tools: was 171 px.
    expect(m.bar!.bottom - m.bar!.top, "top bar height").toBeLessThanOrEqual(80);
    await snapshot(page, `step-fits-${preset}-first`);
    await focusPage(page);
    await nextKeepsStepInView(page, 700, 6);
    await snapshot(page, `step-fits-${preset}-after-next`);
  });
}

test("on a phone Next brings the step's title back under the step bar", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("./#p=small");
  await expect(page.getByTestId("step-counter")).toHaveText(/^Step 1 of /);
  await focusPage(page);
  await nextKeepsStepInView(page, 600, 8);
  await snapshot(page, "step-fits-phone");
});
