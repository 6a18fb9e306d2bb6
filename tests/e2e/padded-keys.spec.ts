// Padded keys: a chip per key token up to 64 keys; above, a text field of positions and ranges
// counted from 1 ("3, 7–9"), checked on Apply with a message that names the field and the limit,
// keeping what was typed. A padded key shows as masked in the heat maps' legend.
import { type Page } from "@playwright/test";
import { expect, openApp, test } from "./fixtures";

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i + 1}`).join(" ");

/** Types a sentence of `n` words and applies it. */
async function applySentence(page: Page, n: number, steps: number): Promise<void> {
  await page.getByLabel("Sentence", { exact: true }).fill(words(n));
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("step-counter")).toHaveText(`Step 1 of ${steps}`);
}

/** The chip of key `i` (1-based) in the scenario panel. */
const chip = (page: Page, i: number) =>
  page.locator("[data-part=scenario]").getByRole("button", { name: `${i} w${i}`, exact: true });

const legend = (page: Page) => page.getByTestId("heatmap").locator(".legend");

test("at 512 tokens the padded keys are typed as positions and ranges", async ({ page }) => {
  await openApp(page);
  // 2 heads × (3 projections + 512 queries × 4 stages) + Concat + output projection.
  await applySentence(page, 512, 4104);
  const scenario = page.locator("[data-part=scenario]");
  await expect(scenario.getByRole("button", { name: /^1 w1$/ })).toHaveCount(0);
  const field = page.getByRole("textbox", { name: "Padded keys" });
  await expect(field).toHaveValue("");
  await expect(legend(page)).toContainText("All heads");
  await expect(legend(page)).not.toContainText("masked");
  await field.fill("1, 510–512, 7-9");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(legend(page)).toContainText("masked (weight exactly 0)");
  await expect(page.getByTestId("error-padded_keys")).toBeHidden();
});

for (const [typed, message] of [
  ["3, 600", "Padded keys: 600 is out of range; the keys are numbered 1 to 100."],
  ["9–7", "Padded keys: the range “9–7” goes down; write 7–9."],
  ["3, a few", "Padded keys: “a few” is not a position or a range; write positions from 1 to 100"],
]) {
  test(`a bad padded-keys value (${typed}) is named with the limit and kept`, async ({ page }) => {
    await openApp(page);
    // 2 heads × (3 + 100 × 4) + 2.
    await applySentence(page, 100, 808);
    const field = page.getByRole("textbox", { name: "Padded keys" });
    await field.fill(typed);
    await page.getByLabel("Seed", { exact: true }).fill("7");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByTestId("error-padded_keys")).toContainText(message);
    await expect(field).toHaveValue(typed);
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toBeFocused();
    await expect(page.getByLabel("Seed", { exact: true })).toHaveValue("7");
    // Not applied: the shown scenario has no mask; a good value then applies.
    await expect(legend(page)).not.toContainText("masked");
    await field.fill("3");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(legend(page)).toContainText("masked (weight exactly 0)");
    await expect(page.getByTestId("error-padded_keys")).toBeHidden();
    await expect(field).not.toHaveAttribute("aria-invalid", "true");
    // No longer described by the (hidden) message slot, only by the hint.
    await expect(field).not.toHaveAttribute("aria-describedby", /err-/);
  });
}

test("chips up to 64 keys; pressed chips become positions when the sentence grows", async ({
  page,
}) => {
  await openApp(page);
  await page.getByLabel("Sentence", { exact: true }).fill(words(64));
  const scenario = page.locator("[data-part=scenario]");
  await expect(scenario.locator(".chip")).toHaveCount(64);
  await expect(page.getByRole("textbox", { name: "Padded keys" })).toBeHidden();
  await chip(page, 2).click();
  await chip(page, 3).click();
  await expect(chip(page, 3)).toHaveAttribute("aria-pressed", "true");
  await page.getByLabel("Sentence", { exact: true }).fill(words(65));
  await expect(scenario.locator(".chip")).toHaveCount(0);
  await expect(page.getByRole("textbox", { name: "Padded keys" })).toHaveValue("2–3");
  // Back under the limit, the positions typed come back as pressed chips.
  await page.getByRole("textbox", { name: "Padded keys" }).fill("5");
  await page.getByLabel("Sentence", { exact: true }).fill(words(10));
  await expect(chip(page, 5)).toHaveAttribute("aria-pressed", "true");
  await expect(chip(page, 2)).toHaveAttribute("aria-pressed", "false");
});
