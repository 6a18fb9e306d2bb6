// RoPE's and ALiBi's stages on the page (cpp/core/steps/steps.h, docs/url.md): the pipeline
// boxes (only in scenarios that have them), the step view with the core's numbers and the dials,
// keyboard stepping, presentation mode, a Share link and an embed that land on the RoPE stage.
// Light and dark, with axe.
import AxeBuilder from "@axe-core/playwright";
import { type Page } from "@playwright/test";
import { cellOf } from "./cells";
import { expect, focusPage, openApp, snapshot, test } from "./fixtures";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const ROPE_K = 10;
const ROPE_Q = 11;
const ALIBI = 12;

async function expectNoViolations(page: Page, where: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const found = violations.flatMap((v) => v.nodes.map((n) => `${v.id} at ${n.target.join(" ")}`));
  expect(found, `axe violations on ${where}`).toEqual([]);
}

const box = (page: Page, stage: number) =>
  page.getByRole("navigation", { name: "Pipeline" }).locator(`[data-stage="${stage}"]`);

/** Clicks a stage's box and waits until the figure lights it. */
async function toStage(page: Page, stage: number): Promise<void> {
  await box(page, stage).click();
  await expect(box(page, stage)).toHaveAttribute("aria-current", "step");
}

async function openPreset(page: Page, id: string): Promise<void> {
  await page.goto(`./#p=${id}`);
  await expect(page.getByTestId("step-counter")).toHaveText(/^Step 1 of \d+$/);
}

for (const theme of ["light", "dark"] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme });

    test("RoPE: K → K̄, then each query's q → q̄ with its position and dials", async ({ page }) => {
      await openPreset(page, "llama");
      await expect(box(page, ROPE_K)).toBeVisible();
      await expect(box(page, ALIBI)).toBeHidden();
      await expect(box(page, 3)).toContainText("S = Q̄ K̄ᵀ"); // the scores read q̄ and k̄
      await toStage(page, ROPE_K);
      const view = page.getByTestId("step-view");
      await expect(page.locator(".step-title")).toHaveText("RoPE: rotate the keys");
      await expect(view).toContainText("RoPE turns every key vector of K_1");
      await expect(view).toContainText("(7×4) → K̄_1 (7×4)");
      const kBar = cellOf(page, "matrix-result", "cat", 0);
      await kBar.hover();
      await expect(kBar).toHaveAttribute(
        "title",
        /^component 1 of the key vector of 'cat' turned by RoPE in head 1 = /,
      );
      await expectNoViolations(page, `RoPE K (${theme})`);

      // The next step is query 1's rotation; ↓ moves to the next query's.
      await focusPage(page);
      await page.keyboard.press("ArrowRight");
      await expect(page.locator(".step-title")).toHaveText("RoPE: rotate the queries");
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("ArrowDown");
      await expect(view).toContainText(
        "at position p = 2 (its index from 0) + 0 (position_offset) = 2",
      );
      await expect(view).toContainText("q_3 (1×4) → q̄_3 (1×4)");
      await expect(view.locator(".rope-dial")).toHaveCount(2);
      await expect(view.locator(".rope-dial").first()).toContainText("turned by 2.0000 rad");
      await expect(box(page, ROPE_Q)).toHaveAttribute("aria-current", "step");
      await snapshot(page, `rope-q-stage-${theme}`);
      await expectNoViolations(page, `RoPE Q (${theme})`);
      // The scores step that follows reads the rotated row.
      await page.keyboard.press("ArrowRight");
      await expect(page.locator(".step-title")).toHaveText(/scores/i);
      await expect(view).toContainText("q̄_3 (1×4)");
    });

    test("ALiBi: the bias stage between Scale and Mask, and the mask reads S̃ + B", async ({
      page,
    }) => {
      await openPreset(page, "alibi");
      await expect(box(page, ROPE_K)).toBeHidden();
      await toStage(page, ALIBI);
      const view = page.getByTestId("step-view");
      await expect(page.locator(".step-title")).toHaveText("ALiBi: add the distance bias");
      await expect(view).toContainText("slope 0.2500 (2^(−8·1/4)");
      await expect(view).toContainText("S̃_1 (6×6) + B_1 (6×6) → S̃ᴮ_1 (6×6)");
      const bias = cellOf(page, "matrix-operand-1", "cat", 0);
      await bias.hover();
      await expect(bias).toHaveAttribute(
        "title",
        /^ALiBi's bias of query 'cat' against key 'the' in head 1: −slope·\|i − j\| = .0\.2500$/,
      );
      await snapshot(page, `alibi-stage-${theme}`);
      await expectNoViolations(page, `ALiBi (${theme})`);
      await focusPage(page);
      await page.keyboard.press("ArrowRight");
      await expect(page.locator(".step-title")).toHaveText("Mask");
      await page.keyboard.press("ArrowLeft");
      await page.keyboard.press("ArrowLeft");
      await expect(page.locator(".step-title")).toHaveText(/Scale/);
    });
  });
}

