// The "Why √d_k?" experiment: the sweep of the current scenario, with and without scaling.
import { choosePreset, expect, openApp, snapshot, test } from "./fixtures";

const DIMS = ["4", "8", "16", "32", "64", "128", "256", "512"];

test("the experiment shows 8 d_k values, and without scaling the weights saturate", async ({
  page,
}) => {
  await openApp(page);
  await page.getByRole("button", { name: "Why √d_k?" }).click();
  const dialog = page.getByRole("dialog", { name: "Why divide by √d_k?" });
  await expect(dialog).toBeVisible();

  const table = dialog.getByTestId("sqrt-dk-table");
  await expect(table.locator("tbody tr")).toHaveCount(8);
  await expect(table.locator("tbody th")).toHaveText(DIMS);
  // Columns: d_k | score std (without, with) | max weight (without, with) | …
  const row512 = table.locator("tbody tr").last();
  const without = Number(await row512.locator("td").nth(2).textContent());
  const withScaling = Number(await row512.locator("td").nth(3).textContent());
  expect(without).toBeGreaterThan(withScaling);
  expect(without).toBeLessThanOrEqual(1);

  // Four charts, each an image with a description that states its range.
  const charts = dialog.getByRole("img");
  await expect(charts).toHaveCount(4);
  await expect(charts.first()).toHaveAccessibleName(/from 4 to 512/);
  await expect(dialog.getByTestId("sqrt-dk-sentence")).toContainText("√d_k");
  await expect(dialog.getByTestId("sqrt-dk-row")).toBeVisible();
  await snapshot(page, "sqrt-dk");

  // The switch highlights the other series and column.
  const toggle = dialog.getByRole("switch", { name: /Scaling/ });
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await expect(dialog.locator('.series.strong[data-series="without ÷√d_k"]')).toHaveCount(4);

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("the Scale step links to the experiment, which compares the current row", async ({ page }) => {
  await openApp(page);
  await choosePreset(page, "Anthony Hopkins", 8 * (3 + 9 * 4) + 2);
  await page.getByRole("navigation", { name: "Pipeline" }).locator('[data-stage="4"]').click();
  await page.getByRole("button", { name: "Why √d_k? Open the experiment" }).click();
  const dialog = page.getByRole("dialog", { name: "Why divide by √d_k?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("d_k = 64");
  // One row per key token of the sentence (9), with the two weights side by side.
  await expect(dialog.getByTestId("sqrt-dk-row").locator("tbody tr")).toHaveCount(9);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
});

test("each chart shades the band of the 32 draws around its mean lines", async ({ page }) => {
  await openApp(page);
  await page.getByRole("button", { name: "Why √d_k?" }).click();
  const dialog = page.getByRole("dialog", { name: "Why divide by √d_k?" });
  await expect(dialog.getByTestId("sqrt-dk-band-note")).toHaveText(
    /shaded: lowest to highest of the 32 draws/,
  );
  await expect(dialog.getByTestId("sqrt-dk-table")).toContainText("means over 32 draws");
  // Two bands per chart (without and with ÷√d_k), each named in the chart's description.
  await expect(dialog.getByTestId("chart-band")).toHaveCount(8);
  await expect(dialog.getByRole("img").first()).toHaveAccessibleName(/band .+ to .+ at 512/);

  // In SVG coordinates (y grows downwards), each mean point lies between the band's top and
  // bottom at its d_k, and the raw spread's band has a visible height.
  const charts = dialog.locator("svg.line-chart");
  for (let c = 0; c < 4; c++) {
    for (const name of ["without ÷√d_k", "with ÷√d_k"]) {
      const inside = await charts.nth(c).evaluate((svg, series) => {
        const ys = (points: string) =>
          points
            .trim()
            .split(/\s+/)
            .map((p) => Number(p.split(",")[1]));
        const band = svg.querySelector(`polygon.band[data-series="${series}"]`)!;
        const line = svg.querySelector(`.series[data-series="${series}"] polyline`)!;
        const outline = ys(band.getAttribute("points")!);
        const mean = ys(line.getAttribute("points")!);
        const n = mean.length;
        // The outline runs along the top (high values) left to right, then the bottom back.
        return mean.every((y, i) => outline[i]! <= y + 1e-9 && y <= outline[2 * n - 1 - i]! + 1e-9);
      }, name);
      expect(inside, `chart ${c + 1}, ${name}`).toBe(true);
    }
  }
  const rawBand = charts.first().locator('polygon.band[data-series="without ÷√d_k"]');
  expect(await rawBand.evaluate((p) => (p as SVGGraphicsElement).getBBox().height)).toBeGreaterThan(
    20,
  );
});
