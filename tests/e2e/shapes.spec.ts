// Shapes that never contradict: a matrix shown whole with a block lit names both (the whole
// matrix's shape, then the part the step uses), on screen, for screen readers and in the SVG
// export; every matrix product says why its sizes fit; the formula lines fit or say they scroll.
import { readFile } from "node:fs/promises";
import { type Locator, type Page } from "@playwright/test";
import { expect, openApp, test } from "./fixtures";

/**
 * Opens the view of a link hash (docs/url.md: stage s, 0-based head h and query q, granularity g)
 * and waits until the step view shows its heading and where it is (head, query).
 */
async function openStep(page: Page, hash: string, heading: string): Promise<Locator> {
  await page.goto(`./#${hash}`);
  const view = page.getByTestId("step-view");
  const get = (key: string) => new URLSearchParams(hash).get(key);
  const head = get("h") === null ? "" : `Head ${Number(get("h")) + 1} of \\d+`;
  const query = get("g") === "0" && get("q") ? ` · query ${Number(get("q")) + 1} “` : "";
  await expect(view.getByRole("heading", { level: 2 })).toHaveText(heading);
  await expect(view.locator(".step-where")).toHaveText(new RegExp(`^${head}${query}`));
  if (!query) await expect(view.locator(".step-where")).not.toContainText("query");
  return view;
}

/**
 * The matrix figure `id` ("matrix-operand-1", "matrix-result") has a table named `name` (then,
 * on a matrix one can drill into, "; press Enter …").
 */
