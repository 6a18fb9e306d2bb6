// Stepping through the default scenario: buttons, keys, pickers and the pipeline.
import { choosePreset, expect, focusPage, openApp, snapshot, test } from "./fixtures";

test("the page loads the wasm module and shows the first step", async ({ page }) => {
  await openApp(page);
  // 6 tokens, 2 heads, no mask, with W_O: 2 * (3 + 6 * 4) + 2 = 56 steps.
  await expect(page.getByTestId("step-counter")).toHaveText("Step 1 of 56");
  const view = page.getByTestId("step-view");
  await expect(view.getByRole("heading", { level: 2 })).toHaveText("Linear: project the queries");
  await expect(view).toContainText("Head 1 of 2");
  await expect(page.getByTestId("matrix-result")).toContainText("6×4");
  await expect(page.getByTestId("heatmap")).toBeVisible();
  await snapshot(page, "default-first-step");
});

test("steps forward and back by button and by key", async ({ page }) => {
  await openApp(page);
  const counter = page.getByTestId("step-counter");
  await page.getByRole("button", { name: "Next step" }).click();
  await expect(counter).toHaveText("Step 2 of 56");
  await focusPage(page);
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(counter).toHaveText("Step 4 of 56");
  // Step 4 is the first query's row of scores in head 1.
  await expect(page.getByTestId("step-view")).toContainText("query 1 “the”");
  await page.keyboard.press("ArrowLeft");
  await expect(counter).toHaveText("Step 3 of 56");
  await page.getByRole("button", { name: "Previous step" }).click();
  await expect(counter).toHaveText("Step 2 of 56");
  await page.keyboard.press("End");
  await expect(counter).toHaveText("Step 56 of 56");
  await expect(page.getByTestId("step-view").getByRole("heading", { level: 2 })).toHaveText(
    "Linear: output projection",
  );
  await page.keyboard.press("Home");
  await expect(counter).toHaveText("Step 1 of 56");
});

test("switches head and query by picker and by key", async ({ page }) => {
  await openApp(page);
  const view = page.getByTestId("step-view");
  await page.getByRole("button", { name: "Next step" }).click();
  await page.getByRole("button", { name: "Next step" }).click();
  await page.getByRole("button", { name: "Next step" }).click();
  await expect(view).toContainText("Head 1 of 2 · query 1 “the”");
  await page.getByLabel("Head", { exact: true }).selectOption({ label: "Head 2" });
  await expect(view).toContainText("Head 2 of 2 · query 1 “the”");
  await page.getByLabel("Query", { exact: true }).selectOption({ index: 2 });
  await expect(view).toContainText("Head 2 of 2 · query 3 “sat”");
  await focusPage(page);
  await page.keyboard.press("ArrowDown");
  await expect(view).toContainText("query 4 “on”");
  await page.keyboard.press("[");
  await expect(view).toContainText("Head 1 of 2 · query 4 “on”");
  await page.keyboard.press("ArrowUp");
  await expect(view).toContainText("query 3 “sat”");
});

test("the pipeline jumps to a stage and lights it", async ({ page }) => {
  await openApp(page);
  const softmax = page.getByRole("navigation", { name: "Pipeline" }).locator('[data-stage="6"]');
  await softmax.click();
  await expect(softmax).toHaveAttribute("aria-current", "step");
  await expect(page.getByTestId("step-view").getByRole("heading", { level: 2 })).toHaveText(
    "SoftMax over each row",
  );
  await expect(page.getByTestId("step-view")).toContainText("sum to 1");
});

test("space plays and pauses", async ({ page }) => {
  await openApp(page);
  await focusPage(page);
  await page.keyboard.press(" ");
  await expect(page.getByTestId("step-counter")).not.toHaveText("Step 1 of 56", { timeout: 5000 });
  await page.keyboard.press(" ");
  const stopped = await page.getByTestId("step-counter").textContent();
  await page.waitForTimeout(1500);
  await expect(page.getByTestId("step-counter")).toHaveText(stopped ?? "");
});

test("per-matrix granularity has one step per whole matrix per head", async ({ page }) => {
  await openApp(page);
  await page.getByLabel("Granularity").selectOption({ label: "Per matrix" });
  // 2 heads * (3 projections + scores, scale, softmax, weighted sum) + concat + output = 16.
  await expect(page.getByTestId("step-counter")).toHaveText(/of 16$/);
});

test("cross-attention shows 12 queries over 9 keys", async ({ page }) => {
  await openApp(page);
  await choosePreset(page, "Cross-attention", 2 * (3 + 12 * 4) + 2);
  await page.getByRole("navigation", { name: "Pipeline" }).locator('[data-stage="3"]').click();
  await expect(page.getByTestId("matrix-result")).toContainText("12×9");
  await snapshot(page, "cross-attention-scores");
});
