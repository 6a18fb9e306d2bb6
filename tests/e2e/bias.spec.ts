// Biases on the page (examples/with-biases.json, the "With biases" preset): the projection step
// shows b_Q's block as a third operand with its shape, Q equals `npm run trace`'s, the drill-down
// of a Q cell lists the bias term, an edit of a bias cell changes Q (and undoes), and links carry
// the biases, their edits and a custom scenario's title and source.
import { execFileSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import { deflateRawSync } from "node:zlib";
import { type Page } from "@playwright/test";
import { cellOf, toStage } from "./cells";
import { choosePreset, expect, openApp, snapshot, test } from "./fixtures";
import { cell } from "./reference";

const EXAMPLE = "examples/with-biases.json";
const STEPS = 40; // 2 heads × (3 projections + 4 queries × 4 stages) + Concat + output projection
const at = (r: number, c: number) => `[data-r="${r}"][data-c="${c}"]`;
const z = (text: string) => deflateRawSync(Buffer.from(text)).toString("base64url");

interface Trace {
  b_q: number[];
  q: number[][];
  output: number[][];
  heads: { q: number[][] }[];
}

/** The example's trace, as `npm run trace` prints it (the same wasm module, in Node). */
const trace = JSON.parse(
  execFileSync(process.execPath, ["tools/cli/trace.mjs", EXAMPLE], { encoding: "utf8" }),
) as Trace;

/** Q of head 1 on screen (the result of step 1) equals `q` to the 4 decimals shown. */
async function expectQ(page: Page, q: number[][]): Promise<void> {
  const result = page.getByTestId("matrix-result");
  for (const [r, row] of q.entries()) {
    for (const [c, x] of row.entries()) await expect(result.locator(at(r, c))).toHaveText(cell(x));
  }
}

test("the projection step shows b_Q's block with its shape; Q is the trace's", async ({ page }) => {
  await openApp(page);
  await choosePreset(page, "With biases", STEPS);
  const view = page.getByTestId("step-view");
  await expect(view.locator(".shapes")).toHaveText(
    "X (4×4) · W_Q⁽¹⁾ (4×2) + b_Q⁽¹⁾ (1×2) → Q_1 (4×2)",
  );
  await expect(view.locator(".sentence")).toContainText(
    "then the bias row b_Q⁽¹⁾ (2 numbers) is added to every row",
  );
  const bias = page.getByTestId("matrix-operand-2");
  await expect(bias.locator("caption")).toContainText("b_Q");
  await expect(bias.locator(".mhead")).toContainText("+");
  for (const [c, x] of trace.b_q.entries())
    await expect(bias.locator(at(0, c))).toHaveText(cell(x));
  await expectQ(page, trace.heads[0]!.q);
  await snapshot(page, "bias-project-q");

  // Head 2 reads the other block of b_Q; the output projection adds b_O.
  await page.getByRole("group", { name: "Heads" }).getByRole("button", { name: /2/ }).click();
  await expect(view.locator(".shapes")).toContainText("+ b_Q⁽²⁾ (1×2)");
  await expect(page.getByTestId("split-panel")).toContainText(
    "Q = X W_Q + b_Q: (1, 4, 4) · 4×4 + 1×4",
  );
  await toStage(page, 9);
  await expect(view.locator(".shapes")).toHaveText(
    "Concat (4×4) · W_O (4×4) + b_O (1×4) → Y (4×4)",
  );
  await expect(page.getByTestId("matrix-result").locator(at(3, 2))).toHaveText(
    cell(trace.output[3]![2]!),
  );
});

test("the drill-down of a Q cell lists the bias term", async ({ page }) => {
  await openApp(page);
  await choosePreset(page, "With biases", STEPS);
  const target = cellOf(page, "matrix-result", "cat", 1);
  await target.click();
  const panel = page.getByRole("dialog", { name: /How Q_1 \[row 2 'cat', column 2\]/ });
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId("drill-product-bias")).toHaveText(
    /^Bias term: b_Q\[2\] = -0\.2500, added to the sum of the products/,
  );
  await expect(panel.getByTestId("drill-product-sum")).toHaveText(
    new RegExp(`^q\\[2,2\\] = .* − 0\\.2500 \\(bias\\) = ${cell(trace.heads[0]!.q[1]![1]!)}$`),
  );
  await expect(panel.getByTestId("drill-stored")).toContainText(cell(trace.q[1]![1]!));
  await snapshot(page, "bias-drill-q");
});

