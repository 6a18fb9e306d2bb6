// The step's visuals (weight bars, reweighted values): more keys than their box shows scroll in
// it with only the lines in view drawn (views/ui/windowed.ts), every line reachable by keyboard;
// a visual of an earlier step is kept off screen and out of the accessibility tree, and comes
// back with the next query's numbers.
import { applyWords, expect, openApp, test } from "./fixtures";

test("40 keys scroll in the visuals' boxes; a visual of an earlier step stays out of reach", async ({
  page,
}) => {
  await openApp(page);
  await applyWords(page, 40);
  const counter = page.getByTestId("step-counter");
  // 2 heads × (3 projections + 40 queries × 4 stages) + Concat + output projection.
  await expect(counter).toHaveText("Step 1 of 328");
  const to = async (n: number) => {
    await page.getByTestId("step-view").focus();
    for (let i = Number((await counter.textContent())!.split(" ")[1]); i < n; i++) {
      await page.keyboard.press("ArrowRight");
      await expect(counter).toHaveText(`Step ${i + 1} of 328`);
    }
  };
  // SoftMax of query 1: 40 bars of 21 px are more than the 378 px box shows.
  await to(6);
  const bars = page.getByTestId("weights-bars");
  await expect(bars.getByRole("listitem").first()).toHaveText(/^w0\d\.\d{4}$/);
  await expect(bars.getByRole("listitem", { name: /^w39/ })).toHaveCount(0);
  const barBox = page.getByRole("region", { name: /^Weights, one bar per key/ });
  await barBox.focus();
  await page.keyboard.press("End");
  await expect(bars.getByRole("listitem").last()).toHaveText(/^w39\d\.\d{4}$/);
  // The weighted sum: 40 lines are more than the 400 px box shows, so they start folded; opened,
  // they scroll in the box and the sum stays in view.
  await to(7);
  await expect(bars).toBeHidden();
  const box = page.getByRole("region", { name: /^Reweighted values, one line per key/ });
  const fold = page.getByText("Reweighted values: one line per key (40 keys)");
  await expect(fold).toBeVisible();
  await expect(box).toHaveCount(0);
  await fold.click();
  const last = box.getByRole("row", { name: /^w39 / });
  await expect(last).toHaveCount(0);
  await box.focus();
  await page.keyboard.press("End");
  await expect(last).toBeVisible();
  await expect(box.getByRole("row", { name: /^o \('w0'\)/ })).toBeVisible();
  // Scores of query 2: no visual; the one kept is neither shown nor read out.
  await to(8);
  const values = page.getByTestId("reweighted-values");
  await expect(values).toBeHidden();
  await expect(page.getByRole("region", { name: /^Reweighted values/ })).toHaveCount(0);
  // The weighted sum of query 2: the same table, still open, with query 2's weights.
  await to(11);
  await expect(values).toBeVisible();
  await expect(box.getByRole("row", { name: /^o \('w1'\)/ })).toBeVisible();
});
