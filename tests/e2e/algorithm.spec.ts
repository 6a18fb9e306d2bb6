// Same head, other algorithms: the scenario's Algorithm choice ("KV cache", "FlashAttention")
// opens their own steps below the step, computed by the real core in its worker: the KV cache's
// growing cache and row t of the causal weights; flash's tile grid, m and ℓ with their numbers,
// the divide by ℓ and the weights recovered from L, each beside the standard numbers. Bad
// choices are refused by name and what was chosen stays.
import { type Page } from "@playwright/test";
import { expect, focusPage, openApp, test } from "./fixtures";

/** A largest difference as the notes print it, below 1e-12 ("0 (bit for bit)" or "d × 10⁻ⁿ"). */
const TINY =
  /largest difference is (0 \(bit for bit\)|\d\.\d × 10⁻(¹[³⁴⁵⁶⁷⁸⁹]|[²³⁴⁵⁶⁷⁸⁹][⁰¹²³⁴⁵⁶⁷⁸⁹]))/;

/** The panel as a person sees it, kept in test-results/ (looked at for each change). */
async function shoot(page: Page, name: string): Promise<void> {
  await page.getByTestId("algorithm").screenshot({ path: `test-results/algorithm-${name}.png` });
}

test.describe("dark theme", () => {
  test.use({ colorScheme: "dark" });
  test("the FlashAttention tile in the dark theme", async ({ page }) => {
    await openApp(page);
    await page.getByLabel("Preset").selectOption({ label: "FlashAttention tiles" });
    await expect(page.getByTestId("algorithm-counter")).toHaveText("Step 1 of 10: tile 1 of 8");
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await expect(page.getByTestId("flash-grid").locator("td.now")).toHaveText("2: now");
    await shoot(page, "flash-dark");
  });
});

test("FlashAttention tiles: grid, m and ℓ per tile, the divide by ℓ, the weights from L", async ({
  page,
}) => {
  await openApp(page);
  await page.getByLabel("Preset").selectOption({ label: "FlashAttention tiles" });
  const panel = page.getByTestId("algorithm");
  const counter = page.getByTestId("algorithm-counter");
  // 7 causal queries in blocks of 2 over keys in blocks of 3: 8 tiles, then 2 last steps.
  await expect(counter).toHaveText("Step 1 of 10: tile 1 of 8");
  await expect(panel.getByRole("heading")).toHaveText(/FlashAttention · head 1 · tiles of B_r = 2/);
  await expect(page.getByTestId("algorithm-note")).toContainText("O(n), not O(n²)");
  await expect(page.getByTestId("algorithm-note")).toContainText(TINY);
  await expect(page.getByLabel("B_r (query rows)")).toHaveValue("2");
  await page
    .getByRole("region", { name: "Scenario" })
    .screenshot({ path: "test-results/algorithm-form.png" });
  const grid = page.getByTestId("flash-grid");
  await expect(grid.locator("td.now")).toHaveText("1: now");
  // The tile above the diagonal (queries 0–1, keys 3–5) is never computed.
  await expect(grid.locator("tbody tr").first().locator("td.skipped")).toHaveCount(2);
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(counter).toHaveText("Step 3 of 10: tile 3 of 8");
  // Tile 3 is queries 2–3 over keys 3–5: query 2 sees none of them, query 3 sees key 3.
  const live = page.getByTestId("flash-live");
  await expect(live.first()).toContainText("ℓ = ");
  await expect(live.nth(1)).toContainText(/ℓ = \d\.\d{4} × \d\.\d{4} \+ \d\.\d{4} = \d\.\d{4}/);
  await expect(grid.locator("td.done")).toHaveCount(2);
  await shoot(page, "flash-tile");
  await page.getByRole("button", { name: "Last", exact: true }).click();
  await expect(counter).toHaveText("Step 10 of 10: recover the weights");
  await expect(page.getByTestId("algorithm-check")).toContainText(TINY);
  await shoot(page, "flash-recover");
  await page.getByRole("button", { name: "Previous", exact: true }).click();
  await expect(counter).toHaveText("Step 9 of 10: divide by ℓ");
  await expect(page.getByTestId("algorithm-check")).toContainText(TINY);
  // The stepper's head switch moves the algorithm to that head.
  await focusPage(page);
  await page.keyboard.press("]");
  await expect(panel.getByRole("heading")).toHaveText(/head 2/);
});

