// Accessibility: axe-core (WCAG 2.0 / 2.1, A and AA) finds nothing on any view, in the light and the
// dark theme: every stage at both granularities, the dialogs and menus, presentation mode, a form
// error, the padded keys typed as positions, an edit, Learn, the Model view, the learned preset, the embeds, a phone and the widest matrix.
import AxeBuilder from "@axe-core/playwright";
import { type Page } from "@playwright/test";
import { cellOf, toStage } from "./cells";
import { choosePreset, expect, focusPage, openApp, test } from "./fixtures";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** Runs axe on the page as it is now; a failure lists each violation's id, target and summary. */
async function expectNoViolations(page: Page, where: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const found = violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id} at ${n.target.join(" ")}: ${n.failureSummary ?? v.help}`),
  );
  expect(found, `axe violations on ${where}`).toEqual([]);
}

/** Every stepper on the page is in `theme` (the test's colour scheme reached it). */
async function expectTheme(page: Page, theme: string): Promise<void> {
  const roots = page.locator(".stepper");
  await expect(roots.first()).toBeVisible();
  for (const root of await roots.all()) await expect(root).toHaveAttribute("data-theme", theme);
}

/** The stages whose views are checked, by their `Stage` number (enums.ts). */
const STAGES = [
  [3, "scores"],
  [5, "mask"],
  [6, "softmax"],
  [7, "weighted sum"],
  [8, "concat"],
  [9, "output"],
] as const;

for (const theme of ["light", "dark"] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme });
    // axe reads every cell of the page: a 9×512 matrix takes it a while on a shared machine.
    test.describe.configure({ timeout: 180_000 });

    // Three stages a test, so each stays well inside its time on a busy machine.
    for (const [granularity, stages] of [
      ["Per query", STAGES.slice(0, 3)],
      ["Per query", STAGES.slice(3)],
      ["Per matrix", STAGES.slice(0, 3)],
      ["Per matrix", STAGES.slice(3)],
    ] as const) {
      const names = stages.map(([, name]) => name).join(", ");
      test(`${names}, ${granularity.toLowerCase()}`, async ({ page }) => {
        await openApp(page);
        await choosePreset(page, "Causal + padding", 58);
        await expectTheme(page, theme);
        await page.getByLabel("Granularity").selectOption({ label: granularity });
        for (const [stage, name] of stages) {
          await toStage(page, stage);
          const box = page.locator(`[data-stage="${stage}"]`);
          await expect(box).toHaveAttribute("aria-current", "step");
          await expectNoViolations(page, `${name}, ${granularity.toLowerCase()}`);
        }
      });
    }

    test("the drill-down panel, √d_k, Share and Export", async ({ page }) => {
      await openApp(page);
      await choosePreset(page, "From scratch", 20);
      await expectTheme(page, theme);
      await toStage(page, 4);
      await cellOf(page, "matrix-result", "word_1", 0).focus();
      await page.keyboard.press("Enter");
      const panel = page.getByRole("dialog", { name: /How S̃/ });
      await expect(panel).toBeVisible();
      await expectNoViolations(page, "the drill-down panel");
      await panel.getByRole("button", { name: /Close/ }).click();

      await page.getByRole("button", { name: "Why √d_k?", exact: true }).click();
      const sweep = page.getByRole("dialog", { name: "Why divide by √d_k?" });
      await expect(sweep.getByTestId("sqrt-dk-table").locator("tbody tr")).toHaveCount(8);
      await expectNoViolations(page, "the √d_k dialog");
      await page.keyboard.press("Escape");
      await expect(sweep).toBeHidden();

      await page.getByRole("button", { name: "Share" }).click();
      const share = page.getByRole("dialog", { name: "Share this view" });
      await expect(share.getByLabel("Link")).toHaveValue(/#p=scratch/);
      await expectNoViolations(page, "the Share dialog");
      await share.getByRole("button", { name: "Close" }).click();

      await page.getByRole("button", { name: "Export" }).click();
      await expect(page.getByRole("group", { name: "Export" })).toBeVisible();
      await expectNoViolations(page, "the Export menu");
    });

    test("presentation mode", async ({ page }) => {
      await openApp(page);
      await expectTheme(page, theme);
      await focusPage(page);
      await page.keyboard.press("p");
      await expect(page.getByTestId("present-counter")).toHaveText("Step 1 / 56");
      await expectNoViolations(page, "presentation mode");
    });

    test("the scenario form with an error, and the edit bar after an edit", async ({ page }) => {
      await openApp(page);
      await expectTheme(page, theme);
      await page.getByLabel("d_model", { exact: true }).fill("2000");
      await page.getByRole("button", { name: "Apply" }).click();
      await expect(page.getByTestId("error-d_model")).toContainText("1024");
      await expectNoViolations(page, "the scenario form with an error");

      await choosePreset(page, "From scratch", 20);
      await page.getByTestId("matrix-operand-0").locator('[data-r="0"][data-c="0"]').dblclick();
      const editor = page.getByRole("textbox", { name: "Edit X row 1, column 1" });
      await editor.fill("2");
      await editor.press("Enter");
      await expect(page.getByTestId("edit-count")).toHaveText("1 cell edited");
      await expectNoViolations(page, "the edit bar after an edit");
    });

    test("the KV cache and FlashAttention steps, and an algorithm refused", async ({ page }) => {
      await openApp(page);
      await expectTheme(page, theme);
      const algorithm = page.getByLabel("Algorithm", { exact: true });
      await algorithm.selectOption({ label: "KV cache" });
      await expect(page.getByTestId("error-algorithm")).toContainText("causal self-attention");
      await expectNoViolations(page, "the algorithm refused");
      await page.getByLabel("Mask").selectOption("causal");
      await page.getByRole("button", { name: "Apply" }).click();
      await expect(page.getByTestId("algorithm-counter")).toHaveText("Step 1 of 6: t = 0");
      await page.getByRole("button", { name: "Next", exact: true }).click();
      await expect(page.getByTestId("algorithm-counter")).toHaveText("Step 2 of 6: t = 1");
      await expectNoViolations(page, "the KV cache grown by a row");
      await page.getByRole("button", { name: "Last", exact: true }).click();
      await expect(page.getByTestId("algorithm-counter")).toHaveText("Step 6 of 6: t = 5");
      await expectNoViolations(page, "a KV-cache step");
      await page.getByLabel("Preset").selectOption({ label: "FlashAttention tiles" });
      await expect(page.getByTestId("algorithm-counter")).toHaveText("Step 1 of 10: tile 1 of 8");
      await page.getByRole("button", { name: "Next", exact: true }).click();
      await expect(page.getByTestId("flash-grid").locator("td.now")).toHaveText("2: now");
      await expectNoViolations(page, "a FlashAttention tile");
      await page.getByRole("button", { name: "Last", exact: true }).click();
      await expect(page.getByTestId("algorithm-check")).toBeVisible();
      await expectNoViolations(page, "FlashAttention's recovered weights");
      await page.getByRole("button", { name: "Previous", exact: true }).click();
      await expect(page.getByTestId("algorithm-counter")).toHaveText("Step 9 of 10: divide by ℓ");
      await expectNoViolations(page, "FlashAttention's divide by ℓ");
      // Presenting the walk, and the standard steps with the way back into it.
      await page.getByTestId("step-view").focus();
      await page.keyboard.press("p");
      await expect(page.getByTestId("present-counter")).toHaveText(/^Step 9 \/ 10/);
      await expectNoViolations(page, "presenting FlashAttention's divide by ℓ");
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: "Back to the standard steps" }).click();
      await expect(page.getByRole("button", { name: "Step through FlashAttention" })).toBeVisible();
      await expectNoViolations(page, "the standard steps of a FlashAttention scenario");
    });

    test("the padded keys typed as positions (over 64 keys), with an error", async ({ page }) => {
      await openApp(page);
      await expectTheme(page, theme);
      const words = Array.from({ length: 100 }, (_, i) => `w${i + 1}`);
      await page.getByLabel("Sentence", { exact: true }).fill(words.join(" "));
      await page.getByRole("button", { name: "Apply" }).click();
      await expect(page.getByTestId("step-counter")).toHaveText("Step 1 of 808");
      await page.getByRole("textbox", { name: "Padded keys" }).fill("3, 101");
      await page.getByRole("button", { name: "Apply" }).click();
      await expect(page.getByTestId("error-padded_keys")).toContainText("1 to 100");
      await expectNoViolations(page, "the padded keys' text field with an error");
    });

    test("Learn, and after a short training run", async ({ page }) => {
      await page.goto("./#learn=translate");
      await expect(page.getByTestId("learn-model")).toHaveText(/^The prebuilt model/, {
        timeout: 15_000, // a worker, its module and the model file load first
      });
      await expectTheme(page, theme);
      await expectNoViolations(page, "the Learn view");

      const settings = page.getByRole("form", { name: "Training settings" });
      await settings.getByLabel("d_model").fill("16");
      await settings.getByLabel("Heads").fill("2");
      await settings.getByLabel("d_ff").fill("32");
      await settings.getByLabel("Steps").fill("100");
      await settings.getByLabel("Batch").fill("16");
      await page.getByRole("button", { name: "Train it yourself" }).click();
      await expect(page.getByTestId("learn-model")).toHaveText(/Trained in \d+\.\d\d s\.$/, {
        timeout: 20_000,
      });
      await expectNoViolations(page, "the Learn view after training");
    });

    test("the Model view, after generating and the induction demo", async ({ page }) => {
      await page.goto("./#model=kjv&text=And%20God%20said");
      await expect(page.locator(".lm-intro")).toHaveText(/^The King James model/, {
        timeout: 15_000, // a worker, the language model's module and its file load first
      });
      await expect(page.getByRole("button", { name: /^Layer \d head \d: / })).toHaveCount(8);
      await page.getByRole("textbox", { name: "New tokens" }).fill("6");
      await page.getByRole("button", { name: "Generate" }).click();
      await expect(page.locator(".lm-gen-status")).toHaveText(/^6 tokens generated/);
      await page.getByRole("button", { name: "Run the induction demo" }).click();
      await expect(page.locator(".lm-induction-summary")).toHaveText(/^63 random tokens/);
      await page
        .getByRole("list", { name: "Generated tokens" })
        .getByRole("listitem")
        .first()
        .focus();
      await expectTheme(page, theme);
      await expectNoViolations(page, "the Model view");
    });

    test("a language model's layer stepped through: RoPE on the queries, then the KV cache", async ({
      page,
    }) => {
      test.slow(); // the model's worker, then the stepper, then the algorithm's module
      // The whole layer of the shipped model, on head 3 (grouped K/V, RoPE, causal).
      await page.goto("./#lm=kjv&text=And%20God%20said&layer=2&head=3&s=11&h=2&q=3&g=0");
      await expect(page.getByTestId("step-view")).toContainText("at position p = 3 + 0 = 3", {
        timeout: 15_000, // the model's worker, module and file load first
      });
      await expectTheme(page, theme);
      await expectNoViolations(page, "the language model's RoPE step");
      await page.getByLabel("Algorithm", { exact: true }).selectOption({ label: "KV cache" });
      await expect(page.getByTestId("algorithm-counter")).toHaveText(/^Step 1 of \d+: t = 0$/);
      await expectNoViolations(page, "the language model's layer as a KV cache");
    });

    test("the learned preset", async ({ page }) => {
      await page.goto("./#p=learned");
      await expect(page.getByTestId("step-counter")).toHaveText(/^Step 1 of \d+$/);
      await expectTheme(page, theme);
      await expectNoViolations(page, "the learned preset");
    });

    test("the learned preset's outlined A, a lit row and the links view", async ({ page }) => {
      await page.goto("./#p=learned&s=6&h=1&g=1");
      await expect(page.getByTestId("matrix-result").locator("td.expect")).toHaveCount(8);
      await expectTheme(page, theme);
      await page.getByTestId("links").getByRole("button", { name: "chat", exact: true }).hover();
      await expect(page.getByTestId("matrix-result").locator("tr.lit")).toHaveCount(1);
      await expectNoViolations(page, "the learned preset's A with row “chat” lit");
    });

    test("the widest matrix: Anthony Hopkins, d_model 512", async ({ page }) => {
      await page.goto("./#p=hopkins&s=0&g=1");
      await expect(page.getByTestId("step-view")).toContainText("9×512");
      await expectTheme(page, theme);
      await expectNoViolations(page, "Anthony Hopkins, Q per matrix");
      await page.goto("./#p=hopkins&s=6&g=1");
      await expect(page.locator('[data-stage="6"]')).toHaveAttribute("aria-current", "step");
      await expectNoViolations(page, "Anthony Hopkins, softmax per matrix");
    });

    test("a phone viewport", async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await openApp(page);
      await expectTheme(page, theme);
      await expectNoViolations(page, "a 390×844 phone");
    });

    test("embed.html", async ({ page }) => {
      await page.goto("./embed.html?preset=scratch&stage=softmax&head=1&query=1");
      await expect(page.getByTestId("step-counter")).toHaveText(/^Step \d+ of 20$/);
      await expectTheme(page, theme);
      await expectNoViolations(page, "embed.html");
    });

    test("the tutorial's <attention-stepper>s", async ({ page }) => {
      await page.goto("./tutorial.html");
      await expect(
        page.locator("attention-stepper#scratch").getByTestId("step-counter"),
      ).toHaveText("Step 6 of 20");
      await expect(page.locator("attention-stepper").last().getByTestId("step-counter")).toHaveText(
        /^Step \d+ of \d+$/,
      );
      await expectTheme(page, theme);
      await expectNoViolations(page, "tutorial.html");
    });
  });
}
