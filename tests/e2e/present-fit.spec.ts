// Presentation mode scales the step to the screen: on 1280×720 and 1920×1080 the formula, the
// operands and the result are all on screen, as large as fits, and the step counter never covers
// them; a huge scenario keeps a readable size and scrolls the rest.
import type { Locator, Page } from "@playwright/test";
import { expect, focusPage, test } from "./fixtures";

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const SCREENS = [
  { width: 1920, height: 1080 },
  { width: 1280, height: 720 },
];
/** Steps shown (1-based): projections, scores, softmax, weighted sum, and the last ones. */
const PRESETS = [
  { id: "small", total: 56, steps: [1, 4, 6, 7, 55, 56] },
  { id: "scratch", total: 20, steps: [1, 4, 6, 7, 20] },
];
/** The smallest cell digits allowed at 1920×1080 for these small scenarios, in px. */
const MIN_DIGITS_1080 = 32;

const counter = (page: Page) => page.getByTestId("present-counter");

/** Opens preset `id` in presentation mode. */
async function present(page: Page, id: string, total: number): Promise<void> {
  await page.goto(`./#p=${id}`);
  await expect(page.getByTestId("step-counter")).toHaveText(`Step 1 of ${total}`);
  await focusPage(page);
  await page.keyboard.press("p");
  await expect(counter(page)).toHaveText(`Step 1 / ${total}`);
}

/** Moves to step `n` (1-based) with the keys, from Home or End, whichever is nearer. */
async function goTo(page: Page, n: number, total: number): Promise<void> {
  const fromEnd = total - n < n - 1;
  await page.keyboard.press(fromEnd ? "End" : "Home");
  const key = fromEnd ? "ArrowLeft" : "ArrowRight";
  for (let i = 0; i < (fromEnd ? total - n : n - 1); i++) await page.keyboard.press(key);
  await expect(counter(page)).toHaveText(`Step ${n} / ${total}`);
}

/** The rendered size in px of `matrix`'s digits: the font size times the zoom of its table. */
const digitSize = (matrix: Locator) =>
  matrix
    .locator("table")
    .evaluate(
      (t: HTMLElement) =>
        (parseFloat(getComputedStyle(t).fontSize) * t.getBoundingClientRect().height) /
        t.offsetHeight,
    );

const inside = (b: Box, w: number, h: number) =>
  b.x >= 0 && b.y >= 0 && b.x + b.width <= w + 0.5 && b.y + b.height <= h + 0.5;
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * The formulas, every operand and the result: on screen (scrolled to inside the step box when
 * they do not all fit: larger digits, scrolling what cannot fit), clear of the
 * counter.
 */
async function expectWholeStep(page: Page, width: number, height: number): Promise<void> {
  const view = page.getByTestId("step-view");
  const parts = [
    view.locator(".formulas:not(.parked)"),
    ...(await view.locator(".operands:not(.parked) figure.matrix").all()),
  ];
  expect(parts.length).toBeGreaterThanOrEqual(3);
  const bar = await page.locator(".present-bar").boundingBox();
  expect(bar && inside(bar, width, height)).toBe(true);
  for (const part of parts) {
    await part.evaluate((e) => e.scrollIntoView({ block: "nearest", inline: "nearest" }));
    const box = await part.boundingBox();
    const name = await part.evaluate((e) => e.dataset.testid ?? e.className);
    expect(box && inside(box, width, height), `${name} on a ${width}×${height} screen`).toBe(true);
    expect(overlap(box!, bar!), `the counter covers ${name}`).toBe(false);
  }
}

for (const screen of SCREENS) {
  for (const preset of PRESETS) {
    test(`presenting ${preset.id} on ${screen.width}×${screen.height}: the whole step fits`, async ({
      page,
    }) => {
      test.slow(); // a dozen steps, each drawn and fitted
      await page.setViewportSize(screen);
      await present(page, preset.id, preset.total);
      for (const n of preset.steps) {
        await goTo(page, n, preset.total);
        await expectWholeStep(page, screen.width, screen.height);
        if (screen.height === 1080) {
          const digits = await digitSize(page.getByTestId("matrix-result"));
          expect(digits, `digits on step ${n}`).toBeGreaterThanOrEqual(MIN_DIGITS_1080);
        }
      }
    });
  }
}

test("a larger screen shows the same step larger", async ({ page }) => {
  await page.setViewportSize(SCREENS[1]!);
  await present(page, "small", 56);
  await goTo(page, 4, 56);
  const result = page.getByTestId("matrix-result");
  const small = await digitSize(result);
  await page.setViewportSize(SCREENS[0]!);
  await expect.poll(() => digitSize(result)).toBeGreaterThan(small * 1.3);
  await expectWholeStep(page, 1920, 1080);
});

test("Hopkins (d_model 512) stays readable and scrolls what does not fit", async ({ page }) => {
  test.slow(); // 512-wide matrices
  await page.setViewportSize(SCREENS[0]!);
  const total = 8 * (3 + 9 * 4) + 2;
  await present(page, "hopkins", total);
  const step = page.getByTestId("step-view");
  const result = page.getByTestId("matrix-result");
  // The projection X (9×512) · W_Q (512×64) = Q_1 does not fit at a readable size: it scrolls.
  expect(await digitSize(result)).toBeGreaterThanOrEqual(15);
  expect(await step.evaluate((e) => e.scrollHeight > e.clientHeight)).toBe(true);
  await result.scrollIntoViewIfNeeded();
  await expect(result).toBeInViewport();
  const bar = await page.locator(".present-bar").boundingBox();
  expect(overlap((await result.boundingBox())!, bar!)).toBe(false);
  // The keys still step, and the scores (Q_1 · K_1ᵀ, 9×9) fit whole.
  await goTo(page, 4, total);
  await expect(step).toContainText("S_1 (9×9)");
  await expectWholeStep(page, 1920, 1080);
  expect(await digitSize(result)).toBeGreaterThanOrEqual(15);
});
