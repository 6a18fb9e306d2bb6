// The step view is updated in place (each stage's formulas and matrix figures kept in a slot of
// its own, their tables patched): the page does not grow while stepping, and a reused table answers for the step on
// screen — its name, its marks, what its cells mean, drilling and editing — never a stale one.
import { type Page } from "@playwright/test";
import { cellOf as cell } from "./cells";
import { choosePreset, expect, focusPage, openApp, stepForward, test } from "./fixtures";

const countElements = (page: Page) =>
  page.evaluate(() => document.getElementsByTagName("*").length);

/** Walks all 56 steps and back to the first: every stage then has its slot (stage-slots.ts). */
async function visitEveryStage(page: Page): Promise<void> {
  await stepForward(page, 55);
  await page.keyboard.press("Home");
  await expect(page.getByTestId("step-counter")).toHaveText("Step 1 of 56");
}

test("the page's element count stays bounded over five rounds of steps", async ({ page }) => {
  test.setTimeout(120_000); // 279 steps, each awaited
  await openApp(page); // 56 steps
  await focusPage(page);
  const counter = page.getByTestId("step-counter");
  await visitEveryStage(page); // from here on the page may not grow
  const first = await countElements(page);
  let most = first;
  let at = 1;
  // Five rounds, the last ending on step 56 as the first did: each stage's slot then holds the
  // same step as when counted (a formula's elements differ from query to query).
  for (let i = 1; i < 5 * 56; i++) {
    at = at === 56 ? 1 : at + 1;
    await page.keyboard.press(at === 1 ? "Home" : "ArrowRight");
    await expect(counter).toHaveText(`Step ${at} of 56`);
    if (i % 10 === 0) most = Math.max(most, await countElements(page));
  }
  await page.keyboard.press("Home");
  await expect(counter).toHaveText("Step 1 of 56");
  // Back on the first step, the page has what it had then; on the way, never much more.
  expect(await countElements(page)).toBeLessThanOrEqual(first + 10);
  expect(most).toBeLessThan(first * 1.5);
});

test("over 10,000 steps in bursts, with jumps to the ends, the element count stays bounded", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openApp(page); // 56 steps
  await focusPage(page);
  const counter = page.getByTestId("step-counter");
  await visitEveryStage(page);
  const first = await countElements(page);
  let most = first;
  // Ten bursts of 18 rounds in one task each; a round is 56 moves: Home, 54 × →, End.
  for (let burst = 0; burst < 10; burst++) {
    await page.evaluate(() => {
      const press = (key: string) =>
        document.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
      for (let i = 0; i < 18 * 56; i++)
        press(i % 56 === 0 ? "Home" : i % 56 === 55 ? "End" : "ArrowRight");
    });
    await expect(counter).toHaveText("Step 56 of 56");
    most = Math.max(most, await countElements(page));
    await page.keyboard.press("Home");
    await expect(counter).toHaveText("Step 1 of 56");
  }
  expect(await countElements(page)).toBeLessThanOrEqual(first + 10);
  expect(most).toBeLessThan(first * 1.5);
});

test("a table reused by the next query shows that query: name, marks, meaning, drill", async ({
  page,
}) => {
  await openApp(page);
  await focusPage(page);
  const view = page.getByTestId("step-view");
  const result = page.getByTestId("matrix-result");
  await stepForward(page, 3);
  await expect(view).toContainText("Head 1 of 2 · query 1 “the”");
  await expect(result.getByRole("grid")).toHaveAccessibleName(/row 1 = s_1, 1×6/);
  // Hover a cell of query 1: its meaning goes into the tooltip and the inspector line.
  const early = cell(page, "matrix-result", "the", 1);
  await early.hover();
  await expect(early).toHaveAttribute("title", /'the'/);

  // Across the other stages of query 1 to the scores of query 2: the same table, patched.
  await page.mouse.move(0, 0);
  await stepForward(page, 4);
  await expect(view).toContainText("Head 1 of 2 · query 2 “cat”");
  await expect(result.getByRole("grid")).toHaveAccessibleName(/row 2 = s_2, 1×6/);
  await expect(result.locator(".inspect")).toHaveText(/^Hover or focus a cell/);
  const row1 = cell(page, "matrix-result", "the", 1);
  const row2 = cell(page, "matrix-result", "cat", 1);
  await expect(row1).toHaveClass(/dim/);
  await expect(row1).not.toHaveAttribute("title", /./);
  await expect(row2).toHaveClass(/\bwr\b/);
  await row2.hover();
  await expect(row2).toHaveAttribute("title", /'cat'/);
  await row2.click();
  const panel = page.getByRole("dialog", { name: /^How S_1 \[row 2 'cat', key 2 'cat'\]/ });
  await expect(panel).toBeVisible();
});

