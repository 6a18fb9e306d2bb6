// Each stage keeps its formulas and matrices in a slot of its own (stage-slots.ts): the next
// query's step of a stage finds its figures and formulas on the page and changes only the texts
// and marks that differ; a formula whose numbers change sign keeps its MathML elements.
import { expect, focusPage, openApp, stepForward, test } from "./fixtures";

test("a matrix figure is never taken off the page: each stage keeps its own", async ({ page }) => {
  await openApp(page);
  await focusPage(page);
  await stepForward(page, 3); // scores: two operands and the result
  // Which figures leave a slot, and how many figures the slot on screen holds after each step.
  await page.evaluate(() => {
    const log: string[] = [];
    (window as unknown as { removed: string[] }).removed = log;
    new MutationObserver((records) => {
      for (const r of records)
        for (const n of r.removedNodes)
          if (n instanceof HTMLElement && n.matches("figure")) log.push(n.dataset.testid ?? "?");
    }).observe(document.querySelector(".operand-slots")!, { childList: true, subtree: true });
  });
  const figures = page.getByTestId("step-view").locator(".operands:not(.parked) > figure");
  await expect(figures).toHaveCount(3);
  await stepForward(page, 1); // scale: one operand and the result
  await expect(figures).toHaveCount(2);
  await stepForward(page, 2); // softmax, then the weighted sum: two operands again
  await expect(figures).toHaveCount(3);
  await stepForward(page, 4); // the next query's scores, scale, softmax, weighted sum
  await expect(figures).toHaveCount(3);
  // Re-inserting a figure rebuilds the layout of all its cells: none leaves.
  const removed = await page.evaluate(() => (window as unknown as { removed: string[] }).removed);
  expect(removed).toEqual([]);
});

test("the next query's step of a stage changes only the texts that differ", async ({ page }) => {
  await openApp(page);
  await focusPage(page);
  await stepForward(page, 6); // projections, then query 1: scores, scale, softmax, weighted sum
  // The caption rows' parts ("row 1 = s_1"), each stage's, marked; and the texts written in the
  // step view while it goes to query 2's scores.
  await page.evaluate(() => {
    for (const e of document.querySelectorAll(".mpart, .mpart *"))
      (e as unknown as { kept: boolean }).kept = true;
    const w = window as unknown as { texts: number };
    w.texts = 0;
    new MutationObserver((records) => {
      for (const r of records)
        w.texts += r.type === "characterData" ? 1 : r.addedNodes.length + r.removedNodes.length;
    }).observe(document.querySelector('[data-testid="step-view"]')!, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  await stepForward(page, 1);
  await expect(page.getByTestId("step-view").getByRole("heading", { level: 2 })).toHaveText(
    "MatMul: scores Q Kᵀ",
  );
  await expect(page.getByTestId("step-view")).toContainText("query 2");
  // The result's caption row names the row now written: its part's texts are rewritten, and
  // its elements (the MathML label's too) stay.
  const part = page.getByTestId("matrix-result").locator(".mpart");
  await expect(part).toHaveCount(1);
  await expect(part).toContainText("row 2 =");
  await expect(part.getByRole("math")).toContainText("s2");
  const fresh = await part.evaluate((p) =>
    [p, ...p.querySelectorAll("*")].filter((e) => !(e as unknown as { kept?: boolean }).kept),
  );
  expect(fresh).toHaveLength(0);
  // The tables (Q, Kᵀ, S: 6×4, 4×6, 6×6) keep their numbers, only their marks move; the
  // heading and the formula's numbers change (43). Drawn in one place for all stages: 244.
  const texts = await page.evaluate(() => (window as unknown as { texts: number }).texts);
  expect(texts).toBeLessThan(60);
});

test("a formula whose numbers change sign keeps its elements from query to query", async ({
  page,
}) => {
  await openApp(page);
  await focusPage(page);
  await stepForward(page, 4); // query 1's scale: s̃ = [s_1,1 … s_1,6] / √4 = [ … ]
  const numbers = page.locator(".formulas:not(.parked) .formula.numbers");
  // Each element of the formula on screen, marked; and its signs.
  const signs = () => numbers.evaluate((f) => f.textContent!.replace(/[^−]/g, "").length);
  const before = await signs();
  await numbers.evaluate((f) =>
    f.querySelectorAll("*").forEach((e) => ((e as unknown as { kept: boolean }).kept = true)),
  );
  await stepForward(page, 4); // query 2's scale
  await expect(page.getByTestId("step-view")).toContainText("query 2");
  // The small preset's two queries have scores of other signs: the formula still has the same
  // elements, its texts rewritten (a sign is part of its number: no prefix operator).
  expect(await signs()).not.toBe(before);
  const fresh = await numbers.evaluate(
    (f) =>
      [...f.querySelectorAll("*")].filter((e) => !(e as unknown as { kept?: boolean }).kept).length,
  );
  expect(fresh).toBe(0);
  await expect(numbers.locator('mo[form="prefix"]')).toHaveCount(0);
});

test("a new scenario leaves no stage's slot of the last one on the page", async ({ page }) => {
  await openApp(page);
  await focusPage(page);
  await stepForward(page, 6); // every stage of query 1 has its slot; the weighted sum shows
  await expect(page.locator(".operands.parked")).not.toHaveCount(0);
  await page.goto("./#p=cross&s=3"); // another scenario, on its first scores step
  await expect(page.getByTestId("step-counter")).toHaveText(/^Step 4 of/);
  await expect(page.getByTestId("step-view").getByRole("heading", { level: 2 })).toHaveText(
    "MatMul: scores Q Kᵀ",
  );
  await expect(page.locator(".operands.parked")).toHaveCount(0);
  await expect(page.locator(".formulas.parked")).toHaveCount(0);
});
