// On a phone (390×844): the step bar (previous / play / next, the counter, head and query) stays
// on screen while the page scrolls, and a matrix wider than the screen says that it scrolls.
import { expect, openApp, snapshot, test } from "./fixtures";
import { toStage } from "./cells";

test.use({ viewport: { width: 390, height: 844 } });

test("the step bar stays at the top of a phone's screen and steps", async ({ page }) => {
  await openApp(page);
  const bar = page.getByTestId("step-bar");
  const next = page.getByRole("button", { name: "Next step" });
  const counter = page.getByTestId("step-counter");
  // Compact: the bar is not the whole old control block (~300 px).
  const height = (await bar.boundingBox())!.height;
  expect(height).toBeLessThanOrEqual(110);

  // Far down the page, at the heat maps: the bar is still there, at the top.
  await page.getByRole("region", { name: "Attention weights" }).scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(600);
  await expect(next).toBeInViewport();
  await expect(counter).toBeInViewport();
  await expect(page.getByLabel("Head", { exact: true })).toBeInViewport();
  await expect(page.getByLabel("Query", { exact: true })).toBeInViewport();
  await expect(page.getByRole("button", { name: "Previous step" })).toBeInViewport();
  await expect(page.getByRole("button", { name: "Play" })).toBeInViewport();
  expect((await bar.boundingBox())!.y).toBeLessThanOrEqual(1);

  await next.click();
  await expect(counter).toHaveText("Step 2 of 56");
  await page.getByRole("button", { name: "Previous step" }).click();
  await expect(counter).toHaveText("Step 1 of 56");
  await expect(counter).toBeInViewport();
  // Granularity and speed scroll away with the page.
  await expect(page.getByLabel("Speed", { exact: true })).not.toBeInViewport();
  await snapshot(page, "phone-scrolled");
});

test("a matrix wider than a phone is a named, focusable scroll region", async ({ page }) => {
  await openApp(page);
  await toStage(page, 3); // scores: Q_1 (6×4) · K_1ᵀ (4×6) → S_1 (6×6)
  await expect(page.getByTestId("step-counter")).toHaveText("Step 4 of 56");
  const wide = page.getByRole("region", { name: /^S_1, 6×6: scrolls sideways/ });
  await expect(wide).toBeVisible();
  await expect(page.getByTestId("matrix-result").getByText("scroll →")).toBeVisible();
  // Q_1 (4 columns) fits: no region, no cue.
  const narrow = page.getByTestId("matrix-operand-0");
  await expect(narrow.getByRole("region")).toHaveCount(0);
  await expect(narrow.getByText("scroll →")).toBeHidden();

  // Tab reaches the region; its arrows scroll it instead of stepping.
  await wide.focus();
  await expect(wide).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => wide.evaluate((e) => e.scrollLeft)).toBeGreaterThan(0);
  await expect(page.getByTestId("step-counter")).toHaveText("Step 4 of 56");
});

test("on a wide screen the same matrices fit and are not marked", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openApp(page);
  await toStage(page, 3);
  await expect(page.getByTestId("matrix-result")).toBeVisible();
  await expect(page.getByTestId("step-view").getByRole("region")).toHaveCount(0);
  await expect(page.getByTestId("step-view").getByText("scroll →")).toHaveCount(0);
});
