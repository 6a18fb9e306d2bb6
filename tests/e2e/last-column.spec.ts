// Issue 20, item 5: at 1280 px the scores S₁ of Hopkins (9×9) and of the cross-attention preset
// (12×9) show their last column: the result table does not scroll sideways, and its last
// column's label and cells lie inside the box the table is drawn in.
import { expect, snapshot, test } from "./fixtures";

test.use({ viewport: { width: 1280, height: 800 } });

for (const [preset, rows] of [
  ["hopkins", 9],
  ["cross", 12],
] as const) {
  for (const g of [0, 1]) {
    test(`${preset}: S₁ (${rows}×9) shows its last column, granularity ${g}`, async ({ page }) => {
      await page.goto(`./#p=${preset}&s=3&g=${g}`);
      const result = page.getByTestId("matrix-result");
      await expect(result.locator(".badge").first()).toHaveText(`${rows}×9`);
      const lastHead = result.locator("thead th").last();
      await expect(lastHead).toHaveText("director.");
      const fit = await result.locator("table").evaluate((table) => {
        const box = table.parentElement!;
        const head = table.querySelector("thead tr")!.lastElementChild!.getBoundingClientRect();
        const cells = [...table.querySelectorAll("tbody tr")].map(
          (tr) => tr.lastElementChild!.getBoundingClientRect().right,
        );
        const edge = box.getBoundingClientRect().right;
        return {
          scrolls: box.scrollWidth > box.clientWidth,
          overHead: head.right - edge,
          overCell: Math.max(...cells) - edge,
        };
      });
      expect(fit.scrolls).toBe(false);
      expect(fit.overHead).toBeLessThanOrEqual(0);
      expect(fit.overCell).toBeLessThanOrEqual(0);
      if (g === 1) await snapshot(page, `last-column-${preset}`);
    });
  }
}
