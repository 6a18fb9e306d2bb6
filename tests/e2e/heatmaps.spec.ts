// The heat maps' colour scale: 0 to 1, the head's own range, or each row's own range, chosen by
// keyboard; the legend states the range in use with its numbers, and the drawn colours follow.
import type { Page } from "@playwright/test";
import { expect, openApp, test } from "./fixtures";

/** The RGBA of the big map's bottom-right pixel (inside its last cell, away from the outline). */
const corner = (page: Page) =>
  page
    .getByTestId("heatmap")
    .locator("canvas.big")
    .evaluate((c: HTMLCanvasElement) => {
      const ctx = c.getContext("2d")!;
      return [...ctx.getImageData(c.width - 3, c.height - 3, 1, 1).data].join(",");
    });

test("the colour scale switches by keyboard; legend and colours follow", async ({ page }) => {
  test.slow(); // three scales, each drawn and checked
  await openApp(page);
  const map = page.getByTestId("heatmap");
  const scale = map.getByTestId("legend-scale");
  const ticks = map.getByTestId("legend-ticks");
  await expect(scale).toHaveText("Colour scale: weight 0 to 1 (viridis).");
  await expect(ticks).toHaveText("00.51");
  const unitColour = await corner(page);
  // "Head 1: min 0.0230, max 0.6156." — the head's actual range, stated on every scale.
  const actual = await map.getByText(/^All heads:/).textContent();
  const [, lo, hi] = /Head 1: min ([\d.]+), max ([\d.]+)\./.exec(actual ?? "") ?? [];
  expect(lo && hi).toBeTruthy();

  const picker = page.getByLabel("Colour scale");
  await picker.focus();
  await page.keyboard.press("ArrowDown");
  await expect(picker).toHaveValue("head");
  await expect(scale).toHaveText(
    `Colour scale: Head 1's own range, weight ${lo} (darkest) to ${hi} (brightest) (viridis).`,
  );
  await expect(ticks.locator("span").first()).toHaveText(lo!);
  await expect(ticks.locator("span").last()).toHaveText(hi!);
  await expect.poll(() => corner(page)).not.toBe(unitColour);
  const headColour = await corner(page);
  // The arrow keys went to the picker, not to the stepper.
  await expect(page.getByTestId("step-counter")).toHaveText("Step 1 of 56");

  await page.keyboard.press("ArrowDown");
  await expect(picker).toHaveValue("row");
  await expect(scale).toContainText("each row's own range");
  await expect(scale).toContainText("Row 1 “the”: weight ");
  await expect.poll(() => corner(page)).not.toBe(headColour);
  // On the row scale the legend follows the outlined row.
  await page.getByLabel("Query", { exact: true }).selectOption({ index: 1 });
  await expect(scale).toContainText("Row 2 “cat”: weight ");

  await picker.focus();
  await page.keyboard.press("Home");
  await expect(picker).toHaveValue("unit");
  await expect(scale).toHaveText("Colour scale: weight 0 to 1 (viridis).");
  await expect.poll(() => corner(page)).toBe(unitColour);
});

test("at 512 tokens and 4 heads the maps, drawn in slices, are whole and follow the head and scale", async ({
  page,
}) => {
  const words = Array.from({ length: 512 }, (_, i) => `w${i + 1}`);
  const scenario = { query_tokens: words, d_model: 64, heads: 4, seed: 1 };
  await page.goto(`./#scenario=${encodeURIComponent(JSON.stringify(scenario))}`);
  // 4 heads × (3 + 512 × 4) + 2.
  await expect(page.getByTestId("step-counter")).toHaveText("Step 1 of 8206");
  const map = page.getByTestId("heatmap");
  const heads = map.getByRole("group", { name: "Heads" }).getByRole("button");
  await expect(heads).toHaveCount(4);
  await expect(map.getByText(/^All heads: min [\d.]+, max [\d.]+\. Head 1:/)).toBeVisible();
  const unitColour = await corner(page);
  expect(unitColour).not.toBe("0,0,0,0");
  // A head picked on its multiple: the big map, its title and the legend name it.
  await heads.nth(2).click();
  await expect(map.getByRole("heading", { name: "Head 3: A (512×512)" })).toBeVisible();
  await expect(map.getByText(/^All heads: .* Head 3: min/)).toBeVisible();
  await expect(page.getByLabel("Head", { exact: true })).toHaveValue("2");
  // Another scale redraws every map in slices again; the legend states it.
  await page.getByLabel("Colour scale").selectOption("head");
  await expect(map.getByTestId("legend-scale")).toContainText("Head 3's own range");
  await expect.poll(() => corner(page)).not.toBe("0,0,0,0");
});