test("a scenario without RoPE or ALiBi shows neither box; old stage numbers keep", async ({
  page,
}) => {
  await openApp(page);
  for (const s of [ROPE_K, ROPE_Q, ALIBI]) await expect(box(page, s)).toBeHidden();
  await page.goto("./#p=scratch&s=6&h=0&q=0&g=0");
  await expect(page.locator(".step-title")).toHaveText("SoftMax over each row");
  // An embed asking for a stage the scenario lacks says why, and opens the nearest step.
  await page.goto("./embed.html?preset=scratch&stage=rope-q");
  await expect(page.getByTestId("embed-error")).toContainText(
    "rope-q is not a step of this scenario (it has no rope)",
  );
  await expect(page.locator(".step-title")).toHaveText("MatMul: scores Q Kᵀ");
});

test("Share's link lands on the RoPE stage; the embed's stage= names it", async ({
  page,
  context,
}) => {
  await openPreset(page, "llama");
  await toStage(page, ROPE_Q);
  await page.getByLabel("Query", { exact: true }).selectOption({ index: 4 });
  await expect(page.getByTestId("step-view")).toContainText("q_5 (1×4) → q̄_5 (1×4)");
  const step = await page.getByTestId("step-counter").textContent();
  await page.getByRole("button", { name: "Share" }).click();
  const dialog = page.getByRole("dialog", { name: "Share this view" });
  const link = dialog.getByLabel("Link");
  await expect(link).toHaveValue(/#p=llama&s=11&h=0&q=4&g=0$/);
  await expect(dialog.getByLabel("Embed with a tag")).toHaveValue(
    /stage="rope-q" head="1" query="5"/,
  );
  const other = await context.newPage();
  await other.goto(await link.inputValue());
  await expect(other.getByTestId("step-counter")).toHaveText(step ?? "");
  await expect(other.locator(".step-title")).toHaveText("RoPE: rotate the queries");
  await other.goto("./embed.html?preset=llama&stage=rope-k&head=2");
  await expect(other.locator(".step-title")).toHaveText("RoPE: rotate the keys");
  await expect(other.getByTestId("step-view")).toContainText("K_2 (7×4)");
  await other.close();
});

test("presentation mode steps through the RoPE stage", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openPreset(page, "llama");
  await toStage(page, ROPE_K);
  await focusPage(page);
  await page.keyboard.press("p");
  await expect(page.locator(".stepper")).toHaveClass(/\bpresenting\b/);
  const counter = page.getByTestId("present-counter");
  await expect(counter).toHaveText(/^Step 4 \/ \d+$/);
  await page.keyboard.press("ArrowRight");
  await expect(counter).toHaveText(/^Step 5 \/ \d+$/);
  await expect(page.locator(".step-title")).toHaveText("RoPE: rotate the queries");
  await snapshot(page, "rope-q-present");
  await page.keyboard.press("Escape");
});
