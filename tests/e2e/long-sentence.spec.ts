// A sentence of 512 tokens, the most the core takes, reaches its first step and steps. The time
// from Apply to the first step and the longest main-thread task are recorded as figures
// (annotations, printed by the line reporter), never asserted: the machine's speed varies.
import { expect, openApp, test } from "./fixtures";

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
