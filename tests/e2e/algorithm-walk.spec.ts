// Issue 18 §2, where people meet the other algorithms: a scenario with `algorithm` set (the
// "FlashAttention tiles" preset, a link, an embed) opens on that algorithm's first step in the
// step view's place, with the tile grid or the cache on screen at 1280×800 and on a phone; a link
// names its step (`a`, `algorithm-step`); the keys and presentation mode step through it; an
// embed may hide it. The real core and algorithms.wasm compute every number.
import { type Page } from "@playwright/test";
import { expect, focusPage, snapshot, test } from "./fixtures";

const counter = (page: Page) => page.getByTestId("algorithm-counter");

/** The hash's `a` (the algorithm's step, 0-based), once the URL has caught up. */
const hashStep = (page: Page) => page.evaluate(() => /[#&]a=(\d+)/.exec(location.hash)?.[1]);

for (const [width, height] of [
  [1280, 800],
  [390, 844],
]) {
  test(`the FlashAttention preset opens on its first tile, in view at ${width}×${height}`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await page.goto("./#p=flash");
    await expect(counter(page)).toHaveText("Step 1 of 10: tile 1 of 8");
    const grid = page.getByTestId("flash-grid");
    await expect(grid.locator("td.now")).toHaveText("1: now");
    // Without scrolling: the grid's top part and the step buttons are on screen.
    await expect(grid).toBeInViewport({ ratio: width > 800 ? 1 : 0.5 });
    await expect(page.getByRole("button", { name: "Next", exact: true })).toBeInViewport();
    // The standard step (Linear → Q) gave the algorithm its place.
    await expect(page.getByTestId("step-view").locator(".step-title")).toBeHidden();
    await snapshot(page, `algorithm-walk-flash-${width}x${height}`);
  });
}

test("a KV-cache link opens on its decoding steps with the cache in view on a phone", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const scenario = {
    query_tokens: ["the", "cat", "sat", "on", "a", "mat"],
    d_model: 8,
    heads: 2,
    seed: 7,
    mask: "causal",
    algorithm: "kv-cache",
  };
  await page.goto(`./#scenario=${encodeURIComponent(JSON.stringify(scenario))}&algorithm-step=3`);
  await expect(counter(page)).toHaveText("Step 3 of 6: t = 2");
  const cache = page.getByTestId("algorithm-step").locator("tr.hl").first();
  await expect(cache).toContainText("appended");
  await expect(cache).toBeInViewport();
  await snapshot(page, "algorithm-walk-kv-phone");
});

test("a link lands on an algorithm step; keys walk it and the URL follows", async ({ page }) => {
  await page.goto("./#p=flash&a=8");
  await expect(counter(page)).toHaveText("Step 9 of 10: divide by ℓ");
  await page.goto("./#preset=flash&algorithm-step=2");
  await expect(counter(page)).toHaveText("Step 2 of 10: tile 2 of 8");
  await focusPage(page);
  await page.keyboard.press("ArrowRight");
  await expect(counter(page)).toHaveText("Step 3 of 10: tile 3 of 8");
  await expect.poll(() => hashStep(page)).toBe("2");
  await page.keyboard.press("End");
  await expect(counter(page)).toHaveText("Step 10 of 10: recover the weights");
  await page.keyboard.press("ArrowLeft");
  await expect(counter(page)).toHaveText("Step 9 of 10: divide by ℓ");
  await expect.poll(() => hashStep(page)).toBe("8");
  // A reload reopens that very step.
  await page.reload();
  await expect(counter(page)).toHaveText("Step 9 of 10: divide by ℓ");
  // Back to the standard steps: the step view returns, the link names no algorithm step.
  await page.getByRole("button", { name: "Back to the standard steps" }).click();
  await expect(page.getByTestId("step-counter")).toHaveText(/^Step 1 of \d+$/);
  await expect(page.getByTestId("step-view").locator(".step-title")).toBeVisible();
  await expect.poll(() => hashStep(page)).toBeUndefined();
  await focusPage(page);
  await page.keyboard.press("ArrowRight");
  await expect(page.getByTestId("step-counter")).toHaveText(/^Step 2 of \d+$/);
  await expect(counter(page)).toBeHidden();
  await expect.poll(() => page.evaluate(() => location.hash)).toContain("s=1&");
  await page.reload();
  await expect(page.getByTestId("step-counter")).toHaveText(/^Step 2 of \d+$/);
  await page.getByRole("button", { name: "Step through FlashAttention" }).click();
  await expect(counter(page)).toHaveText("Step 1 of 10: tile 1 of 8");
  // A step past the end is the last; the keys move on from there.
  await page.goto("./#p=flash&a=99");
  await expect(counter(page)).toHaveText("Step 10 of 10: recover the weights");
  await expect.poll(() => hashStep(page)).toBe("9");
  await focusPage(page);
  await page.keyboard.press("ArrowLeft");
  await expect(counter(page)).toHaveText("Step 9 of 10: divide by ℓ");
  // A bad algorithm step is named, and the scenario still opens on the walk's first step.
  await page.goto("./#p=flash&a=x");
  await expect(page.locator('[data-part="status"]')).toContainText('algorithm step "x"');
  await expect(counter(page)).toHaveText("Step 1 of 10: tile 1 of 8");
});

