// <attention-stepper> in its shadow root: the host page's CSS cannot restyle it, and everything
// that used to look things up through `document` (menus, dialogs, the drill-down, cell editing,
// presentation mode, the skip link) works inside it.
import type { Locator, Page } from "@playwright/test";
import { expect, snapshot, test } from "./fixtures";
import { hostPage, stepperBox } from "./host-page";

/** A host page that styles everything it can reach, and things it should not. */
const HOSTILE = `
  * { font-family: serif !important; }
  body { color: green; font-size: 22px; line-height: 3; letter-spacing: 2px; text-align: center;
         text-transform: uppercase; }
  table { border: 2px solid red; } td, th { padding: 20px; color: red; }
  h2 { color: darkred; font-size: 40px; } button { background: yellow; border-radius: 0; }
  attention-stepper { font: italic 30px cursive; color: purple; word-spacing: 9px; }
  .stepper, .panel, .layout { display: none; background: pink; }`;

const STEPPER = `<h2>The host's heading</h2>
  <attention-stepper preset="scratch" stage="softmax"></attention-stepper>`;

const PROPS = [
  "font-family",
  "font-size",
  "font-style",
  "line-height",
  "letter-spacing",
  "word-spacing",
  "text-align",
  "text-transform",
  "color",
  "background-color",
  "border-top-width",
  "border-top-style",
  "border-top-color",
  "padding-top",
  "display",
];

/** The computed styles of a few parts of the stepper: the box, title, matrix, cell, button … */
async function looks(page: Page): Promise<Record<string, string[]>> {
  const stepper = page.locator("attention-stepper");
  const view = stepper.getByTestId("step-view");
  await expect(view.getByRole("heading", { level: 2 })).toHaveText("SoftMax over each row");
  const parts: Record<string, Locator> = {
    box: stepperBox(stepper),
    title: view.getByRole("heading", { level: 2 }),
    matrix: view.getByTestId("matrix-result").getByRole("grid"),
    cell: view.getByTestId("matrix-result").getByRole("gridcell").first(),
    button: stepper.getByRole("button", { name: "Next step" }),
    picker: stepper.getByRole("combobox", { name: "Query" }),
    pipeline: stepper.getByRole("navigation", { name: "Pipeline" }),
    formula: view.getByLabel("Formula", { exact: true }),
  };
  const out: Record<string, string[]> = {};
  for (const [name, loc] of Object.entries(parts)) {
    out[name] = await loc.evaluate(
      (el, props) => props.map((p) => getComputedStyle(el).getPropertyValue(p)),
      PROPS,
    );
  }
  return out;
}

test("hostile host CSS leaves the stepper's look and accessible names unchanged", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await hostPage(page, STEPPER);
  const plain = await looks(page);

  await hostPage(page, STEPPER, HOSTILE);
  // The host page's own rules do apply to the host page.
  await expect(page.getByRole("heading", { name: "The host's heading" })).toHaveCSS(
    "color",
    "rgb(139, 0, 0)",
  );
  expect(await looks(page)).toEqual(plain);

  // The accessibility tree inside: the step view is named by its title (aria-labelledby), the
  // matrices by their captions.
  const stepper = page.locator("attention-stepper");
  await expect(stepper.getByRole("region", { name: "SoftMax over each row" })).toBeVisible();
  const grids = stepper.getByTestId("step-view").getByRole("grid");
  await expect(grids).toHaveCount(2);
  await expect(grids.first()).toHaveAccessibleName(/^S̃, 4×4/);
  await expect(grids.last()).toHaveAccessibleName(/^A, 4×4/);
  // The formulas are MathML drawn by the browser inside the shadow root: no font to add to the page.
  await expect(stepper.getByTestId("step-view").getByRole("math").first()).toBeVisible();
  expect(await page.evaluate(() => document.fonts.size)).toBe(0);
  await snapshot(page, "embed-hostile-css");
});