test("after stepping away and back, editing a reused table edits the matrix on screen", async ({
  page,
}) => {
  await openApp(page);
  await choosePreset(page, "From scratch", 20);
  await focusPage(page);
  // Q, K, V projections share X and a 3×3 weight matrix: steps 2 and 3 reuse step 1's tables.
  await stepForward(page, 2);
  await expect(page.getByTestId("matrix-operand-1").getByRole("grid")).toHaveAccessibleName(
    /^W_V, 3×3/,
  );
  const wv = page.getByTestId("matrix-operand-1").locator('[data-r="0"][data-c="0"]');
  await wv.dblclick();
  const editor = page.getByRole("textbox", { name: "Edit W_V row 1, column 1" });
  await editor.fill("5");
  await editor.press("Enter");
  await expect(editor).toBeHidden();
  await expect(wv).toHaveText("5.0000");
  await expect(wv).toHaveClass(/edited/);
  await expect(wv).toHaveAttribute("aria-description", "edited");
  await expect(wv).toBeFocused();
  await expect(page.getByTestId("edit-count")).toHaveText("1 cell edited");

  // Back to W_Q in the same table: its cell (1, 1) is not edited, and says so.
  await page.getByTestId("step-view").focus();
  await page.keyboard.press("Home");
  await expect(page.getByTestId("matrix-operand-1").getByRole("grid")).toHaveAccessibleName(
    /^W_Q, 3×3/,
  );
  const wq = page.getByTestId("matrix-operand-1").locator('[data-r="0"][data-c="0"]');
  await expect(wq).not.toHaveClass(/edited/);
  await expect(wq).not.toHaveAttribute("aria-description", /./);
  await expect(wq).not.toHaveText("5.0000");
});

test("a step measures its formula boxes only once the page is laid out, never forcing a layout", async ({
  page,
}) => {
  // Reads of a formula box's scroll size outside a resize observation (which the browser makes
  // after its own layout) force a layout of the whole page while the step is being drawn.
  await page.addInitScript(() => {
    const w = window as unknown as { early: number; observing: boolean };
    w.early = 0;
    w.observing = false;
    const Native = window.ResizeObserver;
    window.ResizeObserver = class extends Native {
      constructor(callback: ResizeObserverCallback) {
        super((entries, observer) => {
          w.observing = true;
          try {
            callback(entries, observer);
          } finally {
            w.observing = false;
          }
        });
      }
    };
    const size = Object.getOwnPropertyDescriptor(Element.prototype, "scrollWidth")!;
    Object.defineProperty(Element.prototype, "scrollWidth", {
      get(this: Element) {
        if (this.classList.contains("formula") && !w.observing) w.early++;
        return size.get!.call(this);
      },
    });
  });
  await openApp(page);
  await focusPage(page);
  await page.evaluate(() => ((window as unknown as { early: number }).early = 0));
  await stepForward(page, 8); // projections, then scores, scale and softmax per query: new formulas
  await expect(page.locator(".formulas:not(.parked) .formula.numbers")).toHaveAttribute(
    "data-scrolls",
    /true|false/,
  );
  expect(await page.evaluate(() => (window as unknown as { early: number }).early)).toBe(0);
});
