// The meaning made visible (issue 20, items 2 and 3): the learned preset opens on the head whose
// weight on the translated words is largest (measured here from each head's A, read off its
// SoftMax step), outlines those cells in S, A and the heat map, and pointing at a query word
// lights its row in S, A and the map and draws its lines to the keys, opacity = weight.
import { type Locator, type Page } from "@playwright/test";
import {
  LEARNED_ENGLISH,
  LEARNED_FRENCH,
  TRANSLATES,
  choosePreset,
  expect,
  openApp,
  snapshot,
  test,
} from "./fixtures";

/** The translate task's words of the learned sentence: French query i → English key. */
const FRENCH = LEARNED_FRENCH;
const ENGLISH = LEARNED_ENGLISH;
const EXPECTED = FRENCH.map((f) => ENGLISH.indexOf(TRANSLATES[f]!));

/** The value cells of a figure's table, row by row. */
const tableRows = (figure: Locator) =>
  figure
    .getByRole("row")
    .evaluateAll((trs) =>
      trs
        .map((tr) => [...tr.querySelectorAll("td[data-r]")].map((td) => Number(td.textContent)))
        .filter((r) => r.length > 0),
    );

/** Head h's A (8×8) from its SoftMax step in per-matrix granularity. */
async function weightsOf(page: Page, head: number): Promise<number[][]> {
  await page.goto(`./#p=learned&s=6&h=${head}&g=1`);
  await expect(page.locator(".step-where")).toHaveText(`Head ${head + 1} of 4`);
  return tableRows(page.getByTestId("matrix-result"));
}

test("the learned preset opens on the head that weighs the translated words most", async ({
  page,
}) => {
  // Per head: how many crossed rows (chat noir, voiture rouge) and rows peak on the translated
  // word, and the mean weight on it.
  const crossed = ["chat", "noir", "voiture", "rouge"].map((f) => FRENCH.indexOf(f));
  const scores: { crossed: number; peaks: number; weight: number }[] = [];
  for (let h = 0; h < 4; h++) {
    const a = await weightsOf(page, h);
    expect(a).toHaveLength(8);
    const right = EXPECTED.flatMap((j, i) => (a[i]![j] === Math.max(...a[i]!) ? [i] : []));
    scores.push({
      crossed: right.filter((i) => crossed.includes(i)).length,
      peaks: right.length,
      weight: EXPECTED.reduce((s, j, i) => s + a[i]![j]!, 0) / 8,
    });
  }
  const rank = (x: (typeof scores)[number]) => x.crossed * 100 + x.peaks * 10 + x.weight;
  const best = scores.map(rank).indexOf(Math.max(...scores.map(rank)));
  // The model's clean crossings (chat → cat, noir → black, voiture → car, rouge → red) are in
  // the head chosen: the crossed rows of its A peak on the crossed words.
  const a = await weightsOf(page, best);
  for (const f of ["chat", "noir", "voiture", "rouge"]) {
    const i = FRENCH.indexOf(f);
    expect(a[i]!.indexOf(Math.max(...a[i]!)), f).toBe(EXPECTED[i]);
  }
  // Chosen in the picker (a link without step keys opens the first step, as docs/url.md says).
  await openApp(page);
  await choosePreset(page, "Learned: English → French", 142, 1 + 35 * best);
  await expect(page.locator(".step-where")).toHaveText(new RegExp(`^Head ${best + 1} of 4`));
  const labels = page.getByRole("list", { name: "What each head does" }).getByRole("listitem");
  const { peaks, weight } = scores[best]!;
  await expect(labels.nth(best + 1)).toContainText(
    `4/4 crossed, ${peaks}/8 rows peak on the translated word, mean weight ` +
      `${weight.toFixed(2)} on it (the best: the head this opens on)`,
  );
  await snapshot(page, "learned-opens-on-aligned-head");
});

