// Using a learned model: translate a typed sentence (its cross-attention per head), an unknown
// word named with the text kept, the learned attention stepped through in the stepper; Learn
// links, the lazily loaded view (the stepper's first load does not fetch it), phone and dark.
import { type Page } from "@playwright/test";
import { expect, openApp, snapshot, test } from "./fixtures";

const SENTENCE = "the small black cat sees a red car";

async function openLearnLink(page: Page, hash: string): Promise<void> {
  await page.goto(`./${hash}`);
  // A worker, its module and the model file load first.
  await expect(page.getByTestId("learn-model")).toHaveText(/^The prebuilt model/, {
    timeout: 15_000,
  });
}

test("a typed sentence is translated, with its cross-attention per head", async ({ page }) => {
  await openLearnLink(page, "#learn");
  const box = page.getByRole("textbox", { name: "English sentence" });
  await box.fill("the big dog sees a green house");
  await page.getByRole("button", { name: "Translate" }).click();
  const maps = page.getByTestId("learn-use-map");
  // Not the example the box opened with: this sentence's own output.
  await expect(maps.locator("figcaption")).toContainText(
    "columns = the big dog sees a green house",
  );
  const output = page.getByTestId("learn-output");
  await expect(output).toHaveText(/^French: (\S+ ){6}\S+ (✓ correct|✗ the correct one is “.+”)$/);
  const words = /^French: (.*?) [✓✗]/.exec((await output.textContent()) ?? "")![1]!.split(" ");
  // Rows = the French words, columns = the English words, one map per head of the model.
  await expect(maps.locator("figcaption")).toHaveText(
    `Cross-attention, ${words.length}×7: rows = ${words.join(" ")}; columns = the big dog sees a green house`,
  );
  const heads = Number(await page.getByRole("textbox", { name: "Heads" }).inputValue());
  await expect(maps.getByRole("img", { name: /^Head \d/ })).toHaveCount(heads);
  // The map the app names: one head, or the mean of the heads drawn after them.
  await expect(maps.getByRole("img", { name: /, the best,/ })).toHaveCount(1);
  await expect(page.getByTestId("learn-use-map-peaks")).toHaveText(
    /^(Head \d|Mean of the heads), where each row looks most: (\S+ → \S+ 0\.\d\d, )*\S+ → \S+ 0\.\d\d\.$/,
  );
  await snapshot(page, "learn-translate");
});

test("an unknown word is named with the lexicon; the typed text stays", async ({ page }) => {
  await openLearnLink(page, "#learn=translate");
  const box = page.getByRole("textbox", { name: "English sentence" });
  await box.fill("the cat sees a unicorn");
  await page.getByRole("button", { name: "Translate" }).click();
  const error = page.getByTestId("learn-error-sentence");
  await expect(error).toContainText("“unicorn”".replace(/[“”]/g, '"'));
  await expect(error).toContainText(/cat, .*dog/);
  await expect(box).toHaveValue("the cat sees a unicorn");
  await expect(box).toHaveAttribute("aria-invalid", "true");
  // The same for stepping through it; a known sentence then clears the message.
  await page.getByRole("button", { name: "Step through it in the stepper" }).click();
  await expect(error).toContainText("unicorn");
  await expect(page.getByTestId("learn")).toBeVisible();
  await box.fill(SENTENCE);
  await page.getByRole("button", { name: "Translate" }).click();
  await expect(error).toBeHidden();
  await expect(page.getByTestId("learn-output")).toHaveText(/^French: /);
});