test("KV cache: the cache grows one row a step, row t of the causal weights", async ({ page }) => {
  await openApp(page);
  await page.getByLabel("Mask").selectOption("causal");
  await page.getByRole("button", { name: "Apply" }).click();
  await page.getByLabel("Algorithm", { exact: true }).selectOption({ label: "KV cache" });
  const counter = page.getByTestId("algorithm-counter");
  await expect(counter).toHaveText("Step 1 of 6: t = 0");
  await expect(page.getByTestId("algorithm")).toBeVisible();
  for (let i = 0; i < 3; i++) await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(counter).toHaveText("Step 4 of 6: t = 3");
  const step = page.getByTestId("algorithm-step");
  await expect(step).toContainText("K[0..3] 4×4 | V[0..3] 4×4; row 3 was appended now");
  await expect(step.locator("tr.hl").first()).toContainText("appended");
  await expect(page.getByTestId("algorithm-check")).toContainText(
    "Row 3 of the standard causal weights is what this step computed",
  );
  // The cache's weights and the standard row, cell for cell as shown.
  const rows = step.locator("table").nth(2).locator("tbody tr");
  const cells = async (r: number) => rows.nth(r).locator("td").allTextContents();
  expect(await cells(0)).toEqual(await cells(1));
  await shoot(page, "kv-cache");
  // The link is written within 200 ms of the last step (url-sync.ts coalesces a burst of steps).
  await expect(page).toHaveURL(/&a=3$/);
  // A link keeps the algorithm, and now its step too (the URL's `a`, docs/url.md).
  await page.reload();
  await expect(page.getByTestId("algorithm-counter")).toHaveText("Step 4 of 6: t = 3");
  await expect(page.getByLabel("Algorithm", { exact: true })).toHaveValue("kv-cache");
});

test("the KV cache without a causal mask, and a block of 0, are refused by name", async ({
  page,
}) => {
  await openApp(page);
  await page.getByLabel("Algorithm", { exact: true }).selectOption({ label: "KV cache" });
  await expect(page.getByTestId("error-algorithm")).toHaveText(
    'algorithm is "kv-cache", which decodes causal self-attention; mask is "none"; it must be "causal" or "window"',
  );
  await expect(page.getByLabel("Algorithm", { exact: true })).toHaveValue("kv-cache");
  await expect(page.getByTestId("algorithm")).toBeHidden();
  await page.getByLabel("Algorithm", { exact: true }).selectOption({ label: "FlashAttention" });
  await expect(page.getByTestId("algorithm-counter")).toHaveText(/^Step 1 of \d+: tile 1 of \d+$/);
  await page.getByLabel("B_c (key rows)").fill("0");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("error-block_k")).toHaveText(
    "B_c is 0; it must be a whole number between 1 and 1024",
  );
  await expect(page.getByLabel("B_c (key rows)")).toHaveValue("0");
});

test("a 100-word sentence: the tile grid is named in words, big matrices are cut", async ({
  page,
}) => {
  await openApp(page);
  const words = Array.from({ length: 100 }, (_, i) => `w${i + 1}`);
  await page.getByLabel("Sentence", { exact: true }).fill(words.join(" "));
  await page.getByLabel("Mask").selectOption("causal");
  await page.getByRole("button", { name: "Apply" }).click();
  await page.getByLabel("Algorithm", { exact: true }).selectOption({ label: "FlashAttention" });
  // 50 query blocks over 34 key blocks: far more tiles than a readable grid.
  const counter = page.getByTestId("algorithm-counter");
  await expect(counter).toHaveText(/^Step 1 of \d+: tile 1 of \d+$/);
  await expect(page.getByTestId("flash-grid")).toHaveText(
    /^Tile 1 of the \d+ computed: query block 0, key block 0 \(the grid is too large to draw\)\.$/,
  );
  await page.getByRole("button", { name: "Last", exact: true }).click();
  await expect(counter).toHaveText(/recover the weights$/);
  await expect(page.getByTestId("algorithm-step")).toContainText(
    "(the first 32 rows and 32 columns of 100×100)",
  );
  await expect(page.getByTestId("algorithm-check")).toContainText(TINY);
});
