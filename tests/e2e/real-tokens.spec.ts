// Scenarios from real models: tokens written in a tokenizer's notation (byte-level BPE,
// SentencePiece, WordPiece) are shown without it, while files keep the raw tokens; and a
// scenario's title and source say where it came from, as text.
import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";

/** Raw tokens and what the page shows for each. */
const TOKENS: [string, string][] = [
  ["[CLS]", "[CLS]"],
  ["\u0120the", "the"], // GPT-2: Ġ is a space before the word
  ["play", "play"],
  ["##ing", "-ing"], // BERT: a piece that continues the word before
  ["\u2581sun", "sun"], // SentencePiece: ▁ starts a word
  ["\u010A", "\u21B5"], // GPT-2: Ċ is a newline, shown as ↵
  ["\u00C3\u00A9t\u00C3\u00A9", "été"], // GPT-2: the UTF-8 bytes of "été", one character each
];

const link = (scenario: object) => `./#scenario=${encodeURIComponent(JSON.stringify(scenario))}`;
const scenario = { query_tokens: TOKENS.map(([raw]) => raw), d_model: 4, heads: 1 };

test("tokens from real tokenizers are shown without their notation; files keep them raw", async ({
  page,
}) => {
  await page.goto(link(scenario));
  await expect(page.getByTestId("step-counter")).toHaveText(/^Step 1 of \d+$/);

  // The query picker and the rows of X.
  const picker = page.getByLabel("Query", { exact: true });
  const options = await picker.locator("option").allTextContents();
  expect(options).toEqual(TOKENS.map(([, shown], i) => `${i + 1} · ${shown}`));
  const rows = page.getByTestId("matrix-operand-0").getByRole("rowheader");
  await expect(rows).toHaveText(TOKENS.map(([, shown]) => shown));

  // The step text names a token by its label: the scores of query 4 ("##ing").
  await picker.selectOption({ index: 3 });
  await page.getByRole("navigation", { name: "Pipeline" }).locator('[data-stage="3"]').click();
  await expect(page.getByTestId("step-view")).toContainText("'-ing'");
  await expect(page.getByTestId("step-view")).not.toContainText("##ing");

  // Saving writes the tokens as they came.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Save scenario" }).click();
  const saved = JSON.parse(await readFile(await (await download).path(), "utf8")) as {
    query_tokens: string[];
  };
  expect(saved.query_tokens).toEqual(TOKENS.map(([raw]) => raw));
});
