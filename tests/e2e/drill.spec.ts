// Drilling into a cell: every number behind a score, a weight and an output cell, on the
// "From scratch" example (q_1 = [2, 0, 2], k_1 = [2, 2, 2]; weights row 1 0.2361 0.0074 0.7491
// 0.0074; o_11 = 0.9852), and the masked and fully masked cases of "Causal + padding".
import { cellOf as cell, toStage } from "./cells";
import { choosePreset, expect, focusPage, openApp, snapshot, test } from "./fixtures";

test("a score cell shows q, k, their products, the sum and the scaling", async ({ page }) => {
  await openApp(page);
  await choosePreset(page, "From scratch", 20);
  await toStage(page, 4); // Scale, query 1
  const target = cell(page, "matrix-result", "word_1", 0);
  await expect(target).toHaveText("4.6188");
  // Keyboard: focus the cell, Enter opens the panel and moves the focus to its heading.
  await target.focus();
  await page.keyboard.press("Enter");
  const panel = page.getByRole("dialog", { name: /How S̃ \[row 1 'word_1', key 1 'word_1'\]/ });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("heading", { level: 3 })).toBeFocused();
  await expect(panel.getByTestId("drill-row-q")).toHaveText(
    /^q \('word_1'\)\s*2\.0000\s*0\.0000\s*2\.0000$/,
  );
  await expect(panel.getByTestId("drill-row-k")).toHaveText(
    /^k \('word_1'\)\s*2\.0000\s*2\.0000\s*2\.0000$/,
  );
  await expect(panel.getByTestId("drill-row-products")).toHaveText(/4\.0000\s*0\.0000\s*4\.0000$/);
  await expect(panel.getByTestId("drill-sum")).toContainText("4.0000 + 0.0000 + 4.0000 = 8.0000");
  await expect(panel.getByTestId("drill-scaled")).toHaveText(
    "scaled: 8.0000 ÷ √3 = 8.0000 ÷ 1.7321 = 4.6188",
  );
  await snapshot(page, "drill-score");
  // Escape closes it and gives the focus back to the cell.
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(target).toBeFocused();
});

test("a weight cell writes out the softmax of its row, which sums to 1", async ({ page }) => {
  await openApp(page);
  await choosePreset(page, "From scratch", 20);
  await toStage(page, 6); // SoftMax, query 1
  await cell(page, "matrix-result", "word_1", 2).click();
  const panel = page.getByRole("dialog", { name: /How A \[row 1 'word_1', key 3 'word_3'\]/ });
  await expect(panel).toBeVisible();
  const row = (key: string) => panel.getByTestId(`drill-row-${key}`);
  await expect(row("scaled")).toHaveText(/4\.6188\s*1\.1547\s*5\.7735\s*1\.1547$/);
  await expect(row("shifted")).toHaveText(/-1\.1547\s*-4\.6188\s*0\.0000\s*-4\.6188$/);
  await expect(row("exps")).toHaveText(/0\.3152\s*0\.0099\s*1\.0000\s*0\.0099$/);
  await expect(row("weights")).toHaveText(/0\.2361\s*0\.0074\s*0\.7491\s*0\.0074$/);
  await expect(panel.getByTestId("drill-max")).toContainText("max of the row = 5.7735");
  await expect(panel.getByTestId("drill-expsum")).toContainText(
    "0.3152 + 0.0099 + 1.0000 + 0.0099 = 1.3349",
  );
  await expect(panel.getByTestId("drill-weight")).toHaveText(
    "a[1,3] = exp(0.0000) ÷ 1.3349 = 1.0000 ÷ 1.3349 = 0.7491",
  );
  await expect(panel.getByTestId("drill-rowsum")).toHaveText(
    "The row sums to 1: 0.2361 + 0.0074 + 0.7491 + 0.0074 = 1.0000",
  );
  await snapshot(page, "drill-weight");
  await panel.getByRole("button", { name: /Close/ }).click();
  await expect(panel).toBeHidden();
});

