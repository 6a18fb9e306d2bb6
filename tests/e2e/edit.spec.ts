// Editing numbers in place: everything downstream recomputes, undo / redo / reset, refused values
// stay at the cell with the core's message, computed matrices say they cannot be edited.
import { choosePreset, expect, focusPage, openApp, snapshot, test } from "./fixtures";
import { attention, cell, SCRATCH, withCell } from "./reference";
import { type Page } from "@playwright/test";

const at = (r: number, c: number) => `[data-r="${r}"][data-c="${c}"]`;

/** Row `r` of the result matrix of the current step equals `values` to the 4 decimals shown. */
async function expectResultRow(page: Page, r: number, values: number[]): Promise<void> {
  const result = page.getByTestId("matrix-result");
  for (const [c, v] of values.entries()) {
    await expect(result.locator(at(r, c))).toHaveText(cell(v));
  }
}

async function toStage(page: Page, stage: number): Promise<void> {
  const box = page.getByRole("navigation", { name: "Pipeline" }).locator(`[data-stage="${stage}"]`);
  await box.click();
  // Drawn once the step's parts are loaded from the core's worker: lit when it is on screen.
  await expect(box).toHaveAttribute("aria-current", "step");
}

/** Double-clicks cell (r, c) of figure `testId` and types `text` into its editor. */
async function typeInto(page: Page, testId: string, r: number, c: number, text: string) {
  await page.getByTestId(testId).locator(at(r, c)).dblclick();
  const editor = page.getByRole("textbox", { name: /^Edit / });
  await editor.fill(text);
  await editor.press("Enter");
  return editor;
}

test("editing X(1,1) recomputes Q, the weights and the output; undo, redo, reset", async ({
  page,
}) => {
  await openApp(page);
  await choosePreset(page, "From scratch", 20);
  const x11 = page.getByTestId("matrix-operand-0").locator(at(0, 0));
  await expect(x11).toHaveText("1.0000");
  await x11.dblclick();
  const editor = page.getByRole("textbox", { name: "Edit X row 1, column 1" });
  await expect(editor).toBeFocused();
  await editor.fill("2");
  await editor.press("Enter");

  const edited = attention(withCell(SCRATCH.x_q, 0, 0, 2), SCRATCH.w_q, SCRATCH.w_k, SCRATCH.w_v);
  const published = attention(SCRATCH.x_q, SCRATCH.w_q, SCRATCH.w_k, SCRATCH.w_v);
  await expect(x11).toHaveText("2.0000");
  await expect(x11).toHaveClass(/edited/);
  await expect(x11).toBeFocused();
  await expect(page.getByTestId("edit-count")).toHaveText("1 cell edited");
  // Still on the first step, with Q's first row recomputed: [2, 0, 0] · W_Q = [4, 0, 4].
  await expect(page.getByTestId("step-counter")).toHaveText("Step 1 of 20");
  expect(edited.q[0]).toEqual([4, 0, 4]);
  await expectResultRow(page, 0, edited.q[0]!);
  await snapshot(page, "edit-x");

  await toStage(page, 6); // SoftMax, query 1
  await expectResultRow(page, 0, edited.weights[0]!);
  await toStage(page, 7); // weighted sum, query 1
  await expectResultRow(page, 0, edited.output[0]!);

  // Undo restores the published figures; the step stays.
  await page.getByRole("button", { name: "Undo edit" }).click();
  await expectResultRow(page, 0, published.output[0]!);
  await expect(page.getByTestId("matrix-result")).toContainText("0.9852");
  await toStage(page, 6);
  await expect(page.getByTestId("matrix-result").locator(at(0, 0))).toHaveText("0.2361");
  await expect(page.getByTestId("edit-count")).toContainText("No edits");

  // Redo (by key) re-applies the edit.
  await focusPage(page);
  await page.keyboard.press("Control+Shift+Z");
  await expectResultRow(page, 0, edited.weights[0]!);
  await expect(page.getByTestId("edit-count")).toHaveText("1 cell edited");
  // Undo works from the page itself too (focus on the body), since this is its only stepper.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press("Control+Z");
  await expect(page.getByTestId("matrix-result").locator(at(0, 0))).toHaveText("0.2361");
  await page.keyboard.press("Control+Y");
  await expectResultRow(page, 0, edited.weights[0]!);

  // Reset drops every edit.
  await page.getByRole("button", { name: "Reset edits" }).click();
  await expect(page.getByTestId("matrix-result").locator(at(0, 0))).toHaveText("0.2361");
  await expect(page.getByTestId("edit-count")).toContainText("No edits");
});

