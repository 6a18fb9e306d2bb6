// The Score select: dot product without √d_k, general (bilinear) and additive scoring; the
// pipeline and the step sequence adapt (no Scale step unless scaled).
import { type Page } from "@playwright/test";
import { choosePreset, expect, openApp, snapshot, test } from "./fixtures";
import { attention, cell, SCRATCH } from "./reference";

const at = (r: number, c: number) => `[data-r="${r}"][data-c="${c}"]`;

async function chooseScore(page: Page, label: string, totalSteps: number): Promise<void> {
  await page.getByLabel("Score", { exact: true }).selectOption({ label });
  await expect(page.getByTestId("step-counter")).toHaveText(new RegExp(`of ${totalSteps}$`));
}

function stage(page: Page, s: number) {
  return page.getByRole("navigation", { name: "Pipeline" }).locator(`[data-stage="${s}"]`);
}

test("the dot product gives softmax(q · k) without √d_k and drops the Scale steps", async ({
  page,
}) => {
  await openApp(page);
  await choosePreset(page, "From scratch", 20);
  await expect(page.getByLabel("Score", { exact: true })).toHaveValue("scaled_dot");
  // 20 steps minus one Scale step per query (4 queries).
  await chooseScore(page, "Dot product — Luong", 16);
  await expect(stage(page, 4)).toBeDisabled();

  await stage(page, 6).click(); // SoftMax, query 1
  const ref = attention(SCRATCH.x_q, SCRATCH.w_q, SCRATCH.w_k, SCRATCH.w_v, false);
  const weights = page.getByTestId("matrix-result");
  for (const [c, v] of ref.weights[0]!.entries()) {
    await expect(weights.locator(at(0, c))).toHaveText(cell(v));
  }
  // Not the scaled figure of the article (0.2361).
  expect(cell(ref.weights[0]![0]!)).not.toBe("0.2361");
  await snapshot(page, "score-dot");

  // Back to the scaled dot product: the Scale stage and the published weights return.
  await chooseScore(page, "Scaled dot product — Vaswani", 20);
  await expect(stage(page, 4)).toBeEnabled();
  await stage(page, 6).click();
  await expect(page.getByTestId("matrix-result").locator(at(0, 0))).toHaveText("0.2361");
});

test("general scoring reads W_a between Q and Kᵀ", async ({ page }) => {
  await openApp(page);
  await choosePreset(page, "From scratch", 20);
  await chooseScore(page, "General / bilinear qᵀW k — Luong", 16);
  await stage(page, 3).click();
  const view = page.getByTestId("step-view");
  await expect(page.getByTestId("matrix-operand-1")).toContainText("W");
  await expect(page.getByTestId("matrix-operand-1")).toContainText("3×3");
  await expect(view.getByLabel("Formula", { exact: true })).toContainText("W");
  await expect(view).toContainText("general");
  await snapshot(page, "score-general");

  // W_a is an input: editing it changes the scores. Row 1 of S is q_1 W_a Kᵀ.
  const wa = page.getByTestId("matrix-operand-1").locator(at(0, 0));
  const s11 = page.getByTestId("matrix-result").locator(at(0, 0));
  const before = await s11.textContent();
  await wa.dblclick();
  const editor = page.getByRole("textbox", { name: /^Edit W_a row 1, column 1/ });
  await editor.fill("5");
  await editor.press("Enter");
  await expect(wa).toHaveText("5.0000");
  await expect(wa).toHaveClass(/edited/);
  await expect(s11).not.toHaveText(before ?? "");

  // Back to the scaled dot product: W_a is gone, and so is its edit (said in the status line).
  await chooseScore(page, "Scaled dot product — Vaswani", 20);
  await expect(page.getByText("1 edit(s) of the previous scoring matrices dropped.")).toBeVisible();
  await expect(page.getByTestId("edit-count")).toContainText("No edits");
});

test("additive scoring reads W_1, W_2 and v_a", async ({ page }) => {
  await openApp(page);
  await chooseScore(page, "Additive vᵀtanh(W₁q + W₂k) — Bahdanau", 56 - 2 * 6);
  await stage(page, 3).click();
  const view = page.getByTestId("step-view");
  await expect(view.getByLabel("Formula", { exact: true })).toContainText("tanh");
  // Q, W_1, K, W_2, v_a.
  await expect(page.getByTestId("matrix-operand-4")).toBeVisible();
  await expect(view).toContainText("additive");
  await snapshot(page, "score-additive");
});