test("an output cell is the sum of weight × value terms, beside the value rows", async ({
  page,
}) => {
  await openApp(page);
  await choosePreset(page, "From scratch", 20);
  await toStage(page, 7); // weighted sum, query 1
  await cell(page, "matrix-result", "word_1", 0).click();
  const panel = page.getByRole("dialog", { name: /How O \[row 1 'word_1', column 1\]/ });
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId("drill-row-weights")).toHaveText(
    /0\.2361\s*0\.0074\s*0\.7491\s*0\.0074$/,
  );
  await expect(panel.getByTestId("drill-row-values")).toHaveText(
    /1\.0000\s*0\.0000\s*1\.0000\s*0\.0000$/,
  );
  await expect(panel.getByTestId("drill-row-terms")).toHaveText(
    /0\.2361\s*0\.0000\s*0\.7491\s*0\.0000$/,
  );
  await expect(panel.getByTestId("drill-output-sum")).toHaveText(
    "o[1,1] = 0.2361 + 0.0000 + 0.7491 + 0.0000 = 0.9852",
  );
  // The reweighted values: one bar per key beside that key's value row, the sum row last.
  const table = panel.getByTestId("reweighted-values");
  await expect(
    table.getByRole("row", { name: /^word_3 .*0\.7491.*1\.0000\s*2\.0000\s*1\.0000/ }),
  ).toBeVisible();
  await expect(table.getByRole("row", { name: /^o \('word_1'\)/ })).toContainText("0.9852");
  await snapshot(page, "drill-output");
  await focusPage(page);
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
});

test("masked scores say −∞, and a fully masked row is explained", async ({ page }) => {
  await openApp(page);
  // 5 tokens, 2 heads, mask: 2 * (3 + 5 * 5) + 2 = 58 steps.
  await choosePreset(page, "Causal + padding", 58);
  await toStage(page, 5); // Mask, query 1 "<pad>"
  await focusPage(page);
  await page.keyboard.press("ArrowDown"); // query 2 "the"
  await expect(page.getByTestId("step-view")).toContainText("query 2 “the”");
  await cell(page, "matrix-result", "the", 2).click(); // key "cat": in the future
  const masked = page.getByRole("dialog", { name: /key 3 'cat'/ });
  await expect(masked.getByTestId("drill-masked")).toContainText(
    "The mask hides key 'cat' from query 'the': the masked score is −∞",
  );
  await toStage(page, 6); // SoftMax of "the"
  await page.keyboard.press("ArrowUp"); // back to "<pad>", whose every key is masked
  await cell(page, "matrix-result", "<pad>", 0).click();
  const panel = page.getByRole("dialog", { name: /row 1 '<pad>'/ });
  await expect(panel.getByTestId("drill-fully-masked")).toContainText("Every key is masked");
  await expect(panel.getByTestId("drill-row-weights")).toHaveText(/(\s*0\.0000){5}$/);
  await snapshot(page, "drill-fully-masked");
});

test("the score drill follows the scoring function: general and additive", async ({ page }) => {
  await openApp(page);
  await choosePreset(page, "From scratch", 20);
  const score = page.getByLabel("Score", { exact: true });
  // No Scale step without √d_k: 20 − 4 steps.
  await score.selectOption("general");
  await expect(page.getByTestId("step-counter")).toHaveText(/of 16$/);
  await toStage(page, 3); // scores, query 1
  const target = cell(page, "matrix-result", "word_1", 1);
  const shown = (await target.textContent()) ?? "";
  await target.click();
  let panel = page.getByRole("dialog", { name: /row 1 'word_1', key 2 'word_2'/ });
  await expect(panel.getByTestId("drill-row-q-mapped")).toContainText("q W_a");
  await expect(panel.getByTestId("drill-sum")).toHaveText(new RegExp(`= ${shown}$`));
  await expect(panel.getByTestId("drill-scaled")).toContainText("does not divide by √d_k");

  await score.selectOption("additive");
  await expect(page.getByTestId("step-counter")).toHaveText(/of 16$/);
  await toStage(page, 3);
  const additive = cell(page, "matrix-result", "word_1", 1);
  const value = (await additive.textContent()) ?? "";
  await additive.click();
  panel = page.getByRole("dialog", { name: /row 1 'word_1', key 2 'word_2'/ });
  for (const row of ["hidden-q", "hidden-k", "hidden", "v-a", "products"]) {
    await expect(panel.getByTestId(`drill-row-${row}`)).toBeVisible();
  }
  await expect(panel.getByTestId("drill-row-hidden")).toContainText("tanh(q W_1 + k W_2)");
  await expect(panel.getByTestId("drill-sum")).toHaveText(new RegExp(`= ${value}$`));
  await snapshot(page, "drill-additive");
});

test("Escape closes the panel even when the focus went to the page itself", async ({ page }) => {
  await openApp(page);
  await choosePreset(page, "From scratch", 20);
  await toStage(page, 6); // SoftMax, query 1
  const target = cell(page, "matrix-result", "word_1", 1);
  await target.click();
  const panel = page.getByRole("dialog", { name: /How A \[row 1 'word_1', key 2 'word_2'\]/ });
  await expect(panel).toBeVisible();
  // A click on plain text leaves the focus on the body, as blur() does.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expect(page.locator("body")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(target).toBeFocused();
});
