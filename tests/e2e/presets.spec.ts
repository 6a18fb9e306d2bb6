// Presets: the published figures of the worked example, and the 512-wide sentence (docs/conventions.md).
import { choosePreset, expect, openApp, snapshot, test } from "./fixtures";

test("the from-scratch preset shows the article's weights and output", async ({ page }) => {
  await openApp(page);
  // One head, 4 queries, no mask, no W_O: 3 + 4 * 4 + 1 (concat) = 20 steps.
  await choosePreset(page, "From scratch", 20);
  const pipeline = page.getByRole("navigation", { name: "Pipeline" });
  await pipeline.locator('[data-stage="6"]').click(); // SoftMax, query 1
  const weights = page.getByTestId("matrix-result");
  await expect(weights).toContainText("0.2361");
  await expect(weights).toContainText("0.0074");
  await expect(weights).toContainText("0.7491");
  await snapshot(page, "from-scratch-softmax");
  await pipeline.locator('[data-stage="7"]').click(); // weighted sum, query 1
  const output = page.getByTestId("matrix-result");
  await expect(output).toContainText("0.9852");
  await expect(output).toContainText("1.7417");
  await expect(output).toContainText("0.7565");
  await expect(page.getByTestId("step-view")).toContainText("0.9852");
});

test("the Anthony Hopkins preset stays usable at d_model 512 with 8 heads", async ({ page }) => {
  await openApp(page);
  await choosePreset(page, "Anthony Hopkins", 8 * (3 + 9 * 4) + 2);
  const view = page.getByTestId("step-view");
  await expect(view).toContainText("9×512");
  await expect(view).toContainText("512×64");
  await page.getByRole("navigation", { name: "Pipeline" }).locator('[data-stage="3"]').click();
  await expect(view).toContainText("Q_1 (9×64) · K_1ᵀ (64×9) → S_1 (9×9)");
  // 8 heat maps, one per head.
  await expect(page.getByRole("group", { name: "Heads" }).getByRole("button")).toHaveCount(8);
  await snapshot(page, "hopkins-scores");
});
