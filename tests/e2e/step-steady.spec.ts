// Issue 21: a step repaints the step, not the page. The step panel only grows while stepping
// (views/step/keep-height.ts), so the panels under it stay where they are when a step with fewer
// matrices follows one with more; a new scenario starts from its own height again.
import { type Page } from "@playwright/test";
import { choosePreset, expect, focusPage, openApp, test } from "./fixtures";

test.use({ viewport: { width: 1280, height: 800 } });

/** The heat maps panel's top, in page coordinates (it sits under the step up to 1440 px). */
const mapsTop = (page: Page) =>
  page.evaluate(() => {
    const maps = document.querySelector("[data-part='heatmaps']")!;
    return Math.round(maps.getBoundingClientRect().top + window.scrollY);
  });

/** Presses → and waits for the step counter to read `to`. */
async function next(page: Page, to: RegExp): Promise<void> {
  await page.keyboard.press("ArrowRight");
  await expect(page.getByTestId("step-counter")).toHaveText(to);
}

test("the panels under the step stay put when a step shows fewer matrices", async ({ page }) => {
  await openApp(page);
  await focusPage(page);
  const figures = page.getByTestId("step-view").locator(".operands:not(.parked) > figure");
  // Through the projections to the first scores step (two operands and the result).
  for (let k = 2; k <= 4; k++) await next(page, new RegExp(`^Step ${k} of`));
  await expect(figures).toHaveCount(3);
  const top = await mapsTop(page);
  await next(page, /^Step 5 of/); // scale: one operand and the result, a shorter step
  await expect(figures).toHaveCount(2);
  await expect.poll(() => mapsTop(page)).toBe(top);
  // The step's own parts still start at its top: the room kept is under them.
  const step = page.getByTestId("step-view");
  const title = await step.getByRole("heading", { level: 2 }).boundingBox();
  const box = await step.boundingBox();
  expect(title!.y - box!.y).toBeLessThan(40);
});

test("a new scenario lays the step out at its own height again", async ({ page }) => {
  await openApp(page);
  await choosePreset(page, "Anthony Hopkins", 8 * (3 + 9 * 4) + 2);
  await focusPage(page);
  const tall = await page.getByTestId("step-view").boundingBox();
  await choosePreset(page, "From scratch", 20);
  // The small example's first step is far shorter than Hopkins' (a 4×3 X, not 9×512).
  await expect
    .poll(async () => (await page.getByTestId("step-view").boundingBox())!.height)
    .toBeLessThan(tall!.height - 100);
});
