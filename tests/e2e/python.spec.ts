// The Python package's pages, opened from file:// with every request but file:, data: and blob:
// ones aborted: examples/pytorch-layer.ipynb executed by nbconvert (its show() output), and a file
// written by save_html. tests/python/pages.py makes both with Debian's /usr/bin/python3 (torch,
// nbconvert) and the standalone build (npm run build:standalone), and prints torch's numbers.
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { expect, test, type Locator, type Page } from "@playwright/test";

interface Pages {
  notebook: string;
  saved: string;
  /** save_html of a causal layer with algorithm "flash", opened at algorithm_step=2. */
  flash: string;
  tokens: string[];
  /** torch's Q = query W_q^T + b_q of the saved layer, (5, 6). */
  q: number[][];
}

let pages: Pages;

// Both tests in one worker, so the pages are made once.
test.describe.configure({ mode: "default" });

test.beforeAll(() => {
  // nbconvert starts a kernel that imports torch: seconds, more on a busy machine.
  test.setTimeout(180_000);
  const out = mkdtempSync(join(tmpdir(), "attention-stepper-python-"));
  const printed = execFileSync("/usr/bin/python3", ["tests/python/pages.py", out], {
    encoding: "utf8",
  });
  pages = JSON.parse(printed) as Pages;
});

/** Opens `path` from file:// offline; returns the URLs that tried the network and page errors. */
async function openOffline(
  page: Page,
  path: string,
): Promise<{ online: string[]; errors: string[] }> {
  const online: string[] = [];
  const errors: string[] = [];
  await page.route("**", (route) => {
    const url = route.request().url();
    if (/^(file|data|blob):/.test(url)) return route.continue();
    online.push(url);
    return route.abort();
  });
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(pathToFileURL(path).href);
  return { online, errors };
}

/** Cell (r, c) of the step's result matrix, its shown number read back. */
async function shownNumber(cell: Locator): Promise<number> {
  return Number((await cell.innerText()).trim().replace("\u2212", "-"));
}

const resultCell = (page: Page, r: number, c: number) =>
  page.getByTestId("matrix-result").locator(`[data-r="${r}"][data-c="${c}"]`);

test("the executed notebook shows the torch layer's output in the stepper, offline", async ({
  page,
}) => {
  const { errors } = await openOffline(page, pages.notebook);
  // The notebook printed torch's value; the stepper below it shows the same number to 4 decimals.
  const printed = await page.getByText(/^output\[0, 0\] = /).innerText();
  const torchValue = Number(/= (\S+)/.exec(printed)![1]);
  await expect(page.getByTestId("step-counter")).toHaveText(/^Step (\d+) of \1$/);
  await expect(page.getByText("Linear: output projection")).toBeVisible();
  const cell = resultCell(page, 0, 0);
  await expect(cell).toHaveText(/\d\.\d{4}/);
  expect(Math.abs((await shownNumber(cell)) - torchValue)).toBeLessThanOrEqual(0.5e-4 + 1e-12);
  expect(errors).toEqual([]);
});

test("a save_html file works from file:// with the network off", async ({ page }) => {
  const { online, errors } = await openOffline(page, pages.saved);
  await expect(page.getByTestId("step-counter")).toHaveText(/^Step 1 of \d+$/);
  await expect(page.getByText("Linear: project the queries")).toBeVisible();
  // The tokens are text (a token "</script>" did not end the page's script).
  const result = page.getByTestId("matrix-result");
  for (const token of pages.tokens) {
    await expect(result.getByRole("rowheader", { name: token, exact: true })).toBeVisible();
  }
  // Head 1's Q_1 is columns 1-3 of torch's Q (with the bias b_q).
  for (const [r, c] of [
    [0, 0],
    [1, 2],
    [4, 1],
  ] as const) {
    const shown = await shownNumber(resultCell(page, r, c));
    expect(Math.abs(shown - pages.q[r]![c]!)).toBeLessThanOrEqual(0.5e-4 + 1e-12);
  }
  // Hidden as asked: hide=["scenario"].
  await expect(page.getByLabel("Scenario", { exact: true })).toBeHidden();
  await expect(page.getByLabel("Attention weights")).toBeVisible();
  expect(online).toEqual([]);
  expect(errors).toEqual([]);
});

test("a save_html page with algorithm flash shows its tiles from file://, offline", async ({
  page,
}) => {
  // algorithms.wasm is inlined in the one file: its tiles need no request either.
  const { online, errors } = await openOffline(page, pages.flash);
  const counter = page.getByTestId("algorithm-counter");
  // 7 causal queries in blocks of 2 over keys in blocks of 3: 8 tiles, then 2 last steps.
  await expect(counter).toHaveText("Step 2 of 10: tile 2 of 8");
  await expect(page.getByTestId("flash-grid").locator("td.now")).toHaveText("2: now");
  await expect(page.getByTestId("flash-live").first()).toContainText("ℓ = ");
  await page.getByRole("button", { name: "Last", exact: true }).click();
  await expect(counter).toHaveText("Step 10 of 10: recover the weights");
  await expect(page.getByTestId("algorithm-check")).toContainText(
    /largest difference is (0 \(bit for bit\)|\d\.\d × 10⁻)/,
  );
  expect(online).toEqual([]);
  expect(errors).toEqual([]);
});
