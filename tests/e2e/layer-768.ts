// A real model's layer for the full-size specs: 768 wide, 12 heads, W_Q, W_K, W_V, W_O and
// biases, 64 tokens (BERT-base, GPT-2 small), its numbers seeded, with full double precision.
import { expect, type Page } from "@playwright/test";
import type { Matrix } from "./reference";

export const D = 768;
export const TOKENS = 64;

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

export function layer() {
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

/** Opens the app and loads the scenario file at `path` through "Load scenario…" (by path). */
export async function loadScenarioFile(page: Page, path: string): Promise<void> {
  await page.goto("./");
  await expect(page.getByTestId("step-counter")).toHaveText(/^Step 1 of \d+$/);
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Load scenario…" }).click();
  await (await chooser).setFiles(path);
}
