// A real model's layer: 768 wide, 12 heads, W_Q, W_K, W_V, W_O and biases, 64 tokens (BERT-base,
// GPT-2 small). Its file (~48 MB) opens and steps; no link can carry it, and Share says so.
import { writeFile } from "node:fs/promises";
import { expect, test } from "./fixtures";
import { cell, type Matrix } from "./reference";

const D = 768;
const TOKENS = 64;

/** Seeded numbers in (-0.1, 0.1) with full double precision (mulberry32, two draws a number). */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  const u32 = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  };
  return () => ((u32() * 2 ** 21 + (u32() >>> 11)) / 2 ** 53 - 0.5) / 5;
}

function layer() {
  const next = generator(11);
  const matrix = (rows: number, cols: number): Matrix =>
    Array.from({ length: rows }, () => Array.from({ length: cols }, next));
  const vector = () => Array.from({ length: D }, next);
  return {
    title: "A 768-wide, 12-head layer with biases",
    query_tokens: Array.from({ length: TOKENS }, (_, i) => `t${i + 1}`),
    d_model: D,
    heads: 12,
    positional_encoding: false,
    x_q: matrix(TOKENS, D),
    w_q: matrix(D, D),
    w_k: matrix(D, D),
    w_v: matrix(D, D),
    w_o: matrix(D, D),
    b_q: vector(),
    b_k: vector(),
    b_v: vector(),
    b_o: vector(),
  };
}

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

  await page.goto("./");
  const counter = page.getByTestId("step-counter");
  await expect(counter).toHaveText(/^Step 1 of \d+$/);
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Load scenario…" }).click();
  await (await chooser).setFiles(path);

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