test("an edit of a bias cell changes Q, undoes, and travels in the link", async ({
  page,
  context,
}) => {
  await openApp(page);
  await choosePreset(page, "With biases", STEPS);
  const bias = page.getByTestId("matrix-operand-2").locator(at(0, 1));
  await bias.dblclick();
  const editor = page.getByRole("textbox", { name: /^Edit b_Q/ });
  await editor.fill("10");
  await editor.press("Enter");
  await expect(bias).toHaveText("10.0000");
  await expect(page.getByTestId("edit-count")).toHaveText("1 cell edited");
  // Column 2 of Q moves by 10 − b_q[1] in every row; column 1 stays.
  const shift = 10 - trace.b_q[1]!;
  const edited = trace.heads[0]!.q.map(([a, b]) => [a!, b! + shift]);
  await expectQ(page, edited);
  await expect(page).toHaveURL(/#p=biases&e=b_q:0:1:10&s=0&h=0&q=0&g=0$/);

  const other = await context.newPage();
  await other.goto(page.url());
  await expect(other.getByTestId("step-counter")).toHaveText(`Step 1 of ${STEPS}`);
  await expect(other.getByTestId("edit-count")).toHaveText("1 cell edited");
  await expectQ(other, edited);
  await other.close();

  await page.getByRole("button", { name: "Undo edit" }).click();
  await expectQ(page, trace.heads[0]!.q);
});

test("a custom scenario's biases, title and source round-trip through its link", async ({
  page,
  context,
}) => {
  const scenario = {
    title: "A layer <b>not</b> from here",
    source: "tests/e2e/bias.spec.ts",
    query_tokens: ["a", "b", "c"],
    d_model: 2,
    heads: 1,
    x_q: [
      [1, 0],
      [0, 1],
      [1, 1],
    ],
    w_q: [
      [1, 0],
      [0, 1],
    ],
    b_q: [0.5, -2],
  };
  await page.goto(`/#z=${z(JSON.stringify(scenario))}&s=0&h=0&q=0&g=0`);
  const q = [
    [1.5, -2],
    [0.5, -1],
    [1.5, -1],
  ];
  await expectQ(page, q);
  // The page writes its own link for the view; opened elsewhere it is the same scenario.
  await expect(page).toHaveURL(/#z=[\w-]+&s=0&h=0&q=0&g=0$/);
  const other = await context.newPage();
  await other.goto(page.url());
  await expectQ(other, q);
  // Save scenario writes what the link carried: the biases, the title and the source.
  const download = other.waitForEvent("download");
  await other.getByRole("button", { name: "Save scenario" }).click();
  const saved = JSON.parse(await readFile(await (await download).path(), "utf8")) as object;
  expect(saved).toMatchObject({ title: scenario.title, source: scenario.source, b_q: [0.5, -2] });
  await other.close();
});

test("the step's SVG export shows the bias after a plus", async ({ page }) => {
  await openApp(page);
  await choosePreset(page, "With biases", STEPS);
  await page.getByRole("button", { name: "Export" }).click();
  const download = page.waitForEvent("download");
  await page
    .getByRole("group", { name: "Export" })
    .getByRole("button", { name: "Step as SVG" })
    .click();
  const svg = await readFile(await (await download).path(), "utf8");
  expect(svg).toMatch(/>\+<\/text>/);
  expect(svg).toContain("b_Q");
  expect(svg).toContain(cell(trace.b_q[1]!));
});
