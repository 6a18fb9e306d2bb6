/**
 * Shared Playwright fixtures: every test fails on any console error or page error, and helpers to
 * choose a preset and read the step view.
 */
import { test as base, expect, type Page } from "@playwright/test";

export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error") errors.push(m.text());
      });
      page.on("pageerror", (e) => errors.push(e.message));
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/** Opens the app and waits for the first step of the default scenario. */
export async function openApp(page: Page): Promise<void> {
  await page.goto("./");
  await expect(page.getByTestId("step-counter")).toHaveText(/^Step 1 of \d+$/);
}

/**
 * Picks a preset in the scenario panel and waits until its steps are shown, at step `first` (a
 * translation opens on its best-aligned head's first step).
 */
export async function choosePreset(
  page: Page,
  name: string,
  totalSteps: number,
  first = 1,
): Promise<void> {
  await page.getByLabel("Preset").selectOption({ label: name });
  await expect(page.getByTestId("step-counter")).toHaveText(`Step ${first} of ${totalSteps}`);
}

/** Moves the focus out of any field so page-wide keys apply. */
export async function focusPage(page: Page): Promise<void> {
  // Focus, not a click: a click at the step view's corner can land under the sticky top bar
  // while the layout is still settling.
  await page.getByTestId("step-view").focus();
}

/** Types a sentence of `n` words (w0, w1, …) into the scenario form and applies it. */
export async function applyWords(page: Page, n: number): Promise<void> {
  const words = Array.from({ length: n }, (_, i) => `w${i}`);
  await page.getByLabel("Sentence", { exact: true }).fill(words.join(" "));
  await page.getByRole("button", { name: "Apply" }).click();
}

/** Presses → `n` times, waiting for each step so no key is lost. */
export async function stepForward(page: Page, n: number): Promise<void> {
  const counter = page.getByTestId("step-counter");
  for (let i = 0; i < n; i++) {
    const before = await counter.textContent();
    await page.keyboard.press("ArrowRight");
    await expect(counter).not.toHaveText(before ?? "");
  }
}

/** Saves a screenshot into test-results/screenshots/ (kept as a CI artifact). */
export async function snapshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}

/** The learned preset's sentence pair and the translate task's lexicon for it (a colour and its
 * noun swap places), written out here so the specs do not read the product's own tables. */
export const LEARNED_ENGLISH = ["the", "small", "black", "cat", "sees", "a", "red", "car"];
export const LEARNED_FRENCH = ["le", "petit", "chat", "noir", "voit", "une", "voiture", "rouge"];
export const TRANSLATES: Record<string, string> = {
  le: "the",
  petit: "small",
  chat: "cat",
  noir: "black",
  voit: "sees",
  une: "a",
  voiture: "car",
  rouge: "red",
};
