// Presentation mode (P, the Present button, Escape) and the light / dark themes.
import type { Locator } from "@playwright/test";
import { expect, focusPage, openApp, snapshot, test } from "./fixtures";

/** WCAG contrast ratio of two CSS colours given as #rrggbb or #rgb. */
function contrast(a: string, b: string): number {
  const lum = (colour: string) => {
    // #rgb → #rrggbb
    const hex = colour.trim().replace(/^#(.)(.)(.)$/, "#$1$1$2$2$3$3");
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** The root's value of each custom property. */
const vars = (root: Locator, names: string[]) =>
  root.evaluate((el, ns) => ns.map((n) => getComputedStyle(el).getPropertyValue(n).trim()), names);

test("P enters presentation mode, the keys step, Escape leaves", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openApp(page);
  await focusPage(page);
  const root = page.locator(".stepper");
  const scenario = page.getByRole("region", { name: "Scenario" });
  await expect(scenario).toBeVisible();
  await page.keyboard.press("p");
  await expect(root).toHaveClass(/\bpresenting\b/);
  // The button itself is hidden with the top bar; keys or the Exit button bring it back.
  await expect(page.locator(".present-toggle")).toHaveAttribute("aria-pressed", "true");
  await expect(scenario).toBeHidden();
  await expect(page.getByRole("heading", { name: "Keys" })).toBeHidden();
  const counter = page.getByTestId("present-counter");
  await expect(counter).toHaveText("Step 1 / 56");
  await expect(counter).toBeInViewport();
  const size = await counter.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  // 24 px under 1,400 px wide: no larger than the cell digits, still read from afar.
  expect(size).toBeGreaterThanOrEqual(24);

  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(counter).toHaveText("Step 3 / 56");
  await page.keyboard.press("ArrowLeft");
  await expect(counter).toHaveText("Step 2 / 56");
  await page.keyboard.press("]");
  await expect(page.getByTestId("step-view")).toContainText("Head 2 of 2");
  await page.keyboard.press("End");
  await expect(counter).toHaveText("Step 56 / 56");
  await snapshot(page, "present-mode");

  await page.keyboard.press("Escape");
  await expect(root).not.toHaveClass(/\bpresenting\b/);
  await expect(scenario).toBeVisible();
  await expect(counter).toBeHidden();
  await expect(page.getByTestId("step-counter")).toHaveText("Step 56 of 56");
});

test("the Present button enters presentation mode and Exit leaves it", async ({ page }) => {
  await openApp(page);
  const root = page.locator(".stepper");
  await page.getByRole("button", { name: "Present", exact: true }).click();
  await expect(root).toHaveClass(/\bpresenting\b/);
  await expect(page.getByTestId("present-counter")).toHaveText("Step 1 / 56");
  await page.keyboard.press("ArrowRight");
  await expect(page.getByTestId("present-counter")).toHaveText("Step 2 / 56");
  await page.getByRole("button", { name: "Leave presentation mode" }).click();
  await expect(root).not.toHaveClass(/\bpresenting\b/);
  await expect(page.getByRole("button", { name: "Present", exact: true })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
});

test("the theme button switches between light and dark", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1280, height: 800 });
  await openApp(page);
  const root = page.locator(".stepper");
  await expect(root).toHaveAttribute("data-theme", "light");
  const background = () => root.evaluate((el) => getComputedStyle(el).backgroundColor);
  const light = await background();
  const toggle = page.getByRole("button", { name: "Dark theme" });
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await toggle.click();
  await expect(root).toHaveAttribute("data-theme", "dark");
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  expect(await background()).not.toBe(light);
  // Step to the scores so read and written cells are on screen.
  await page.getByRole("navigation", { name: "Pipeline" }).locator('[data-stage="3"]').click();
  await snapshot(page, "dark-theme");
  await toggle.click();
  await expect(root).toHaveAttribute("data-theme", "light");
  expect(await background()).toBe(light);
});

test("text keeps a 4.5:1 contrast in both themes", async ({ page }) => {
  await openApp(page);
  const root = page.locator(".stepper");
  for (const theme of ["light", "dark"]) {
    await root.evaluate((el, t) => (el.dataset.theme = t), theme);
    const [text, muted, panel, bg, surface, flag, flagBg, error] = await vars(root, [
      "--text",
      "--muted",
      "--panel",
      "--bg",
      "--surface-2",
      "--flag",
      "--flag-bg",
      "--error",
    ]);
    for (const [fg, back] of [
      [text, panel],
      [text, bg],
      [muted, panel],
      [muted, bg],
      [muted, surface],
      [flag, flagBg],
      [error, panel],
    ]) {
      expect(contrast(fg!, back!), `${theme}: ${fg} on ${back}`).toBeGreaterThanOrEqual(4.5);
    }
  }
});

test("the theme follows the system until the learner chooses", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await openApp(page);
  await expect(page.locator(".stepper")).toHaveAttribute("data-theme", "dark");
  await page.emulateMedia({ colorScheme: "light" });
  await expect(page.locator(".stepper")).toHaveAttribute("data-theme", "light");
});
