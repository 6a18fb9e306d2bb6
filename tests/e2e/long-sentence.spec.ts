// A sentence of 512 tokens, the most the core takes, reaches its first step and steps. The time
// from Apply to the first step and the longest main-thread task are recorded as figures
// (annotations, printed by the line reporter), never asserted: the machine's speed varies.
import { applyWords, expect, openApp, test } from "./fixtures";

test("a 512-token sentence shows its first step and steps on", async ({ page }) => {
  await openApp(page);
  await page.evaluate(() => {
    const w = window as unknown as { longest: number };
    w.longest = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.longest = Math.max(w.longest, e.duration);
    }).observe({ type: "longtask" });
  });
  const words = Array.from({ length: 512 }, (_, i) => `w${i}`);
  await page.getByLabel("Sentence", { exact: true }).fill(words.join(" "));
  const counter = page.getByTestId("step-counter");
  const t0 = await page.evaluate(() => performance.now());
  await page.getByRole("button", { name: "Apply" }).click();
  // 2 heads × (3 projections + 512 queries × 4 stages) + Concat + output projection.
  await expect(counter).toHaveText("Step 1 of 4104");
  const firstStep = (await page.evaluate(() => performance.now())) - t0;
  await page.getByRole("button", { name: "Next step" }).click();
  await expect(counter).toHaveText("Step 2 of 4104");
  await expect(page.getByTestId("step-view")).toContainText("512×");
  const longest = await page.evaluate(() => (window as unknown as { longest: number }).longest);
  test.info().annotations.push({
    type: "figure",
    description: `512 tokens: Apply → first step ${firstStep.toFixed(0)} ms (with Playwright's polling); longest task ${longest.toFixed(0)} ms`,
  });
});

test("at 512 tokens the key lists are windowed, every line still reachable, and the query is a number", async ({
  page,
}) => {
  await openApp(page);
  await applyWords(page, 512);
  const counter = page.getByTestId("step-counter");
  await expect(counter).toHaveText("Step 1 of 4104");
  // Elements of the step on screen (a list of 512 keys drawn whole would be thousands); other
  // stages' parked slots are not drawn (stage-slots.ts).
  const elements = () =>
    page
      .getByTestId("step-view")
      .evaluate(
        (view) => [...view.getElementsByTagName("*")].filter((e) => !e.closest(".parked")).length,
      );
  // SoftMax of query 1 (step 6): 512 weights, of which only the bars in view are drawn.
  await page.getByTestId("step-view").focus();
  for (let i = 2; i <= 6; i++) {
    await page.keyboard.press("ArrowRight");
    await expect(counter).toHaveText(`Step ${i} of 4104`);
  }
  const bars = page.getByTestId("weights-bars");
  await expect(bars.getByRole("listitem").first()).toHaveText(/^w0\d\.\d{4}$/);
  expect(await bars.getByRole("listitem").count()).toBeLessThan(64);
  expect(await elements()).toBeLessThan(1000);
  // The weighted sum (step 7): the last key's line appears once its box is scrolled to the end.
  await page.keyboard.press("ArrowRight");
  await expect(counter).toHaveText("Step 7 of 4104");
  const box = page.getByRole("region", { name: /^Reweighted values, one line per key/ });
  // They start folded (a scroll box of 16 of 512 lines); the summary opens them from the keys.
  await expect(box).toHaveCount(0);
  await page.getByText("Reweighted values: one line per key (512 keys)").focus();
  await page.keyboard.press("Enter");
  const last = box.getByRole("row", { name: /^w511 / });
  await expect(last).toHaveCount(0);
  expect(await elements()).toBeLessThan(1000);
  await box.focus();
  await page.keyboard.press("End");
  await expect(last).toBeVisible();
  await expect(last).toHaveText(/^w511\d\.\d{4}×(-?\d+\.\d{4}|…)+$/);
  await expect(box.getByRole("row", { name: /^o \('w0'\)/ })).toBeVisible();
  await expect(counter).toHaveText("Step 7 of 4104");
  // The query picker of 512 tokens: a number field, its token beside it.
  const query = page.getByLabel("Query", { exact: true });
  await query.fill("512");
  await query.press("Enter");
  await expect(page.getByTestId("step-view")).toContainText("query 512 “w511”");
  await expect(page.getByTestId("step-bar")).toContainText("of 512 · w511");
});
