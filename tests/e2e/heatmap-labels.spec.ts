// Issue 20, item 5: the heat maps' token labels are drawn whole: "<pad>" was cut to "‹pa…" (the
// label room was guessed from the character count). Every text the maps' canvases draw is
// recorded, on a desktop and on a phone.
import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** Records every fillText of the page's canvases in window.__drawn. */
async function recordDrawnText(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const drawn: string[] = [];
    (window as unknown as { __drawn: string[] }).__drawn = drawn;
    const fill = CanvasRenderingContext2D.prototype.fillText;
    CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {
      drawn.push(String(text));
      return fill.call(this, text, ...rest);
    };
  });
}

for (const view of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`at ${view.width} px the maps draw "<pad>" whole, no label cut`, async ({ page }) => {
    await page.setViewportSize(view);
    await recordDrawnText(page);
    await page.goto("./#p=masked");
    await expect(page.getByTestId("step-counter")).toHaveText(/^Step 1 of /);
    await page.getByTestId("heatmap").scrollIntoViewIfNeeded();
    const drawn = () => page.evaluate(() => (window as unknown as { __drawn: string[] }).__drawn);
    await expect.poll(drawn).toContain("<pad>");
    expect((await drawn()).filter((t) => t.endsWith("…"))).toEqual([]);
  });
}
