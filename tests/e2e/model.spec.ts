// The Model view: a prompt cut into tokens, generation streamed from the real lm.wasm in its
// worker (the same ids as the native `npm run lm -- generate`), each token's top 10, the head
// grid and "Step through it" into the stepper through a link naming the model and the text;
// opening a user's checkpoint file (a bad one refused by the reader, nothing lost); the view
// loads only when opened; screenshots at 1280×800 and 390×844.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { type Page } from "@playwright/test";
import { expect, snapshot, test } from "./fixtures";

const PROMPT = "In the beginning God";
const MODEL = "models/kjv/model.bin";
const TOKENIZER = "models/kjv/tokenizer.bin";

function cli(...args: string[]) {
  const r = spawnSync(process.execPath, ["tools/cli/lm.mjs", ...args], { encoding: "utf8" });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as { ids: number[]; prompt_ids: number[]; weights: number[][] };
}

async function openModel(page: Page, hash = "#model"): Promise<void> {
  await page.goto(`./${hash}`);
  // A worker, the language model's module and the model file load first.
  await expect(page.locator(".lm-intro")).toHaveText(/^The King James model: 2 layers/, {
    timeout: 15_000,
  });
}

const ids = async (page: Page, list: string) =>
  (await page.getByRole("list", { name: list }).locator(".lm-id").allTextContents()).map(Number);