test("the learned cross-attention opens in the stepper, its link reopens it, back returns to Learn", async ({
  page,
  context,
}) => {
  await openLearnLink(page, "#learn");
  await page.getByRole("textbox", { name: "English sentence" }).fill(SENTENCE);
  await page.getByRole("button", { name: "Translate" }).click();
  const caption = page.getByTestId("learn-use-map").locator("figcaption");
  await expect(caption).toContainText(`columns = ${SENTENCE}`);
  const output = page.getByTestId("learn-output");
  await expect(output).toHaveText(/^French: /);
  const french = /^French: (.*?) [✓✗]/.exec((await output.textContent()) ?? "")![1]!.split(" ");
  const heads = Number(await page.getByRole("textbox", { name: "Heads" }).inputValue());
  const dModel = await page.getByRole("textbox", { name: "d_model" }).inputValue();
  await expect(page.getByLabel("Attention", { exact: true })).toHaveValue(/Cross-attention/);
  await page.getByRole("button", { name: "Step through it in the stepper" }).click();

  // The stepper shows the learned scenario: French rows (queries) over the English words, the
  // model's own X (d_model wide) and heads.
  const learned = async (p: Page) => {
    const query = p.getByLabel("Query", { exact: true });
    // A learned link loads the training module and the prebuilt model first.
    await expect(query.locator("option")).toHaveText(
      french.map((w, i) => `${i + 1} · ${w}`),
      { timeout: 15_000 },
    );
    await expect(p.getByTestId("learn")).toBeHidden();
    await expect(p.getByLabel("Head", { exact: true }).locator("option")).toHaveCount(heads);
    const shapes = p.getByTestId("step-view").locator(".shapes");
    await expect(shapes).toContainText(`(${french.length}×${dModel}) · W_Q`);
    return shapes;
  };
  await learned(page);
  // Its link names the prebuilt model and the sentence, not 16 000 numbers.
  const text = encodeURIComponent(SENTENCE);
  await expect(page).toHaveURL(
    new RegExp(`#learned=translate&text=${text}&site=cross&layer=1&s=0&h=0&q=0&g=0$`),
  );

  const other = await context.newPage();
  await other.goto(page.url());
  const shapes = await learned(other);
  await other.getByRole("navigation", { name: "Pipeline" }).locator('[data-stage="1"]').click();
  await expect(shapes).toContainText(`(${SENTENCE.split(" ").length}×${dModel}) · W_K`);
  await expect(other).toHaveURL(/#learned=translate&.*&s=1&h=0&q=0&g=0$/);
  await snapshot(other, "learn-step-through");
  // An edit of a learned number travels in the short link too.
  await other.getByTestId("matrix-operand-0").locator('[data-r="0"][data-c="0"]').dblclick();
  const editor = other.getByRole("textbox", { name: /^Edit X_kv row 1, column 1/ });
  await editor.fill("2");
  await editor.press("Enter");
  await expect(other).toHaveURL(/#learned=translate&.*&e=x_kv:0:0:2&s=1/);
  await other.reload();
  await expect(other.getByTestId("edit-count")).toHaveText("1 cell edited");
  await expect(shapes).toContainText(`(${SENTENCE.split(" ").length}×${dModel}) · W_K`);
  await other.close();

  await page.goBack();
  await expect(page.getByTestId("learn")).toBeVisible();
  await expect(page).toHaveURL(/#learn=translate$/);
  await expect(page.getByTestId("learn-model")).toHaveText(/^The prebuilt model/);
  await page
    .getByRole("navigation", { name: "Views" })
    .getByRole("link", { name: "Stepper" })
    .click();
  await expect(page.getByTestId("learn")).toBeHidden();
  await expect(page).toHaveURL(/#learned=translate&/);
  await expect(page.getByTestId("step-view")).toBeVisible();
});

test("the embed page opens a learned link too", async ({ page }) => {
  const text = encodeURIComponent("a big dog likes the green car");
  await page.goto(`./embed.html?learned=translate&text=${text}&site=cross&stage=softmax`);
  await expect(page.getByTestId("step-view").getByRole("heading", { level: 2 })).toHaveText(
    /^SoftMax/,
    { timeout: 15_000 }, // the training module and the prebuilt model load first
  );
  const keys = page.getByLabel("Query", { exact: true }).locator("option");
  await expect(keys).toHaveCount(7);
  await expect(keys.first()).toHaveText(/^1 · (un|une)$/);
});

test("a learned link that cannot be opened says why and opens the default", async ({ page }) => {
  await page.goto("./#learned=translate&text=the%20cat%20sees%20a%20unicorn&site=cross");
  await expect(page.locator('[data-part="status"]')).toContainText(
    "This link could not be opened: The learned model could not give this link's scenario:",
    { timeout: 15_000 },
  );
  await expect(page.locator('[data-part="status"]')).toContainText("unicorn");
  await expect(page.getByTestId("step-counter")).toHaveText("Step 1 of 56");
  await page.goto("./#learned=fly&text=x");
  await expect(page.locator('[data-part="status"]')).toContainText(
    "The link's learned model “fly” is not one of translate, copy.",
  );
});

test("the stepper's first load fetches no training code; links open either task", async ({
  page,
}) => {
  const fetched: string[] = [];
  page.on("request", (r) => fetched.push(r.url()));
  await openApp(page);
  expect(fetched.filter((u) => /learn|train/.test(u))).toEqual([]);

  await page.goto("./#learn=copy");
  await expect(page.getByRole("radio", { name: "Copy a sequence" })).toBeChecked();
  await expect(page.getByTestId("learn-model")).toHaveText(/^The prebuilt model/);
  await expect(page.getByTestId("learn-map-0").locator("figcaption")).toHaveText(/^Layer 1 self/);
  await expect(page.getByTestId("learn-map-1").locator("figcaption")).toHaveText(/^Layer 2 self/);
  await expect(page.getByRole("textbox", { name: "Symbols to copy" })).toBeVisible();
  // Its layers are attention-only: no d_ff, no encoder.
  await expect(page.getByRole("textbox", { name: "d_ff" })).toBeHidden();
  await expect(page.getByRole("checkbox", { name: "Encoder self-attention" })).toBeHidden();
  await expect(page.getByTestId("learn-output")).toHaveText(/^Copy: /);
  // Choosing the other task keeps the URL in step.
  await page.getByRole("radio", { name: "Translate English → French" }).check();
  await expect(page).toHaveURL(/#learn=translate$/);
  await expect(page.getByTestId("learn-map-0").locator("figcaption")).toHaveText(/^Cross/);

  await page.goto("./#learn=fly");
  await expect(page.getByRole("status").filter({ hasText: "learn:" })).toHaveText(
    "learn: “fly” is not a task; the tasks are translate and copy. Showing translate.",
  );
  await expect(page.getByRole("radio", { name: "Translate English → French" })).toBeChecked();
});

test.describe("on a phone, in the dark theme", () => {
  test.use({ viewport: { width: 390, height: 844 }, colorScheme: "dark" });

  test("Learn fits the width and every control is reachable", async ({ page }) => {
    await openLearnLink(page, "#learn");
    await expect(page.locator(".stepper")).toHaveAttribute("data-theme", "dark");
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    for (const name of [
      "Train it yourself",
      "Replay",
      "Translate",
      "Step through it in the stepper",
    ]) {
      const button = page.getByRole("button", { name });
      await button.scrollIntoViewIfNeeded();
      await expect(button).toBeInViewport();
    }
    await snapshot(page, "learn-phone-dark");
  });
});