test("a refused value stays in the editor with the core's message at the cell", async ({
  page,
}) => {
  await openApp(page);
  await choosePreset(page, "From scratch", 20);
  const x11 = page.getByTestId("matrix-operand-0").locator(at(0, 0));

  // The core judges the value; its message is shown at the cell.
  const expected: Record<string, string> = {
    abc: 'The value must be a number, got "abc"',
    "1e7": "The value is 10000000; it must be a finite number between -1000000 and 1000000",
  };
  for (const [bad, text] of Object.entries(expected)) {
    const editor = await typeInto(page, "matrix-operand-0", 0, 0, bad);
    const message = page.getByTestId("edit-message");
    await expect(message).toBeVisible();
    await expect(message).toContainText(text);
    await expect(message).toContainText("keeps 1.0000");
    await expect(editor).toHaveValue(bad);
    await expect(editor).toHaveAttribute("aria-invalid", "true");
    await expect(editor).toBeFocused();
    // Nothing was recomputed: Q's first row is still [2, 0, 2].
    await expectResultRow(page, 0, [2, 0, 2]);
    if (bad === "1e7") await snapshot(page, "edit-refused");
    await editor.press("Escape");
    await expect(message).toBeHidden();
    await expect(x11).toHaveText("1.0000");
    await expect(x11).not.toHaveClass(/edited/);
  }
  await expect(page.getByTestId("edit-count")).toContainText("No edits");
});

test("typing on a focused cell edits it; computed matrices cannot be edited", async ({ page }) => {
  await openApp(page);
  await choosePreset(page, "From scratch", 20);
  // W_Q(1, 2): focus the cell, type "-1.5", Enter.
  const w = page.getByTestId("matrix-operand-1").locator(at(0, 1));
  await w.focus();
  await page.keyboard.type("-1.5");
  await page.keyboard.press("Enter");
  await expect(w).toHaveText("-1.5000");
  await expect(w).toHaveClass(/edited/);
  // Q = X W_Q: row 1 is W_Q's first row.
  await expectResultRow(page, 0, [2, -1.5, 2]);

  // Q is computed.
  const q = page.getByTestId("matrix-result").locator(at(0, 0));
  await q.focus();
  await page.keyboard.press("5");
  await expect(page.getByTestId("edit-message")).toContainText("cannot be edited");
  await expect(page.getByRole("textbox", { name: /^Edit / })).toHaveCount(0);
});

test("cells of the 512×512 W_Q of the Hopkins preset are editable in the compact view", async ({
  page,
}) => {
  await openApp(page);
  await choosePreset(page, "Anthony Hopkins", 8 * (3 + 9 * 4) + 2);
  const w = page.getByTestId("matrix-operand-1");
  await expect(w).toContainText("512×512");
  await typeInto(page, "matrix-operand-1", 511, 0, "3");
  await expect(w.locator(at(511, 0))).toHaveText("3.0000");
  await expect(w.locator(at(511, 0))).toHaveClass(/edited/);
  await expect(page.getByTestId("edit-count")).toHaveText("1 cell edited");
});

test("a new sentence, new sizes or another preset clear the edits, say so, and Undo brings them back", async ({
  page,
}) => {
  test.slow(); // three scenario changes, each run and undone
  await openApp(page);
  const x11 = page.getByTestId("matrix-operand-0").locator(at(0, 0));
  const count = page.getByTestId("edit-count");
  const sentence = page.getByLabel("Sentence", { exact: true });
  const original = await x11.textContent();
  await typeInto(page, "matrix-operand-0", 0, 0, "3");
  await expect(x11).toHaveText("3.0000");
  await expect(count).toHaveText("1 cell edited");

  const changes: [string, () => Promise<void>][] = [
    [
      "a new sentence",
      async () => {
        await sentence.fill("the dog sat on the mat");
        await page.getByRole("button", { name: "Apply" }).click();
      },
    ],
    [
      "new sizes",
      async () => {
        await page.getByLabel("d_model").fill("12");
        await page.getByRole("button", { name: "Apply" }).click();
      },
    ],
    ["another preset", () => page.getByLabel("Preset").selectOption({ label: "From scratch" })],
  ];
  for (const [what, change] of changes) {
    await change();
    await expect(count, what).toHaveText(
      "1 edit cleared: the scenario changed. Undo brings them back.",
    );
    await expect(x11, what).not.toHaveText("3.0000");
    await expect(x11, what).not.toHaveClass(/edited/);
    // Undo: the previous scenario again, with its edit and the form showing it.
    await page.getByRole("button", { name: "Undo edit" }).click();
    await expect(count, what).toHaveText("1 cell edited");
    await expect(x11, what).toHaveText("3.0000");
    await expect(x11, what).toHaveClass(/edited/);
    await expect(sentence, what).toHaveValue("the cat sat on the mat");
    await expect(page.getByLabel("d_model"), what).toHaveValue("8");
  }
  // The edit's own history came back too: one more Undo drops the edit itself.
  await page.getByRole("button", { name: "Undo edit" }).click();
  await expect(x11).toHaveText(original ?? "");
  await expect(count).toContainText("No edits");
});

test("another mask keeps the edits: the inputs are the same", async ({ page }) => {
  await openApp(page);
  await typeInto(page, "matrix-operand-0", 0, 0, "3");
  await page.getByLabel("Mask").selectOption("causal");
  await page.getByRole("button", { name: "Apply" }).click();
  // A Mask step per query and head now: 2 × (3 + 6 × 5) + 2 steps.
  await expect(page.getByTestId("step-counter")).toHaveText(/ of 68$/);
  await expect(page.getByTestId("edit-count")).toHaveText("1 cell edited");
  await expect(page.getByTestId("matrix-operand-0").locator(at(0, 0))).toHaveText("3.0000");
});
