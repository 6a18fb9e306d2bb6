// Bad input: a message beside the field naming it and the limit; nothing typed is lost.
import { expect, openApp, snapshot, test } from "./fixtures";

test("an oversized d_model is refused beside its field and the last result stays", async ({
  page,
}) => {
  await openApp(page);
  await page.getByRole("button", { name: "Next step" }).click();
  const dModel = page.getByLabel("d_model", { exact: true });
  await dModel.fill("2000");
  await page.getByRole("button", { name: "Apply" }).click();
  const error = page.getByTestId("error-d_model");
  await expect(error).toBeVisible();
  await expect(error).toContainText("2000");
  await expect(error).toContainText("1024");
  await expect(dModel).toHaveValue("2000");
  await expect(dModel).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("step-counter")).toHaveText("Step 2 of 56");
  await snapshot(page, "bad-input");

  // Fixing it clears the message and recomputes.
  await dModel.fill("16");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(error).toBeHidden();
  await expect(page.getByTestId("step-view")).toContainText("6×16");
});

test("a new sentence recomputes, and tokens are shown as text, never as markup", async ({
  page,
}) => {
  await openApp(page);
  await page.getByLabel("Sentence", { exact: true }).fill("<b>bold</b> cat <img>");
  await page.getByRole("button", { name: "Apply" }).click();
  // 3 tokens, 2 heads: 2 * (3 + 3 * 4) + 2 = 32 steps.
  await expect(page.getByTestId("step-counter")).toHaveText("Step 1 of 32");
  await expect(page.getByTestId("matrix-result")).toContainText("<b>bold</b>");
  await expect(page.locator("#step b, #step img")).toHaveCount(0);
});

test("at a phone-sized viewport the controls and the step stay reachable", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 667 });
  await openApp(page);
  await page.getByRole("button", { name: "Next step" }).click();
  await expect(page.getByTestId("step-counter")).toHaveText("Step 2 of 56");
  await expect(page.getByTestId("matrix-result")).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, "no horizontal scroll of the page").toBeLessThanOrEqual(375);
  await snapshot(page, "phone");
});

test("form errors speak the form: its labels, words counted from 1, characters", async ({
  page,
}) => {
  await openApp(page);
  const sentence = page.getByLabel("Sentence", { exact: true });
  const apply = page.getByRole("button", { name: "Apply" });
  const error = page.getByTestId("error-query_tokens");

  const long = "a".repeat(45);
  await sentence.fill(`the ${long} cat`);
  await apply.click();
  await expect(error).toHaveText(
    "Word 2 of the sentence, “aaaaaaaaaaaaaaa…”, has 45 characters; a word may have at most 40" +
      " (fewer for accented letters or emoji, which take 2 to 4 bytes each).",
  );
  await expect(error).not.toContainText("query_tokens");
  await expect(sentence).toHaveValue(`the ${long} cat`);

  // Accented letters: 30 characters are 60 bytes, and the message says both.
  await sentence.fill(`the ${"é".repeat(30)}`);
  await apply.click();
  await expect(error).toContainText("has 30 characters (60 bytes in UTF-8)");

  await sentence.fill(Array.from({ length: 513 }, (_, i) => `w${i}`).join(" "));
  await apply.click();
  await expect(error).toHaveText("The sentence has 513 words; it may have at most 512.");

  await sentence.fill("   ");
  await apply.click();
  await expect(error).toHaveText("The sentence is empty: type between 1 and 512 words.");

  await sentence.fill("the cat sat on the mat");
  await page.getByLabel("Number of heads").fill("3");
  await apply.click();
  await expect(page.getByTestId("error-heads")).toHaveText(
    "Number of heads is 3; it must divide d_model (8)",
  );
});
