// A real model's layer: 768 wide, 12 heads, W_Q, W_K, W_V, W_O and biases, 64 tokens (BERT-base,
// GPT-2 small). Its file (~48 MB) opens and steps; no link can carry it, and Share says so.
import { writeFile } from "node:fs/promises";
import { expect, test } from "./fixtures";
import { cell } from "./reference";
import { layer, loadScenarioFile, TOKENS } from "./layer-768";

test("a 768-wide, 12-head layer with biases opens and steps; Share offers Save scenario", async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const scenario = layer();
  // ~48 MB, near the 50 MB Playwright hands over as a buffer: it goes by path.
  const path = info.outputPath("layer-768.json");
  const text = JSON.stringify(scenario);
  expect(text.length).toBeGreaterThan(45 * 2 ** 20);
  await writeFile(path, text);

  await loadScenarioFile(page, path);
  const counter = page.getByTestId("step-counter");

  // Its first step: Q = X W_Q + b_q, whose first cell the page shows.
  const { x_q, w_q, b_q } = scenario;
  const q00 = x_q[0]!.reduce((sum, x, j) => sum + x * w_q[j]![0]!, b_q[0]!);
  const result = page.getByTestId("matrix-result");
  await expect(result.locator('[data-r="0"][data-c="0"]')).toHaveText(cell(q00), {
    timeout: 60_000,
  });
  const total = Number((await counter.textContent())?.match(/of (\d+)$/)?.[1]);
  expect(total).toBeGreaterThan(12 * TOKENS);
  await expect(counter).toHaveText(`Step 1 of ${total}`);
  for (const n of [2, 3, 4]) {
    await page.getByRole("button", { name: "Next step" }).click();
    await expect(counter).toHaveText(`Step ${n} of ${total}`, { timeout: 15_000 });
  }

  // The URL holds no view (the default's is gone): a link cannot carry this scenario.
  await expect.poll(() => new URL(page.url()).hash).toBe("");
  await page.getByRole("button", { name: "Share" }).click();
  const dialog = page.getByRole("dialog", { name: "Share this view" });
  await expect(dialog).toContainText("This scenario is too big for a link", { timeout: 15_000 });
  await expect(dialog.getByLabel("Link")).toBeHidden();
  await expect(dialog.getByLabel("Embed with a tag")).toBeHidden();
  const download = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Save scenario" }).click();
  expect((await download).suggestedFilename()).toBe("scenario.json");
  await expect(dialog.getByRole("status")).toHaveText("Saved scenario.json.");
});
