// Split and concat made visible on the paper's sizes: (1, 9, 512) → (1, 8, 9, 64) on projection
// steps with each head's column range, and the reverse on Concat, naming the axis.
import { choosePreset, expect, openApp, snapshot, test } from "./fixtures";

const HOPKINS_STEPS = 8 * (3 + 9 * 4) + 2;

test("a projection step shows how (1, 9, 512) becomes (1, 8, 9, 64)", async ({ page }) => {
  await openApp(page);
  await choosePreset(page, "Anthony Hopkins", HOPKINS_STEPS);
  await page.getByLabel("Head", { exact: true }).selectOption({ label: "Head 2" });
  await expect(page.getByTestId("step-view")).toContainText("Head 2 of 8");
  const panel = page.getByTestId("split-panel");
  await expect(panel.getByRole("heading")).toHaveText("Split Q into 8 heads");
  // Collapsed under its title (the step's matrices come first): opened here.
  await panel.getByRole("heading").click();
  await expect(panel).toContainText(
    "(1, 9, 512) → reshape (1, 9, 8, 64) → transpose (1, 8, 9, 64)",
  );
  await expect(panel.getByRole("listitem").filter({ hasText: "head 2:" })).toHaveText(
    "head 2: columns 65–128 of Q",
  );
  await expect(panel.getByRole("listitem").filter({ hasText: "head 8:" })).toHaveText(
    "head 8: columns 449–512 of Q",
  );
  await snapshot(page, "split-hopkins");
  // The value projection splits V the same way.
  await page.getByRole("button", { name: "Next step" }).click();
  await page.getByRole("button", { name: "Next step" }).click();
  await expect(page.getByTestId("split-panel").getByRole("heading")).toHaveText(
    "Split V into 8 heads",
  );
});

test("the Concat step says heads are concatenated along the last axis", async ({ page }) => {
  await openApp(page);
  await choosePreset(page, "Anthony Hopkins", HOPKINS_STEPS);
  await page.getByRole("navigation", { name: "Pipeline" }).locator('[data-stage="8"]').click();
  const panel = page.getByTestId("concat-panel");
  await expect(panel.getByRole("heading")).toHaveText(
    "Concatenate the heads along the last axis (columns)",
  );
  await panel.getByRole("heading").click(); // collapsed by default
  await expect(panel).toContainText(
    "(1, 8, 9, 64) → transpose (1, 9, 8, 64) → reshape (1, 9, 512)",
  );
  await expect(panel).toContainText("Heads are concatenated along the last axis, the columns");
  await expect(panel.getByRole("listitem").filter({ hasText: "head 2:" })).toHaveText(
    "head 2: columns 65–128 of Concat",
  );
  await snapshot(page, "concat-hopkins");
});