test("prompt → generate → head grid → step through a head", async ({ page }) => {
  test.slow(); // the model, then the stepper on its layer, then the algorithm's module
  await page.setViewportSize({ width: 1280, height: 800 });
  await openModel(page);
  await page.getByRole("textbox", { name: "Prompt" }).fill(PROMPT);
  const want = cli("generate", MODEL, TOKENIZER, PROMPT, "--steps", "12");
  await expect.poll(() => ids(page, "Prompt tokens")).toEqual(want.prompt_ids);
  await expect(
    page.getByRole("list", { name: "Prompt tokens" }).locator(".lm-piece").first(),
  ).toHaveText("<s>");
  await page.getByRole("textbox", { name: "New tokens" }).fill("12");
  await page.getByRole("button", { name: "Generate" }).click();
  await expect(page.locator(".lm-gen-status")).toHaveText(/^12 tokens generated/, {
    timeout: 15_000,
  });
  expect([...want.prompt_ids, ...(await ids(page, "Generated tokens"))]).toEqual(want.ids);
  // Each generated token's top 10, on focus (and hover), the picked one among them.
  const first = page.getByRole("list", { name: "Generated tokens" }).getByRole("listitem").first();
  await first.hover();
  await expect(first.getByRole("tooltip")).toBeVisible();
  await first.focus();
  await expect(first.getByRole("tooltip").locator("tr")).toHaveCount(10);
  await expect(first.locator("tr.picked")).toHaveCount(1);
  await snapshot(page, "model-generated");

  // The grid: 2 layers × 4 heads, each labelled with its figure.
  const heads = page.getByRole("button", { name: /^Layer \d head \d: / });
  await expect(heads).toHaveCount(8);
  await expect(heads.first()).toHaveAccessibleName(
    /^Layer 1 head 1: (previous-token|induction|first-token|same-token|broad) \d\.\d\d$/,
  );
  await page.getByRole("button", { name: /^Layer 2 head 3: / }).click();
  await expect(page.locator(".lm-head-figures")).toContainText("Layer 2, head 3 (K/V head 2)");
  const query = page.getByRole("combobox", { name: "Query" });
  await query.selectOption("5");
  const step = page.getByRole("link", { name: "Step through it" });
  await expect(step).toHaveAttribute(
    "href",
    /^#lm=kjv&text=In%20the%20beginning%20God.*&layer=2&head=3&s=6&h=2&q=5&g=0$/,
  );
  const text = new URLSearchParams((await step.getAttribute("href"))!.slice(1)).get("text")!;
  await step.click();
  await expect(page.getByTestId("model")).toBeHidden();
  await expect(page).toHaveURL(/#lm=kjv&text=.*&layer=2&head=3&s=6&h=2&q=5/);
  // The stepper shows that head's weights for query 6: the native command's row, to 4 digits.
  const native = cli("attention", MODEL, TOKENIZER, text, "--layer", "1", "--head", "2");
  const shown = page.getByTestId("matrix-result");
  // The matrix shows its first 5 columns (and the last 3) of row 6, the query picked.
  const row6 = native.weights[5]!.slice(0, 5)
    .map((w) => w.toFixed(4))
    .join("");
  await expect(shown).toContainText(row6);
  await snapshot(page, "model-step-through");
  // The link reopens it after a reload.
  await page.reload();
  await expect(page.getByTestId("matrix-result")).toContainText(native.weights[5]![0]!.toFixed(4), {
    timeout: 15_000,
  });
  await layerInStepper(page, native.weights.length);
});

const toStage = (page: Page, stage: number) =>
  page.getByRole("navigation", { name: "Pipeline" }).locator(`[data-stage="${stage}"]`).click();

/**
 * The stepper on layer 2, head 3 of the shipped model: the whole layer, so head 3 reads K/V head
 * 2 with head 4, RoPE turns its q and k, the mask is causal, and the algorithm choice steps
 * through the same head as a KV cache and as FlashAttention tiles.
 */
async function layerInStepper(page: Page, tokens: number): Promise<void> {
  const view = page.getByTestId("step-view");
  await toStage(page, 1);
  await expect(view).toContainText("Head 3 reads K/V head 2");
  await expect(view).toContainText("shared by heads 3, 4 (grouped-query attention)");
  await toStage(page, 11); // RoPE on the queries (Stage.RopeQ), where the dials sit
  await expect(view).toContainText("at position p = 5 + 0 = 5");
  await expect(view.locator(".rope-dial").first()).toBeVisible();
  await snapshot(page, "model-step-rope");
  await page.getByLabel("Algorithm", { exact: true }).selectOption({ label: "KV cache" });
  const counter = page.getByTestId("algorithm-counter");
  await expect(counter).toHaveText(`Step 1 of ${tokens}: t = 0`, { timeout: 15_000 });
  await expect(page.getByTestId("algorithm").getByRole("heading")).toHaveText(/head 3/);
  await page.getByRole("button", { name: "Last", exact: true }).click();
  await expect(page.getByTestId("algorithm-check")).toContainText(
    `Row ${tokens - 1} of the standard causal weights is what this step computed`,
  );
  await snapshot(page, "model-step-kv-cache");
  // The link still names the model's head, now with the algorithm (the layer is too big for z).
  await expect(page).toHaveURL(/#lm=kjv&text=.*&layer=2&head=3&algorithm=kv-cache&s=/);
  await page.getByLabel("Algorithm", { exact: true }).selectOption({ label: "FlashAttention" });
  await expect(counter).toHaveText(/^Step 1 of \d+: tile 1 of \d+$/, { timeout: 15_000 });
  await expect(page).toHaveURL(/&head=3&algorithm=flash&block_q=2&block_k=3&s=/);
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(counter).toHaveText(/^Step 2 of \d+: /);
  await expect(page).toHaveURL(/&a=1$/);
  await page.reload();
  await expect(counter).toHaveText(/^Step 2 of \d+: /, { timeout: 15_000 });
  // Back to the standard steps: the link names the head alone again.
  await page.getByLabel("Algorithm", { exact: true }).selectOption({ label: "Standard" });
  await expect(page).toHaveURL(/&layer=2&head=3&s=\d+&h=2/);
}

test("a checkpoint file: a bad one refused, a good one opened without its tokenizer", async ({
  page,
}, info) => {
  await openModel(page);
  const bytes = readFileSync(MODEL);
  const cut = info.outputPath("cut.bin");
  writeFileSync(cut, bytes.subarray(0, 4000));
  await page.getByLabel("Checkpoint", { exact: true }).setInputFiles(cut);
  await page.getByRole("button", { name: "Open", exact: true }).click();
  await expect(page.locator(".model-status")).toHaveText(
    /^Not opened \(the model shown stays\): checkpoint: the file is truncated/,
  );
  await expect(page.locator(".lm-intro")).toHaveText(/^The King James model/);
  // A tokenizer of another vocabulary (cut short): the reader's message, nothing lost.
  writeFileSync(cut, readFileSync(TOKENIZER).subarray(0, 700));
  await page.getByLabel("Checkpoint", { exact: true }).setInputFiles(MODEL);
  await page.getByLabel("tokenizer.bin (optional)").setInputFiles(cut);
  await page.getByRole("button", { name: "Open", exact: true }).click();
  await expect(page.locator(".model-status")).toHaveText(
    /^Not opened \(the model shown stays\): tokenizer: /,
  );
  await expect(page.getByRole("textbox", { name: "Prompt" })).toHaveValue(
    "And God said unto Moses,",
  );
  await page.getByLabel("tokenizer.bin (optional)").setInputFiles([]);
  await page.getByRole("button", { name: "Open", exact: true }).click();
  await expect(page.locator(".lm-intro")).toHaveText(/^model\.bin: 2 layers/, { timeout: 15_000 });
  await expect(page.locator(".model-status")).toHaveText(
    "Opened model.bin (no tokenizer: type ids).",
  );
  await page.getByRole("textbox", { name: /token ids/ }).fill("1, 600");
  await expect(page.locator(".lm-gen-status")).toHaveText(
    "prompt: “600” is not a token id from 0 to 511.",
  );
  await page.getByRole("textbox", { name: /token ids/ }).fill("1, 300, 301");
  await expect(page.getByRole("button", { name: /^Layer \d head \d: / })).toHaveCount(8);
});

test("the Model view loads only when opened; a phone shows it in one column", async ({ page }) => {
  const fetched: string[] = [];
  page.on("request", (r) => fetched.push(r.url()));
  await page.goto("./");
  await expect(page.getByTestId("step-counter")).toHaveText(/^Step 1 of \d+$/);
  // The model's code, module and files; not the shared chunk the bundler may name after
  // lm-source.ts (the parse of `#lm=` links, which the URL state needs at start).
  const modelFiles = /lm-(client|worker|pieces|source-open)|\/lm-[^/]*\.wasm|model-view|\.bin$/;
  expect(fetched.filter((u) => modelFiles.test(u))).toEqual([]);
  await page.getByRole("link", { name: "Model" }).click();
  await expect(page.locator(".lm-intro")).toHaveText(/^The King James model/, { timeout: 15_000 });
  await expect(page).toHaveURL(/#model=kjv&text=/);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("button", { name: /^Layer \d head \d: / })).toHaveCount(8);
  await snapshot(page, "model-phone");
});

test("the induction demo states its measured figures", async ({ page }) => {
  await openModel(page);
  await page.getByRole("textbox", { name: "Seed" }).last().fill("x");
  await page.getByRole("button", { name: "Run the induction demo" }).click();
  const summary = page.locator(".lm-induction-summary");
  await expect(summary).toHaveText("seed: “x” must be a whole number from 0 to 999999999.");
  await expect(page.getByRole("textbox", { name: "Seed" }).last()).toHaveValue("x");
  await page.getByRole("textbox", { name: "Seed" }).last().fill("1");
  await page.getByRole("button", { name: "Run the induction demo" }).click();
  // The shipped model has no induction head (eval.json: best 0.012 over 16 sequences): said so.
  await expect(summary).toHaveText(
    /^63 random tokens, then the same 63 again\. The best induction candidate, layer \d head \d, puts 0\.0\d\d of its weight on the token after the earlier occurrence: far below the 0\.3 of an induction head: this model has none\. Mean loss: first copy \d+\.\d\d nats, second copy \d+\.\d\d nats\.$/,
  );
  await expect(page.getByRole("img", { name: /weights over both copies/ })).toBeVisible();
  await expect(page.locator(".lm-induction svg.line-chart")).toBeVisible();
  // The legend names each line and the colour scale.
  const legend = page.locator(".lm-induction-legend");
  await expect(legend.first()).toContainText("weight 0");
  await expect(legend.last()).toContainText("first copy: the loss of each next token");
  await expect(legend.last()).toContainText("second copy: the same tokens again");
  await expect(legend.last().locator("svg")).toHaveCount(2);
  await page.setViewportSize({ width: 1280, height: 800 });
  await snapshot(page, "model-induction");
});

test("a checkpoint and its tokenizer dropped on the view open together", async ({ page }) => {
  await openModel(page);
  const files = [
    ["model.bin", readFileSync(MODEL).toString("base64")],
    ["tokenizer.bin", readFileSync(TOKENIZER).toString("base64")],
  ];
  const drop = await page.evaluateHandle((list) => {
    const data = new DataTransfer();
    for (const [name, b64] of list) {
      const bytes = Uint8Array.from(atob(b64!), (c) => c.charCodeAt(0));
      data.items.add(new File([bytes], name!));
    }
    return data;
  }, files);
  await page.locator(".lm-file").dispatchEvent("drop", { dataTransfer: drop });
  await expect(page.locator(".model-status")).toHaveText("Opened model.bin with tokenizer.bin.", {
    timeout: 15_000,
  });
  await expect(page.getByRole("textbox", { name: "Prompt" })).toHaveValue("Once upon a time");
  await expect(page.getByRole("button", { name: /^Layer \d head \d: / })).toHaveCount(8);
  // A file's model is not named in links: the hash says so.
  await expect(page).toHaveURL(/#model=file$/);
  // Its heads step through as any scenario. The scenario is the whole layer (its 12,288
  // weights written exactly: ~160,000 characters compressed), more than a link holds (100,000):
  // the URL then names no view rather than an older one (url-sync.ts), as for any large scenario.
  await page.getByRole("link", { name: "Step through it" }).click();
  await expect(page.getByTestId("step-counter")).toHaveText(/^Step \d+ of \d+$/);
  await expect(page).toHaveURL(/\/$/);
});
