// Issue 20, item 7: an embed of the default 600 px in a 680 px column opens with the named
// stage's result in view, and controls="minimal" leaves the step buttons only.
import { type Locator, type Page } from "@playwright/test";
import { expect, snapshot, test } from "./fixtures";
import { articleCss, hostPage, inColumn } from "./host-page";

/** The visible part of the embed's scroll box, and `part`'s box, in window px. */
async function inBox(stepper: Locator, part: Locator) {
  const box = await stepper.locator(".layout").boundingBox();
  const p = await part.boundingBox();
  return { box: box!, part: p! };
}

/**
 * `part` lies wholly inside the embed's scroll box (nothing to scroll to see it), and still does
 * a few frames later: a reveal measured before the part was laid out scrolls the box late.
 */
async function expectUnscrolledView(stepper: Locator, part: Locator, what: string) {
  for (const when of ["", " a few frames later"]) {
    if (when)
      await stepper.evaluate(
        () =>
          new Promise((r) =>
            requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 250))),
          ),
      );
    const { box, part: p } = await inBox(stepper, part);
    expect(p.y, `${what}: top${when}`).toBeGreaterThanOrEqual(box.y - 0.5);
    expect(p.y + p.height, `${what}: bottom${when}`).toBeLessThanOrEqual(box.y + box.height + 0.5);
  }
}

async function openColumn(page: Page, attributes: string): Promise<Locator> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await hostPage(
    page,
    inColumn(`<attention-stepper ${attributes}></attention-stepper>`),
    articleCss(680),
  );
  const stepper = page.locator("attention-stepper");
  await stepper.scrollIntoViewIfNeeded();
  return stepper;
}

for (const [preset, counter] of [
  ["scratch", "Step 6 of 20"],
  ["cross", "Step 6 of 104"],
] as const) {
  test(`a 600 px embed of ${preset} at stage="softmax" shows the weights table`, async ({
    page,
  }) => {
    const stepper = await openColumn(page, `preset="${preset}" stage="softmax"`);
    await expect(stepper.getByTestId("step-counter")).toHaveText(counter);
    expect((await stepper.locator(".stepper").boundingBox())!.height).toBe(600);
    const result = stepper.getByTestId("matrix-result");
    await expect(result).toContainText("A");
    // Opened with the weights table in the box (it was below the fold, unscrolled).
    await expect
      .poll(() => stepper.locator(".layout").evaluate((b) => b.scrollTop))
      .toBeGreaterThan(0);
    await expectUnscrolledView(stepper, result, "the weights table");
    await snapshot(page, `embed-fold-${preset}`);
  });
}

test('controls="minimal" keeps the step buttons and counter on one short row', async ({ page }) => {
  const stepper = await openColumn(page, `preset="cross" stage="softmax" controls="minimal"`);
  await expect(stepper.getByTestId("step-counter")).toHaveText("Step 6 of 104");
  await expect(stepper.getByRole("button", { name: "Next step" })).toBeVisible();
  await expect(stepper.getByRole("combobox", { name: "Query" })).toBeHidden();
  await expect(stepper.getByRole("combobox", { name: "Head" })).toBeHidden();
  expect((await stepper.getByTestId("topbar").boundingBox())!.height).toBeLessThanOrEqual(56);
  const result = stepper.getByTestId("matrix-result");
  await expect
    .poll(() => stepper.locator(".layout").evaluate((b) => b.scrollTop))
    .toBeGreaterThan(0);
  await expectUnscrolledView(stepper, result, "the weights table");
  // Next still keeps the new step's title in view.
  await stepper.getByRole("button", { name: "Next step" }).click();
  await expect(stepper.getByTestId("step-counter")).toHaveText("Step 7 of 104");
  await expect(stepper.locator(".step-title")).toBeInViewport();
  await snapshot(page, "embed-minimal-680");
});

test("embed.html takes controls=minimal; a bad value is named", async ({ page }) => {
  await page.setViewportSize({ width: 680, height: 600 });
  await page.goto("./embed.html?preset=scratch&stage=softmax&controls=minimal");
  await expect(page.getByTestId("step-counter")).toHaveText("Step 6 of 20");
  await expect(page.getByRole("combobox", { name: "Query" })).toBeHidden();
  await page.goto("./embed.html?preset=scratch&controls=tiny");
  await expect(page.getByTestId("embed-error")).toContainText(
    'the parameter controls: "tiny" is neither "full" nor "minimal".',
  );
  await expect(page.getByRole("combobox", { name: "Query" })).toBeVisible();
});
