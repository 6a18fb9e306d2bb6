// Checkpoints of the sizes Karpathy published, opened in the Model view by its file picker (his
// files cannot be downloaded here; tests/wasm/llama2c-files.mjs writes llama2.c's format): a
// stories260K header with seeded weights and a 512-piece tokenizer.bin (generate, the 5 × 8 head
// grid, a head stepped through equal to `npm run lm -- attention`), and a stories15M-sized one
// (~60 MB of zeros, written sparse) within the page's limits.
import { spawnSync } from "node:child_process";
import { type Page } from "@playwright/test";
import { expect, snapshot, test } from "./fixtures";
import {
  STORIES_15M,
  STORIES_260K,
  writeCheckpoint,
  writeTokenizer,
  writeZeroCheckpoint,
} from "../wasm/llama2c-files.mjs";

function cli(...args: string[]) {
  const r = spawnSync(process.execPath, ["tools/cli/lm.mjs", ...args], {
    encoding: "utf8",
    maxBuffer: 1 << 26,
  });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as { ids: number[]; weights: number[][]; text: string };
}

async function openFile(page: Page, model: string, tokenizer: string | null): Promise<void> {
  await page.goto("./#model");
  await expect(page.locator(".lm-intro")).toHaveText(/^The King James model/, { timeout: 15_000 });
  await page.getByLabel("Checkpoint", { exact: true }).setInputFiles(model);
  if (tokenizer) await page.getByLabel("tokenizer.bin (optional)").setInputFiles(tokenizer);
  await page.getByRole("button", { name: "Open", exact: true }).click();
}

test("a stories260K-shaped checkpoint and tokenizer: generate, heads, step through", async ({
  page,
}, info) => {
  test.slow(); // two models open, generation, then the stepper on a layer
  const model = info.outputPath("stories260K.bin");
  const tokenizer = info.outputPath("tok512.bin");
  writeCheckpoint(model, STORIES_260K, 7);
  writeTokenizer(tokenizer, 512);
  await openFile(page, model, tokenizer);
  await expect(page.locator(".model-status")).toHaveText(
    "Opened stories260K.bin with tok512.bin.",
    { timeout: 15_000 },
  );
  await expect(page.locator(".lm-intro")).toHaveText(
    /^stories260K\.bin: 5 layers of 8 query heads over 4 K\/V heads .* a vocabulary of 512 tokens, a context of 512;/,
  );
  const text = "Once upon a time";
  await expect(page.getByRole("textbox", { name: "Prompt" })).toHaveValue(text);
  const want = cli("generate", model, tokenizer, text, "--steps", "5");
  await page.getByRole("textbox", { name: "New tokens" }).fill("5");
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.locator(".lm-gen-status")).toHaveText(/^5 tokens generated/, {
    timeout: 15_000,
  });
  const generated = page.getByRole("list", { name: "Generated tokens" }).locator(".lm-id");
  expect((await generated.allTextContents()).map(Number)).toEqual(want.ids.slice(-5));
  await expect(page.getByRole("button", { name: /^Layer \d head \d: / })).toHaveCount(40);
  await page.getByRole("button", { name: /^Layer 5 head 8: / }).click();
  await expect(page.locator(".lm-head-figures")).toContainText("Layer 5, head 8 (K/V head 4)");
  await page.getByRole("combobox", { name: "Query" }).selectOption("3");
  await snapshot(page, "model-stories260k");
  await page.getByRole("link", { name: "Step through it" }).click();
  await expect(page.getByTestId("step-counter")).toHaveText(/^Step \d+ of \d+$/);
  // The grid's text is the prompt and what was generated, cut again by the tokenizer.
  const native = cli("attention", model, tokenizer, want.text, "--layer", "4", "--head", "7");
  const row = native.weights[3]!.slice(0, 4)
    .map((w) => w.toFixed(4))
    .join("");
  await expect(page.getByTestId("matrix-result")).toContainText(row);
});

test("a stories15M-sized checkpoint (~60 MB) is within the page's limits", async ({
  page,
}, info) => {
  const model = info.outputPath("stories15M.bin");
  writeZeroCheckpoint(model, STORIES_15M);
  await openFile(page, model, null);
  await expect(page.locator(".model-status")).toHaveText(
    "Opened stories15M.bin (no tokenizer: type ids).",
    { timeout: 20_000 },
  );
  await expect(page.locator(".lm-intro")).toHaveText(
    /^stories15M\.bin: 6 layers of 6 query heads over 6 K\/V heads .*width 288, .*a vocabulary of 32000 tokens, a context of 256;/,
  );
  await page.getByRole("textbox", { name: /token ids/ }).fill("1, 400, 31999");
  await expect(page.getByRole("button", { name: /^Layer \d head \d: / })).toHaveCount(36);
});
