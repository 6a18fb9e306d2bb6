// Scenarios from real models: tokens written in a tokenizer's notation (byte-level BPE,
// SentencePiece, WordPiece) are shown without it, while files keep the raw tokens; and a
// scenario's title and source say where it came from, as text.
import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { expect, openApp, test } from "./fixtures";

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

test("a scenario's title and source say where it came from, as text", async ({ page }) => {
  const origin = page.getByTestId("origin");
  const titled = {
    ...scenario,
    title: "BERT layer 3 <b>self</b>-attention",
    source: "attention_stepper.from_torch",
  };
  await page.goto(link(titled));
  await expect(page.getByTestId("step-counter")).toHaveText(/^Step 1 of \d+$/);
  await expect(origin).toBeVisible();
  await expect(origin).toHaveText(
    "BERT layer 3 <b>self</b>-attention (from attention_stepper.from_torch)",
  );
  await expect(origin.locator("b")).toHaveCount(0); // the file's text is never markup
  // The link the page writes (compressed) keeps it.
  await expect(page).toHaveURL(/#z=/);
  await page.reload();
  await expect(origin).toHaveText(/^BERT layer 3 <b>self<\/b>-attention/);

  // A scenario that says neither shows no line; one with a source only says "From …".
  await page.getByLabel("Preset").selectOption({ label: "Small default" });
  await expect(origin).toBeHidden();
  await page.goto(link({ ...scenario, source: "a notebook" }));
  await expect(origin).toHaveText("From a notebook");
});

test("the origin stays while the form keeps the given numbers, and goes with them", async ({
  page,
}) => {
  await openApp(page);
  await page.getByLabel("Preset").selectOption({ label: "With biases" });
  const origin = page.getByTestId("origin");
  await expect(origin).toHaveText(/^Attention with biases \(from examples\/with-biases\.json/);
  await page.getByLabel("Seed").fill("12");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/#z=/);
  await expect(origin).toHaveText(/^Attention with biases/);
  // Without the given biases the numbers are the form's own: no origin to tell.
  await page.getByLabel(/Use the given matrices/).uncheck();
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(origin).toBeHidden();
});

for (const theme of ["light", "dark"] as const) {
  test(`the origin line and labels pass axe in the ${theme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme });
    await page.goto(link({ ...scenario, title: "GPT-2 layer 0", source: "a notebook" }));
    await expect(page.getByTestId("origin")).toBeVisible();
    await expect(page.locator(".stepper")).toHaveAttribute("data-theme", theme);
    const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
    const { violations } = await new AxeBuilder({ page }).withTags(tags).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(" ")}`)).toEqual([]);
  });
}

test("a long token's header ends in an ellipsis; short ones are not clipped", async ({ page }) => {
  const long = "incomprehensibilities";
  await page.goto(link({ query_tokens: ["a", long, "cat"], d_model: 4, heads: 1 }));
  await expect(page.getByTestId("step-counter")).toHaveText(/^Step 1 of \d+$/);
  const rows = page.getByTestId("matrix-operand-0").getByRole("rowheader");
  await expect(rows).toHaveText(["a", long, "cat"]);
  const look = (i: number) =>
    rows.nth(i).evaluate((th) => {
      const s = getComputedStyle(th);
      const em = parseFloat(s.fontSize);
      return {
        clip: s.overflowX,
        ellipsis: s.textOverflow,
        cut: th.scrollWidth > th.clientWidth,
        ems: (th.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight)) / em,
        title: th.title,
      };
    });
  const longLook = await look(1);
  expect(longLook).toMatchObject({ clip: "hidden", ellipsis: "ellipsis", cut: true, title: long });
  expect(longLook.ems).toBeLessThanOrEqual(8.05); // matrix.css: max-width 8em
  // Short labels cannot outgrow the cell, so they have no clip (a paint chunk each, per frame).
  for (const i of [0, 2]) expect(await look(i)).toMatchObject({ clip: "visible", cut: false });
});