test("presenting the FlashAttention tiles: keys step through them, numbers the largest text", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto("./#p=flash");
  await expect(counter(page)).toHaveText("Step 1 of 10: tile 1 of 8");
  await focusPage(page);
  await page.keyboard.press("p");
  const big = page.getByTestId("present-counter");
  await expect(big).toHaveText("Step 1 / 10: tile 1 of 8");
  await page.keyboard.press("ArrowRight");
  await expect(big).toHaveText("Step 2 / 10: tile 2 of 8");
  await expect(page.getByTestId("flash-grid").locator("td.now")).toHaveText("2: now");
  const sizes = await page.getByTestId("algorithm").evaluate((box) => {
    const px = (e: Element) =>
      parseFloat(getComputedStyle(e).fontSize) *
      ((e as Element & { currentCSSZoom?: number }).currentCSSZoom ?? 1);
    let words = 0;
    let digits = 0;
    const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const e = n.parentElement!;
      if (!n.textContent?.trim() || !e.getClientRects().length) continue;
      if (e.matches("td.num")) digits = Math.max(digits, px(e));
      else if (!e.closest(".atable-box")) words = Math.max(words, px(e));
    }
    const formulas = [...box.querySelectorAll(".algorithm-formula, .algorithm-live")];
    const wrapped = formulas.filter(
      (f) =>
        f.getClientRects().length > 0 &&
        f.scrollHeight > 2 * parseFloat(getComputedStyle(f).fontSize) * 1.6,
    );
    return { words, digits, wrapped: wrapped.length };
  });
  test.info().annotations.push({ type: "measured", description: JSON.stringify(sizes) });
  expect(sizes.digits, "table digits ≥ 24 px at 1280×720").toBeGreaterThanOrEqual(24);
  expect(sizes.digits, "numbers are the largest text").toBeGreaterThanOrEqual(sizes.words);
  expect(sizes.wrapped, "a formula wraps").toBe(0);
  await page.screenshot({ path: "test-results/screenshots/algorithm-walk-present.png" });
  await page.keyboard.press("End");
  await expect(big).toHaveText("Step 10 / 10: recover the weights");
  // Space plays the walk shown, from its start once at its end.
  await page.keyboard.press("Space");
  await expect(big).toHaveText("Step 2 / 10: tile 2 of 8");
  await page.keyboard.press("Space");
  await page.keyboard.press("Escape");
  await expect(big).toBeHidden();
});

test("Share names the algorithm step in the link and both embeds", async ({ page }) => {
  await page.goto("./#p=flash&a=2");
  await expect(counter(page)).toHaveText("Step 3 of 10: tile 3 of 8");
  await page.getByRole("button", { name: "Share" }).click();
  const dialog = page.getByRole("dialog", { name: "Share this view" });
  await expect(dialog.getByLabel("Link")).toHaveValue(/#p=flash&s=0&h=0&q=0&g=0&a=2$/);
  await expect(dialog.getByLabel("Embed with an iframe")).toHaveValue(/&amp;algorithm-step=3"/);
  const tag = dialog.getByLabel("Embed with a tag");
  await expect(tag).toHaveValue(/<attention-stepper preset="flash" [^>]*algorithm-step="3"/);
  await dialog.getByLabel("algorithm").check();
  await expect(tag).toHaveValue(/ hide="algorithm"><\/attention-stepper>$/);
});

test("embeds: algorithm-step, hide=algorithm, and controls=minimal", async ({ page }) => {
  await page.goto("./embed.html?preset=flash&algorithm-step=3&controls=minimal");
  await expect(counter(page)).toHaveText("Step 3 of 10: tile 3 of 8");
  await page.getByTestId("step-view").focus();
  await page.keyboard.press("ArrowRight");
  await expect(counter(page)).toHaveText("Step 4 of 10: tile 4 of 8");
  await page.goto("./embed.html?preset=flash&hide=algorithm");
  await expect(page.getByTestId("step-counter")).toHaveText(/^Step 1 of \d+$/);
  await expect(page.getByTestId("step-view").locator(".step-title")).toBeVisible();
  await expect(page.getByTestId("algorithm")).toBeHidden();
  await page.getByTestId("step-view").focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByTestId("step-counter")).toHaveText(/^Step 2 of \d+$/);
  await page.goto("./embed.html?preset=small&algorithm-step=2");
  await expect(
    page.getByText(/algorithm-step: this scenario has no other algorithm/),
  ).toBeVisible();
  await expect(page.getByTestId("step-counter")).toHaveText(/^Step 1 of \d+$/);
});

test("the pipeline lights no stage while the algorithm's walk is shown", async ({ page }) => {
  await page.goto("./#p=flash");
  await expect(page.getByTestId("algorithm-counter")).toHaveText(/^Step 1 of \d+: tile 1 of/);
  const pipeline = page.getByRole("navigation", { name: "Pipeline" });
  await expect(pipeline.locator('[aria-current="step"]')).toHaveCount(0);
  await page.getByRole("button", { name: "Back to the standard steps" }).click();
  await expect(pipeline.locator('[aria-current="step"]')).toHaveCount(1);
});
