// Embeds that fit an article: a compact step bar that never sticks to the host page, the layout
// chosen by the stepper's own width.
import { expect, snapshot, test } from "./fixtures";
import { articleCss, heightOf, hostPage, inColumn } from "./host-page";

test("in a 680 px column the step bar is compact and scrolls away with the article", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await hostPage(
    page,
    inColumn(`<attention-stepper preset="cross" stage="softmax"></attention-stepper>`),
    articleCss(680),
  );
  const stepper = page.locator("attention-stepper");
  await expect(stepper.getByTestId("step-counter")).toHaveText("Step 6 of 104");
  const bar = stepper.getByTestId("step-bar");
  // Was 319 px, in four rows of controls and tools.
  expect(await heightOf(bar)).toBeLessThanOrEqual(130);
  // The stepper's own width (680 px) decides the layout: the current stage shows in the pipeline.
  const pipeline = stepper.getByRole("navigation", { name: "Pipeline" });
  await pipeline.scrollIntoViewIfNeeded();
  await expect(pipeline.locator('[aria-current="step"]')).toBeInViewport({ ratio: 1 });

  // Scrolled 300 px past the stepper's top, its bar has left the window with it (not sticky).
  await stepper.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top + 300));
  await expect.poll(async () => (await bar.boundingBox())?.y).toBeLessThan(-200);
  await snapshot(page, "embed-column-680");
});

test("in a phone-wide column the step bar stays compact", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await hostPage(
    page,
    inColumn(`<attention-stepper preset="cross" stage="softmax"></attention-stepper>`),
    articleCss(680),
  );
  const stepper = page.locator("attention-stepper");
  await expect(stepper.getByTestId("step-counter")).toHaveText("Step 6 of 104");
  expect(await heightOf(stepper.getByTestId("step-bar"))).toBeLessThanOrEqual(175);
  // The pickers keep their names for screen readers, and the step buttons are all there.
  await expect(stepper.getByRole("combobox", { name: "Query" })).toBeVisible();
  await expect(stepper.getByRole("button", { name: "Last step" })).toBeVisible();
  const pipeline = stepper.getByRole("navigation", { name: "Pipeline" });
  await pipeline.scrollIntoViewIfNeeded();
  await expect(pipeline.locator('[aria-current="step"]')).toBeInViewport({ ratio: 1 });
});

test("embed.html at 641, 680 and 720 px shows the current stage in the pipeline", async ({
  page,
}) => {
  for (const width of [641, 680, 720]) {
    await page.setViewportSize({ width, height: 700 });
    await page.goto("./embed.html?preset=cross&stage=softmax");
    const current = page
      .getByRole("navigation", { name: "Pipeline" })
      .locator('[aria-current="step"]');
    await expect(current).toContainText("SoftMax");
    // Inside the figure's own scroll box too, not clipped away ("Linear Linear Li…").
    await expect(current, `at ${width} px`).toBeInViewport({ ratio: 1 });
  }
});
