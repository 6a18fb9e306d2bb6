// Issue 20, item 1: at 1280×800 a step's formula, operands and result are on screen at once,
// below the sticky top bar: the step takes the width beside the pipeline (the side panels go
// below it up to 1440 px), operands and result sit side by side, and "Why the sizes fit" shares
// the shapes line. A step with a big matrix lays its operands on one row (a wide one scrolls in
// its box) and its result whole under them. Walked with Next over every step of the small,
// scratch and learned presets (tools/bench/bench-step-view.mjs prints the counts, and a phone's).
import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";

test.use({ viewport: { width: 1280, height: 800 } });

/**
 * The parts of the step that stick out of the window (below the bar), as "name top–bottom":
 * each matrix's whole table, or with `boxed` an operand's box (a big operand may scroll inside
 * it, its headers sticky) but still the result's whole table.
 */
function outside(page: Page, boxed = false): Promise<string[]> {
  return page.evaluate((boxed) => {
    const step = document.querySelector('[data-testid="step-view"]')!;
    const bar = document.querySelector('[data-testid="topbar"]')!.getBoundingClientRect().bottom;
    const parts: [string, Element][] = [["formula", step.querySelector(".formulas:not(.parked)")!]];
    for (const f of step.querySelectorAll<HTMLElement>('[data-testid^="matrix-"]')) {
      const operand = f.dataset.testid !== "matrix-result";
      const box = boxed && operand ? f.querySelector(".mbox") : null;
      parts.push([f.dataset.testid!, box ?? f.querySelector("table, .vgrid") ?? f]);
    }
    return parts.flatMap(([name, e]) => {
      const r = e.getBoundingClientRect();
      const out = r.top < bar - 1 || r.bottom > innerHeight + 1 || r.right > innerWidth + 1;
      return out ? [`${name} ${Math.round(r.top)}–${Math.round(r.bottom)}`] : [];
    });
  }, boxed);
}

/** Walks `steps` steps from the first with Next; returns the steps that do not fit. */
async function walk(page: Page, link: string, steps: number, boxed = false): Promise<string[]> {
  await page.goto(link);
  const counter = page.getByTestId("step-counter");
  await expect(counter).toHaveText(/^Step 1 of \d+$/);
  const misses: string[] = [];
  for (let k = 1; k <= steps; k++) {
    if (k > 1) {
      await page.keyboard.press("ArrowRight");
      await expect(counter).toHaveText(new RegExp(`^Step ${k} of`));
    }
    await page.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
    );
    const out = await outside(page, boxed);
    if (out.length > 0) misses.push(`step ${k}: ${out.join(", ")}`);
  }
  return misses;
}

for (const [preset, steps] of [
  ["small", 56],
  ["scratch", 20],
] as const) {
  test(`${preset}: every step's formula, operands and result on screen at once`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    expect(await walk(page, `./#p=${preset}&s=0&h=0&q=0`, steps)).toEqual([]);
  });
}

test("learned: every step fits, the projections' results whole on screen", async ({ page }) => {
  test.setTimeout(180_000);
  // All 142 steps: the 12 projections (X 8×32 · W 32×32, a head's 8 columns → 8×8), the
  // queries of the 4 heads, Concat and the output projection (8×32 · 32×32 → 8×32).
  const misses = await walk(page, "./#p=learned&s=0&h=0&q=0", 142, true);
  expect(misses).toEqual([]);
});

test("learned: a projection's result table is wholly on screen, W shows the head's columns", async ({
  page,
}) => {
  // Head 2's query projection: its result Q_2 (8×8) and the columns 9–16 of W_Q it reads.
  await page.goto("./#p=learned&s=0&h=1&q=0");
  await expect(page.getByTestId("step-counter")).toHaveText(/^Step \d+ of 142$/);
  await expect(page.locator(".step-title")).toHaveText(/project the queries/);
  const result = page.getByTestId("matrix-result").locator("table");
  await expect(result.locator("td[data-r]")).toHaveCount(64);
  const box = (await result.boundingBox())!;
  const bar = (await page.getByTestId("topbar").boundingBox())!;
  expect(box.y, "result below the bar").toBeGreaterThanOrEqual(bar.y + bar.height - 1);
  expect(box.y + box.height, "result above the window's bottom").toBeLessThanOrEqual(801);
  expect(box.x + box.width, "result inside the window").toBeLessThanOrEqual(1281);
  // The weight matrix shows the head's own columns only (the rest behind "Show all").
  const heads = page.getByTestId("matrix-operand-1").locator("thead th:not(.gap)");
  await expect(heads).toHaveText(["9", "10", "11", "12", "13", "14", "15", "16"]);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("small: every step's result ends within one screen of its title", async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto("./#p=small&s=0&h=0&q=0");
    const counter = page.getByTestId("step-counter");
    await expect(counter).toHaveText(/^Step 1 of 56$/);
    const misses: string[] = [];
    for (let k = 1; k <= 56; k++) {
      if (k > 1) {
        await page.keyboard.press("ArrowRight");
        await expect(counter).toHaveText(new RegExp(`^Step ${k} of`));
      }
      const span = await page.evaluate(() => {
        const step = document.querySelector('[data-testid="step-view"]')!;
        const title = step.querySelector(".step-title")!.getBoundingClientRect();
        const result = step.querySelector('[data-testid="matrix-result"] table');
        return result ? result.getBoundingClientRect().bottom - title.top : 0;
      });
      if (span > 844) misses.push(`step ${k}: ${Math.round(span)} px`);
    }
    expect(misses).toEqual([]);
  });
});
