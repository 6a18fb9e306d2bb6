// Meaning in words: every cell says what it is (tooltip on hover, inspector line on focus), the
// SoftMax step draws the query's weights as bars, the weighted sum shows the reweighted values,
// and the result matrix is a table captioned with its label and shape.
import { cellOf as cell, toStage } from "./cells";
import { choosePreset, expect, openApp, snapshot, test } from "./fixtures";

test("hovering or focusing a cell says what it means, with tokens and value", async ({ page }) => {
  await openApp(page);
  await choosePreset(page, "From scratch", 20);
  // Step 1 projects the queries: X · W_Q = Q.
  const x = cell(page, "matrix-operand-0", "word_3", 1);
  await x.hover();
  await expect(x).toHaveAttribute(
    "title",
    "dimension 2 of the input vector of 'word_3' (embedding) = 1.0000",
  );
  const w = cell(page, "matrix-operand-1", "1", 2);
  await w.focus();
  await expect(page.getByTestId("matrix-operand-1").locator(".inspect")).toContainText(
    "weight from input dimension 1 to query dimension 3 of head 1 = 2.0000",
  );
  const q = cell(page, "matrix-result", "word_1", 2);
  await q.focus();
  await expect(page.getByTestId("matrix-result").locator(".inspect")).toContainText(
    "component 3 of the query vector of 'word_1' in head 1 = 2.0000",
  );

  await toStage(page, 3); // scores: Q · Kᵀ, query 1
  // Kᵀ is drawn transposed: its row 2, column 'word_2' is component 2 of k_2 = [0, 2, 1].
  const kT = cell(page, "matrix-operand-1", "2", 1);
  await kT.hover();
  await expect(kT).toHaveAttribute(
    "title",
    "component 2 of the key vector of 'word_2' in head 1 = 2.0000",
  );

  await toStage(page, 4); // Scale, query 1
  const scaled = cell(page, "matrix-result", "word_1", 0);
  await scaled.hover();
  await expect(scaled).toHaveAttribute(
    "title",
    "scaled score of query 'word_1' against key 'word_1' in head 1: q·k / √d_k = 4.6188",
  );

  await toStage(page, 6); // SoftMax, query 1
  const weight = cell(page, "matrix-result", "word_1", 2);
  await weight.focus();
  const inspect = page.getByTestId("matrix-result").locator(".inspect");
  await expect(inspect).toContainText("'word_1' gives 0.7491 of its attention to 'word_3'");
  await weight.hover();
  await expect(weight).toHaveAttribute(
    "title",
    /^'word_1' gives 0\.7491 of its attention to 'word_3'/,
  );

  await toStage(page, 7); // weighted sum
  const out = cell(page, "matrix-result", "word_1", 0);
  await out.hover();
  await expect(out).toHaveAttribute(
    "title",
    "component 1 of the output for 'word_1' in head 1: a weighted sum of the value vectors = 0.9852",
  );
  await snapshot(page, "meaning-output-hover");
});

test("SoftMax shows the query's weights as one bar per key", async ({ page }) => {
  await openApp(page);
  await choosePreset(page, "From scratch", 20);
  await toStage(page, 6);
  const bars = page.getByTestId("weights-bars");
  await expect(bars).toContainText("Weights of query 'word_1' in head 1");
  const items = bars.getByRole("listitem");
  await expect(items).toHaveCount(4);
  const expected = ["0.2361", "0.0074", "0.7491", "0.0074"];
  for (let j = 0; j < 4; j++) {
    await expect(items.nth(j)).toHaveText(`word_${j + 1}${expected[j]}`);
  }
  await expect(bars).toContainText("sum of the weights = 1.0000");
  // The result matrix is a table named by its caption: label and shape.
  await expect(page.getByTestId("matrix-result").locator("caption")).toHaveText(/^A, 4×4/);
  await expect(
    page.getByTestId("matrix-result").getByRole("grid", { name: /^A, 4×4/ }),
  ).toBeVisible();
  await snapshot(page, "meaning-weight-bars");
});

test("the weighted sum shows the output row as the reweighted value rows", async ({ page }) => {
  await openApp(page);
  await choosePreset(page, "From scratch", 20);
  await toStage(page, 7);
  const table = page.getByTestId("step-view").getByTestId("reweighted-values");
  await expect(table.getByRole("row")).toHaveCount(2 + 4 + 1);
  // Four keys fit their box: shown whole, with no summary to open (a long sentence's is folded).
  await expect(page.getByText(/^Reweighted values: one line per key/)).toBeHidden();
  await expect(table.getByRole("row", { name: /^word_1 .*0\.2361/ })).toContainText("1.0000");
  await expect(table.getByRole("row", { name: /^o \('word_1'\)/ })).toHaveText(
    /0\.9852\s*1\.7417\s*0\.7565$/,
  );
});