test("the expected cells are outlined in S and A and only there", async ({ page }) => {
  for (const s of [3, 6]) {
    await page.goto(`./#p=learned&s=${s}&h=1&g=1`);
    const result = page.getByTestId("matrix-result");
    await expect(result.locator("td[data-r]")).toHaveCount(64);
    const outlined = await result
      .locator("td.expect")
      .evaluateAll((tds) => tds.map((td) => [Number(td.dataset.r), Number(td.dataset.c)]));
    expect(outlined).toEqual(EXPECTED.map((j, i) => [i, j]));
  }
  // A random cross-attention has no translation: nothing is outlined.
  await page.goto("./#p=cross&s=6&g=1");
  await expect(page.getByTestId("matrix-result").locator("td[data-r]").first()).toBeVisible();
  await expect(page.locator("td.expect")).toHaveCount(0);
});

test("pointing at a query word lights its row everywhere and draws its links", async ({ page }) => {
  await page.goto("./#p=learned&s=6&h=1&g=1");
  const links = page.getByTestId("links");
  const chat = links.getByRole("button", { name: "chat", exact: true });
  await chat.hover();
  // Its row in A is lit (the row whose first cell is row 2, 0-based).
  const lit = page.getByTestId("matrix-result").locator("tr.lit");
  await expect(lit).toHaveCount(1);
  await expect(lit.getByRole("rowheader")).toHaveText("chat");
  // One line a key, opacity = that key's weight in row "chat" of A.
  const a = await tableRows(page.getByTestId("matrix-result"));
  const lines = links.locator("svg line");
  await expect(lines).toHaveCount(8);
  const opacity = await lines.evaluateAll((ls) =>
    ls.map((l) => Number(l.getAttribute("stroke-opacity"))),
  );
  opacity.forEach((o, j) => expect(Math.abs(o - a[2]![j]!)).toBeLessThan(0.006));
  await snapshot(page, "links-chat");
  // Leaving the word: no row lit; the lines are the focused query's (query 1, "le").
  await page.mouse.move(0, 0);
  await expect(lit).toHaveCount(0);
  await expect(links.locator("svg")).toHaveAttribute("aria-label", /query 1 “le”/);
  // The keyboard does the same: focus lights, Enter picks the query.
  await links.getByRole("button", { name: "noir", exact: true }).focus();
  await expect(page.getByTestId("matrix-result").locator("tr.lit th")).toHaveText("noir");
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Query", { exact: true })).toHaveValue("3");
});

test("pointing at a row of A lights the same row in the links view", async ({ page }) => {
  await page.goto("./#p=learned&s=6&h=1&g=1");
  await page.getByTestId("matrix-result").getByRole("rowheader", { name: "voiture" }).hover();
  await expect(page.getByTestId("links").locator("svg")).toHaveAttribute(
    "aria-label",
    /query 7 “voiture”/,
  );
  await expect(page.getByTestId("links").locator("button.on")).toHaveText("voiture");
});

test.describe("on a touch phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("the links view says tap, and a tap picks the word and draws its lines", async ({
    page,
  }) => {
    await page.goto("./#p=learned&s=6&h=1");
    const links = page.getByTestId("links");
    await expect(links.locator(".hint").first()).toHaveText(/^Tap a query word/);
    await links.getByRole("button", { name: "voiture", exact: true }).tap();
    await expect(links.locator("svg")).toHaveAttribute("aria-label", /query 7 “voiture”/);
    await expect(page.locator(".step-where")).toHaveText(/query 7 “voiture”/);
    await snapshot(page, "phone-links-tap");
  });

  test("the matrices' hint says tap, and a tap names the cell", async ({ page }) => {
    await page.goto("./#p=scratch&s=6");
    const inspect = page.getByTestId("matrix-result").locator(".inspect");
    await expect(inspect).toHaveText("Tap a cell: what it means and how it is computed.");
    const cell = page.getByTestId("matrix-result").locator("td[data-r]").first();
    await cell.tap();
    await expect(inspect).toContainText("[row 1 “");
  });
});
