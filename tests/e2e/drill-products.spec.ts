// Drilling into Q, K, V and the final output Y: a row times a column, every term. On "From
// scratch" (X rows [1,0,0], [0,1,0], [1,1,0], [0,0,1]; W_Q column 1 = [2,2,2], W_K column 2 =
// [2,2,1], W_V column 2 = [1,1,0]) and on the 512-d sentence, whose Y cells have 512 terms.
import type { Locator, Page } from "@playwright/test";
import { cellOf as cell, toStage } from "./cells";
import { choosePreset, expect, openApp, snapshot, test } from "./fixtures";

/** Opens the drill of `target` by click, then by Enter; Escape closes it and refocuses `target`. */
async function clickAndEnter(page: Page, target: Locator, name: RegExp): Promise<Locator> {
  const panel = page.getByRole("dialog", { name });
  await target.click();
  await expect(panel).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(target).toBeFocused();

  await page.keyboard.press("Enter"); // the cell still has the focus
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("heading", { level: 3 })).toBeFocused();
  return panel;
}

async function closeByEscape(page: Page, panel: Locator, target: Locator): Promise<void> {
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(target).toBeFocused();
}

test("a Q cell: a row of X times a column of W_Q, by click and by Enter", async ({ page }) => {
  await openApp(page);
  await choosePreset(page, "From scratch", 20);
  await toStage(page, 0); // Q = X W_Q
  const target = cell(page, "matrix-result", "word_1", 0);
  await expect(target).toHaveText("2.0000");
  const panel = await clickAndEnter(page, target, /How Q \[row 1 'word_1', column 1\]/);
  await expect(panel.getByTestId("drill-term-1")).toHaveText(/^1\s*1\.0000\s*2\.0000\s*2\.0000$/);
  await expect(panel.getByTestId("drill-term-2")).toHaveText(/^2\s*0\.0000\s*2\.0000\s*0\.0000$/);
  await expect(panel.getByTestId("drill-product-sum")).toHaveText(
    "q[1,1] = 2.0000 + 0.0000 + 0.0000 = 2.0000",
  );
  await expect(panel.getByTestId("drill-stored")).toContainText("= 2.0000");
  await snapshot(page, "drill-q");
  await closeByEscape(page, panel, target);
});

test("a K cell and a V cell: a row of X times a column of W_K, W_V", async ({ page }) => {
  await openApp(page);
  await choosePreset(page, "From scratch", 20);
  await toStage(page, 1); // K = X W_K: k_3 = [1,1,0] W_K = [2, 4, 3]
  const k = cell(page, "matrix-result", "word_3", 1);
  let panel = await clickAndEnter(page, k, /How K \[row 3 'word_3', column 2\]/);
  await expect(panel.getByTestId("drill-product-sum")).toHaveText(
    "k[3,2] = 2.0000 + 2.0000 + 0.0000 = 4.0000",
  );
  await closeByEscape(page, panel, k);

  await toStage(page, 2); // V = X W_V: v_3 = [1,1,0] W_V = [1, 2, 1]
  const v = cell(page, "matrix-result", "word_3", 1);
  panel = await clickAndEnter(page, v, /How V \[row 3 'word_3', column 2\]/);
  await expect(panel.getByTestId("drill-term-3")).toHaveText(/^3\s*0\.0000\s*0\.0000\s*0\.0000$/);
  await expect(panel.getByTestId("drill-product-sum")).toHaveText(
    "v[3,2] = 1.0000 + 1.0000 + 0.0000 = 2.0000",
  );
  await closeByEscape(page, panel, v);
});

test("a Y cell of the 512-d sentence: all 512 terms in a scroll box, by head", async ({ page }) => {
  await openApp(page);
  await choosePreset(page, "Anthony Hopkins", 8 * (3 + 9 * 4) + 2);
  await toStage(page, 9); // Y = Concat W_O
  const target = cell(page, "matrix-result", "Anthony", 0);
  const shown = (await target.textContent()) ?? "";
  const panel = await clickAndEnter(page, target, /How Y \[row 1 'Anthony', column 1\]/);
  const box = panel.getByRole("region", { name: /512 rows, scrollable/ });
  await expect(box.locator("tbody tr")).toHaveCount(512);
  // The box scrolls: the last term is out of view until scrolled to, then inspectable.
  expect(await box.evaluate((b) => b.scrollHeight > 2 * b.clientHeight)).toBe(true);
  const last = panel.getByTestId("drill-term-512");
  await expect(last).not.toBeInViewport();
  await last.scrollIntoViewIfNeeded();
  await expect(last).toBeInViewport();
  await expect(last.getByRole("rowheader")).toHaveText("512 (head 8)");
  // The sum, the value stored in the trace and the cell agree; the largest terms are marked.
  await expect(panel.getByTestId("drill-product-sum")).toHaveText(
    new RegExp(`^y\\[1,1\\] = .* \\+ … .* = ${shown} \\(512 terms\\)$`),
  );
  await expect(panel.getByTestId("drill-stored")).toHaveText(new RegExp(`= ${shown}$`));
  await expect(panel.getByTestId("drill-largest")).toContainText("The 5 largest terms");
  await expect(box.locator("tbody tr.hl")).toHaveCount(5);
  await expect(panel.getByTestId("drill-by-head")).toContainText("head 8");
  await snapshot(page, "drill-y");
  await closeByEscape(page, panel, target);
});

test("Escape gives the focus back to a grid cell that was redrawn meanwhile", async ({ page }) => {
  await openApp(page);
  await choosePreset(page, "Anthony Hopkins", 8 * (3 + 9 * 4) + 2);
  await toStage(page, 9);
  const result = page.getByTestId("matrix-result");
  await result.getByRole("button", { name: /Show all 9×512/ }).click();
  const grid = result.getByRole("grid");
  const at = grid.locator('[data-r="0"][data-c="1"]');
  await at.click();
  const panel = page.getByRole("dialog", { name: /How Y \[row 1 'Anthony', column 2\]/ });
  await expect(panel).toBeVisible();
  // Scrolling the virtual grid away and back rebuilds its cells: the opener is gone.
  await at.evaluate((c) => c.setAttribute("data-opener", ""));
  await grid.evaluate((g) => (g.scrollLeft = g.scrollWidth));
  await expect(at).toHaveCount(0);
  await grid.evaluate((g) => (g.scrollLeft = 0));
  await expect(at).toHaveCount(1);
  await expect(grid.locator("[data-opener]")).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(at).toBeFocused();
});