test("theme attribute and theme button work inside the element", async ({ page }) => {
  await hostPage(page, `<attention-stepper preset="scratch" theme="dark"></attention-stepper>`);
  const stepper = page.locator("attention-stepper");
  const box = stepperBox(stepper);
  const toggle = stepper.getByRole("button", { name: "Dark theme" });
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expect(box).toHaveCSS("background-color", "rgb(15, 20, 25)");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await expect(box).toHaveCSS("background-color", "rgb(244, 245, 247)");
});

test("menus, dialogs, the drill-down and cell editing work inside the element", async ({
  page,
}) => {
  await hostPage(page, `<attention-stepper preset="scratch" stage="softmax"></attention-stepper>`);
  const stepper = page.locator("attention-stepper");
  const view = stepper.getByTestId("step-view");
  await expect(view.getByRole("heading", { level: 2 })).toHaveText("SoftMax over each row");

  // Export menu: a click inside keeps it open, a click on the host page closes it.
  await stepper.getByRole("button", { name: "Export" }).click();
  const menu = stepper.getByRole("group", { name: "Export" });
  await expect(menu).toBeVisible();
  await menu.getByText("This step").click();
  await expect(menu).toBeVisible();
  await page.getByRole("heading", { name: "A host page" }).click();
  await expect(menu).toBeHidden();

  // The code dialog, from the menu.
  await stepper.getByRole("button", { name: "Export" }).click();
  await menu.getByRole("button", { name: "Reproduce it yourself" }).click();
  const code = stepper.getByRole("dialog", { name: "Reproduce it yourself" });
  await expect(code.getByRole("tabpanel")).toContainText("import numpy");
  await page.keyboard.press("Escape");
  await expect(code).toBeHidden();

  // Drill-down: opened from a weight, its heading takes the focus; Escape gives it back.
  const cell = view.getByTestId("matrix-result").getByRole("gridcell", { name: "0.7491" });
  await cell.click();
  const drill = stepper.getByRole("dialog", { name: /How A \[row 1 'word_1', key 3 'word_3'\]/ });
  await expect(drill.getByRole("heading", { level: 3 })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(drill).toBeHidden();
  await expect(cell).toBeFocused();

  // The √d_k experiment's dialog.
  await stepper.getByRole("button", { name: "Why √d_k?" }).click();
  const experiment = stepper.getByRole("dialog", { name: "Why divide by √d_k?" });
  await expect(experiment).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(experiment).toBeHidden();

  // Editing a cell of X: a refused value gets its message, tied to the box (aria-describedby).
  await stepper.getByRole("button", { name: "First step" }).click();
  // X(1, 1) = 1: the first cell named 1.0000 (the corner cell has no name).
  await view
    .getByTestId("matrix-operand-0")
    .getByRole("gridcell", { name: "1.0000" })
    .first()
    .dblclick();
  const editor = stepper.getByRole("textbox", { name: "Edit X row 1, column 1" });
  await editor.fill("abc");
  await editor.press("Enter");
  await expect(editor).toHaveAccessibleDescription(/number/i);
  await editor.press("Escape");
  await expect(editor).toBeHidden();
});

test("presentation mode and the skip link work inside the element", async ({ page }) => {
  await hostPage(page, `<attention-stepper preset="scratch"></attention-stepper>`);
  const stepper = page.locator("attention-stepper");
  const box = stepperBox(stepper);
  await expect(stepper.getByTestId("step-counter")).toHaveText("Step 1 of 20");

  const skip = stepper.getByRole("link", { name: "Skip to the current step" });
  await skip.focus();
  await page.keyboard.press("Enter");
  await expect(stepper.getByTestId("step-view")).toBeFocused();
  expect(new URL(page.url()).hash).toBe("");

  await stepper.getByRole("button", { name: "Present" }).click();
  await expect(box).toHaveClass(/\bpresenting\b/);
  await page.keyboard.press("ArrowRight");
  await expect(stepper.getByTestId("present-counter")).toHaveText("Step 2 / 20");
  await page.keyboard.press("Escape");
  await expect(box).not.toHaveClass(/\bpresenting\b/);
  await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();
});