async function expectNamed(page: Page, id: string, name: string): Promise<void> {
  const exactly = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(;|$)`);
  await expect(page.getByTestId(id).getByRole("grid", { name: exactly })).toBeVisible();
}

/** The visible header: the whole matrix's badge, then "<range> =" and the part's badge. */
async function expectHeader(page: Page, id: string, whole: string, range: string, part: string) {
  const head = page.getByTestId(id).locator(".mhead");
  await expect(head.locator(":scope > .badge")).toHaveText(whole);
  await expect(head.locator(".mpart")).toContainText(`${range} =`);
  await expect(head.locator(".mpart .badge")).toHaveText(part);
}

test("projections name the whole W_Q, W_K, W_V and the head's columns", async ({ page }) => {
  // Small default: d_model 8, 2 heads of d_k 4; head 2 reads columns 5–8.
  const view = await openStep(page, "p=small&s=0&h=1&g=0", "Linear: project the queries");
  await expect(view.locator(".shapes")).toHaveText("X (6×8) · W_Q⁽²⁾ (8×4) → Q_2 (6×4)");
  await expectHeader(page, "matrix-operand-1", "8×8", "columns 5–8", "8×4");
  await expectNamed(page, "matrix-operand-1", "W_Q, 8×8, columns 5–8 = W_Q^(2), 8×4");
  await expectNamed(page, "matrix-result", "Q_2, 6×4");
  await expect(view.locator(".operands:not(.parked)")).toHaveAttribute(
    "aria-label",
    "Operands and result: X, 6×8; W_Q, 8×8, columns 5–8 = W_Q^(2), 8×4; Q_2, 6×4",
  );

  await openStep(page, "p=small&s=1&h=1&g=0", "Linear: project the keys");
  await expectNamed(page, "matrix-operand-1", "W_K, 8×8, columns 5–8 = W_K^(2), 8×4");
  await openStep(page, "p=small&s=2&h=0&g=0", "Linear: project the values");
  await expectNamed(page, "matrix-operand-1", "W_V, 8×8, columns 1–4 = W_V^(1), 8×4");
});

test("cross-attention: X_kv times the head's block of W_K", async ({ page }) => {
  // 12 queries over 9 keys, d_model 16, 2 heads of d_k 8.
  await openStep(page, "p=cross&s=1&h=1&g=0", "Linear: project the keys");
  await expectNamed(page, "matrix-operand-0", "X_kv, 9×16");
  await expectHeader(page, "matrix-operand-1", "16×16", "columns 9–16", "16×8");
  await expectNamed(page, "matrix-operand-1", "W_K, 16×16, columns 9–16 = W_K^(2), 16×8");
});

test("a per-query step names the row it reads and writes", async ({ page }) => {
  await openStep(page, "p=small&s=3&h=1&q=3&g=0", "MatMul: scores Q Kᵀ");
  await expectHeader(page, "matrix-operand-0", "6×4", "row 4", "1×4");
  await expectNamed(page, "matrix-operand-0", "Q_2, 6×4, row 4 = q_4, 1×4");
  await expectNamed(page, "matrix-operand-1", "K_2ᵀ, 4×6, transposed");
  await expectNamed(page, "matrix-result", "S_2, 6×6, row 4 = s_4, 1×6");
  // The same matrices per matrix: used whole, no part.
  await openStep(page, "p=small&s=3&h=1&g=1", "MatMul: scores Q Kᵀ");
  await expectNamed(page, "matrix-operand-0", "Q_2, 6×4");
  await expect(page.getByTestId("matrix-operand-0").locator(".mpart")).toHaveCount(0);
});

test("additive scoring: W_1, W_2 by their head's columns, v_a by its row", async ({ page }) => {
  await openApp(page);
  await page
    .getByLabel("Score", { exact: true })
    .selectOption({ label: "Additive vᵀtanh(W₁q + W₂k) — Bahdanau" });
  await expect(page.getByTestId("step-counter")).toHaveText(/of 44$/);
  await page.getByRole("navigation", { name: "Pipeline" }).locator('[data-stage="3"]').click();
  await page.getByLabel("Head", { exact: true }).selectOption({ label: "Head 2" });
  await expect(page.getByTestId("step-view")).toContainText("Head 2 of 2 · query 1");
  // d_k = d_a = 4: W_1, W_2 are (4, 2·4), v_a is (2, 4).
  await expectNamed(page, "matrix-operand-1", "W_1, 4×8, columns 5–8 = W_1^(2), 4×4");
  await expectNamed(page, "matrix-operand-3", "W_2, 4×8, columns 5–8 = W_2^(2), 4×4");
  await expectHeader(page, "matrix-operand-4", "2×4", "row 2", "1×4");
  await expectNamed(page, "matrix-operand-4", "v_a, 2×4, row 2 = v_a^(2), 1×4");
  await expect(page.getByTestId("size-rule")).toContainText(
    "q_1 W_1⁽²⁾: (1×4) @ (4×4) → (1×4); k_j W_2⁽²⁾: (1×4) @ (4×4) → (1×4); " +
      "tanh(…) v_a⁽²⁾ᵀ, for each key j: (1×4) @ (4×1) → (1×1): the inner sizes agree",
  );
});

test("the step's SVG export names the whole matrix and the head's block", async ({ page }) => {
  await openStep(page, "p=small&s=0&h=1&g=0", "Linear: project the queries");
  await page.getByRole("button", { name: "Export" }).click();
  const download = page.waitForEvent("download");
  await page
    .getByRole("group", { name: "Export" })
    .getByRole("button", { name: "Step as SVG" })
    .click();
  const text = await readFile(await (await download).path(), "utf8");
  const texts = [...text.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
  // W_Q, its 8×8 badge, "columns 5–8 = ", W_Q^(2), its 8×4 badge, in this order.
  const at = texts.indexOf("W_Q");
  expect(texts.slice(at, at + 5)).toEqual(["W_Q", "8×8", "columns 5–8 = ", "W_Q^(2)", "8×4"]);
  expect(text).toContain("Why the sizes fit: (6×8) @ (8×4) → (6×4): the inner sizes agree");
});

// Small default: m = n = 6, d_model 8, d_k = d_v = 4, W_O (8, 8).
const RULES: [string, string, string][] = [
  [
    "s=0&h=1&g=0",
    "Linear: project the queries",
    "(6×8) @ (8×4) → (6×4): the inner sizes agree (8 = 8)",
  ],
  [
    "s=3&h=1&q=3&g=0",
    "MatMul: scores Q Kᵀ",
    "(1×4) @ (4×6) → (1×6): the inner sizes agree (4 = 4)",
  ],
  ["s=3&h=1&g=1", "MatMul: scores Q Kᵀ", "(6×4) @ (4×6) → (6×6): the inner sizes agree (4 = 4)"],
  [
    "s=7&h=0&q=2&g=0",
    "MatMul: weighted sum A V",
    "(1×6) @ (6×4) → (1×4): the inner sizes agree (6 = 6)",
  ],
  [
    "s=7&h=0&g=1",
    "MatMul: weighted sum A V",
    "(6×6) @ (6×4) → (6×4): the inner sizes agree (6 = 6)",
  ],
  ["s=9&g=1", "Linear: output projection", "(6×8) @ (8×8) → (6×8): the inner sizes agree (8 = 8)"],
];

test("every matrix product says why its sizes fit, per query and per matrix", async ({ page }) => {
  for (const [hash, heading, sizes] of RULES) {
    await openStep(page, `p=small&${hash}`, heading);
    const rule = page.getByTestId("size-rule");
    await expect(rule).toContainText(`Why the sizes fit: ${sizes}. @ is the matrix product`);
    await expect(rule).toBeVisible();
  }
  // Not a product: no rule.
  await openStep(page, "p=small&s=6&h=0&q=0&g=0", "SoftMax over each row");
  await expect(page.getByTestId("size-rule")).toBeHidden();
});

/** Each formula line fits in the panel and the page, or is marked as a scroll region. */
async function expectFitsOrMarked(view: Locator): Promise<void> {
  for (const name of ["Formula", "Formula with this step's numbers"]) {
    const box = view.getByLabel(name, { exact: true });
    const state = () =>
      box.evaluate((e: HTMLElement) => {
        const inPage = e.getBoundingClientRect().right <= document.documentElement.clientWidth + 1;
        if (e.scrollWidth <= e.clientWidth + 1) return inPage ? "fits" : "off the page";
        const marked = e.dataset.scrolls === "true" && e.getAttribute("role") === "region";
        return marked && e.tabIndex === 0 && inPage ? "scrolls, marked" : "clipped";
      });
    await expect.poll(state, { message: name }).toMatch(/^(fits|scrolls, marked)$/);
  }
}

for (const preset of ["small", "hopkins", "cross"]) {
  for (const width of [1280, 900, 390]) {
    test(`the formula lines of ${preset} fit or are marked at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      for (const [hash, heading] of [
        ["s=3&h=1&q=3&g=0", "MatMul: scores Q Kᵀ"],
        ["s=6&h=1&q=3&g=0", "SoftMax over each row"],
        ["s=3&h=1&g=1", "MatMul: scores Q Kᵀ"],
      ]) {
        await expectFitsOrMarked(await openStep(page, `p=${preset}&${hash}`, heading!));
      }
    });
  }
}

test("a line of numbers wider than a 320 px phone scrolls, marked, by keyboard", async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 800 });
  const view = await openStep(page, "p=hopkins&s=3&h=1&q=3&g=0", "MatMul: scores Q Kᵀ");
  const numbers = view.getByRole("region", { name: "Formula with this step's numbers" });
  await expect(numbers).toHaveAttribute("data-scrolls", "true");
  await expect(numbers).toHaveClass(/at-start/);
  await expectFitsOrMarked(view);
  const counter = await page.getByTestId("step-counter").textContent();
  await numbers.focus();
  await page.keyboard.press("End");
  await expect(numbers).toHaveClass(/at-end/);
  await expect.poll(() => numbers.evaluate((e) => e.scrollLeft)).toBeGreaterThan(0);
  // The key scrolled the formula; it did not go to the last step.
  await expect(page.getByTestId("step-counter")).toHaveText(counter ?? "");
});
