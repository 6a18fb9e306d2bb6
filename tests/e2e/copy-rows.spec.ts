// The copy task's maps read alike (issue 20, item 4): "Use it" and "Watch it form" label rows
// by the symbol each position reads, so the same sequence gives the same rows and the same peaks;
// layer 1's look at "|" is explained with its figure; and "best" under the mean of the heads is
// explained where the mean is named.
import { type Locator, type Page } from "@playwright/test";
import { LEARNED_ENGLISH, LEARNED_FRENCH, TRANSLATES, expect, test } from "./fixtures";

const ENGLISH = LEARNED_ENGLISH;
const FRENCH = LEARNED_FRENCH;

async function openLearnLink(page: Page, hash: string): Promise<void> {
  await page.goto(`./${hash}`);
  await expect(page.getByTestId("learn-model")).toHaveText(/^The prebuilt model/, {
    timeout: 15_000,
  });
}

/** The row labels a map's caption lists ("…: a b c; columns = …"). */
async function rowsOf(map: Locator): Promise<string[]> {
  const text = (await map.locator("figcaption").textContent()) ?? "";
  return /: ([^:;]*); columns = /.exec(text)![1]!.split(" ");
}

/** "| → f 0.85, f → c 0.86, …" as [row, key] pairs. */
async function peaksOf(peaks: Locator): Promise<string[]> {
  const text = /looks most: (.*)\.$/.exec((await peaks.textContent()) ?? "")![1]!;
  return text.split(", ").map((p) => p.replace(/ \d\.\d\d$/, ""));
}

test("Use it labels the copy's rows as Watch it form does", async ({ page }) => {
  await openLearnLink(page, "#learn=copy");
  const watch = page.getByTestId("learn-map-1");
  const watched = await rowsOf(watch);
  const sequence = watched.slice(0, watched.indexOf("|"));
  // The held-out sequence, copied in the stepper's Use it.
  await page.getByRole("textbox", { name: "Symbols to copy" }).fill(sequence.join(" "));
  await page.getByRole("button", { name: "Copy", exact: true }).click();
  await expect(page.getByTestId("learn-output")).toHaveText(
    `Copy: ${sequence.join(" ")} ✓ correct`,
  );
  const use = page.getByTestId("learn-use-map");
  await expect(use.locator("figcaption")).toContainText("row = the symbol a position reads");
  await expect(watch.locator("figcaption")).toContainText("row = the symbol a position reads");
  const used = await rowsOf(use);
  // The copy's rows: "|" then the symbols written so far, as in the watched map's second half.
  expect(used).toEqual(watched.slice(sequence.length));
  expect(used[0]).toBe("|");
  // And its named head peaks where the watched map's named head does, row for row.
  const usePeaks = await peaksOf(page.getByTestId("learn-use-map-peaks"));
  const watchPeaks = await peaksOf(page.getByTestId("learn-map-1-peaks"));
  expect(usePeaks).toEqual(watchPeaks.slice(sequence.length));
});

test("layer 1's look at “|” is explained with its figure, layer 2 needs none", async ({ page }) => {
  await openLearnLink(page, "#learn=copy");
  const note = page.getByTestId("learn-map-0-separator");
  await expect(note).toHaveText(
    /^The \d+ rows after “\|” put 0\.\d\d of their weight on “\|” on average \(Head \d\): the separator/,
  );
  const figure = Number(/put (0\.\d\d)/.exec((await note.textContent()) ?? "")![1]);
  expect(figure).toBeGreaterThanOrEqual(0.5);
  await expect(page.getByTestId("learn-map-1-separator")).toBeHidden();
});

test("where the mean of the heads is named best, what “best” measures is said", async ({
  page,
}) => {
  await openLearnLink(page, "#learn");
  const use = page.getByTestId("learn-use-map");
  const mean = use.locator(".head-map-name", { hasText: "Mean of the heads" });
  // The translate model names the mean of its heads (build/models/translate.model.json).
  await expect(mean).toHaveText("Mean of the heads (best)");
  await expect(use.getByText(/^“Best” is the map with the highest pattern score/)).toBeVisible();
  // Each map's count of rows peaking on the translated word, read back from each map's own
  // description of where its rows peak.
  await page.getByRole("textbox", { name: "English sentence" }).fill(ENGLISH.join(" "));
  await page.getByRole("button", { name: "Translate" }).click();
  await expect(page.getByTestId("learn-output")).toHaveText(
    `French: ${FRENCH.join(" ")} ✓ correct`,
  );
  const maps = await use
    .getByRole("img")
    .evaluateAll((cs) => cs.map((c) => c.getAttribute("aria-label") ?? ""));
  const each = maps.map((label) => {
    const name = /^(Head \d|Mean of the heads)/.exec(label)![1];
    const pairs = /column: (.*)$/.exec(label)![1]!.split(", ");
    const hits = pairs.filter((p) => {
      const [row, , key] = p.split(" ");
      return TRANSLATES[row!] === key;
    }).length;
    return `${name} ${hits}/8`;
  });
  await expect(page.getByTestId("learn-use-map-counts")).toHaveText(
    `Rows whose largest weight is on the expected word, in this sentence: ${each.join(", ")}.`,
  );
});

test("the copy's counts follow the induction rule", async ({ page }) => {
  await openLearnLink(page, "#learn=copy");
  const watch = page.getByTestId("learn-map-1");
  const rows = await rowsOf(watch);
  const sep = rows.indexOf("|");
  // Row "|" should look at the first symbol; a later row at the one after its symbol's first
  // occurrence.
  const expected = (row: number) =>
    row === sep ? rows[0] : row > sep ? rows[rows.indexOf(rows[row]!) + 1] : undefined;
  const labels = await watch
    .getByRole("img")
    .evaluateAll((cs) => cs.map((c) => c.getAttribute("aria-label") ?? ""));
  const each = labels.map((label) => {
    const name = /^(Head \d|Mean of the heads)/.exec(label)![1];
    const pairs = /column: (.*)$/.exec(label)![1]!.split(", ");
    const hits = pairs.filter((p, r) => r >= sep && p.split(" ")[2] === expected(r)).length;
    return `${name} ${hits}/${rows.length - sep}`;
  });
  await expect(page.getByTestId("learn-map-1-counts")).toHaveText(
    `Rows whose largest weight is on the expected word, in this sentence: ${each.join(", ")}.`,
  );
});
