// Issue 20, items 4 and 5 in Learn: symbols that break the copy task's rules are refused with the
// rule named (the text stays), a model trained a single step still draws "Use it", a full stop is
// named as what the model does not know, and the toy "le oiseau" is not called correct French.
import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";

async function openLearnLink(page: Page, hash: string): Promise<void> {
  await page.goto(`./${hash}`);
  await expect(page.getByTestId("learn-model")).toHaveText(/^The prebuilt model/, {
    timeout: 15_000,
  });
}

test("the copy task refuses repeated symbols and 9 symbols, naming the rule", async ({ page }) => {
  await openLearnLink(page, "#learn=copy");
  const box = page.getByRole("textbox", { name: "Symbols to copy" });
  const error = page.getByTestId("learn-error-sentence");
  await box.fill("a a b c");
  await page.getByRole("button", { name: "Copy", exact: true }).click();
  await expect(error).toHaveText(/"a" appears twice \(symbols 1 and 2\)/);
  await expect(box).toHaveValue("a a b c");
  await box.fill("a b c d e f g h i");
  await page.getByRole("button", { name: "Copy", exact: true }).click();
  await expect(error).toHaveText(/copies 4 to 8 symbols; got 9/);
  await box.fill("c a t s");
  await page.getByRole("button", { name: "Copy", exact: true }).click();
  await expect(error).toBeHidden();
  await expect(page.getByTestId("learn-output")).toHaveText(/^Copy: /);
});

test("a model trained one step still shows Use it", async ({ page }) => {
  await openLearnLink(page, "#learn=translate");
  await page.getByRole("form", { name: "Training settings" }).getByLabel("Steps").fill("1");
  await page.getByRole("button", { name: "Train it yourself" }).click();
  await expect(page.getByTestId("learn-step")).toHaveText(/^Step 1 of 1 /, { timeout: 20_000 });
  await page.getByRole("textbox", { name: "English sentence" }).fill("the cat sleeps");
  await page.getByRole("button", { name: "Translate" }).click();
  // A barely trained model's words (here "<s>", not a sentence): shown, with its maps.
  await expect(page.getByTestId("learn-output")).toHaveText(/^French: .* ✗ the correct one is/);
  await expect(page.getByTestId("learn-use-map").getByRole("img")).not.toHaveCount(0);
  // The fixture fails the test on any page error.
});

test("a full stop is named; the toy's 'le oiseau' is not called correct", async ({ page }) => {
  await openLearnLink(page, "#learn=translate");
  const box = page.getByRole("textbox", { name: "English sentence" });
  await box.fill("The cat sleeps.");
  await page.getByRole("button", { name: "Translate" }).click();
  await expect(page.getByTestId("learn-error-sentence")).toContainText(
    'the model knows "sleeps" but not the "." after it',
  );
  await box.fill("the bird sleeps");
  await page.getByRole("button", { name: "Translate" }).click();
  const output = page.getByTestId("learn-output");
  await expect(output).toHaveText(/^French: le oiseau dort /);
  await expect(output).not.toContainText("✓");
  await expect(output).toContainText("real French elides: le oiseau → l'oiseau");
});

test("the layer-1 sentence names the head the core measures as previous-token", async ({
  page,
}) => {
  await openLearnLink(page, "#learn=copy");
  const metrics = page.getByTestId("learn-metrics");
  await expect(metrics).toContainText("Previous token (layer 1, head");
  const head = /Previous token \(layer 1, head (\d+)\)/.exec(
    (await metrics.textContent()) ?? "",
  )![1];
  const layer1 = page.getByTestId("learn-map-0");
  await expect(layer1.locator("figcaption")).toHaveText(/^Layer 1 self/);
  await expect(page.getByTestId("learn-map-0-peaks")).toHaveText(
    new RegExp(`^Head ${head}, the previous-token head \\(0\\.\\d\\d of a row's weight`),
  );
  await expect(layer1.locator(".head-map-name", { hasText: "(previous token)" })).toHaveText(
    `Head ${head} (previous token)`,
  );
});
