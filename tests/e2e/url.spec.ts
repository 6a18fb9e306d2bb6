// The URL holds the view: links and reloads reopen the exact step (edits included), back/forward
// move between visited steps, and a bad or tampered link falls back to the default with a message.
import { deflateRawSync } from "node:zlib";
import { type Page } from "@playwright/test";
import { choosePreset, expect, focusPage, openApp, test } from "./fixtures";

const at = (r: number, c: number) => `[data-r="${r}"][data-c="${c}"]`;
const counter = (page: Page) => page.getByTestId("step-counter");
const status = (page: Page) => page.locator('[data-part="status"]');
const z = (text: string) => deflateRawSync(Buffer.from(text)).toString("base64url");

async function toStage(page: Page, stage: number): Promise<void> {
  const box = page.getByRole("navigation", { name: "Pipeline" }).locator(`[data-stage="${stage}"]`);
  await box.click();
  // Drawn once the step's parts are loaded from the core's worker: lit when it is on screen.
  await expect(box).toHaveAttribute("aria-current", "step");
}

/** The From scratch preset with X(1,1) = 2, at SoftMax for query 3. */
async function editedSoftmax(page: Page): Promise<void> {
  await openApp(page);
  await choosePreset(page, "From scratch", 20);
  await page.getByTestId("matrix-operand-0").locator(at(0, 0)).dblclick();
  const editor = page.getByRole("textbox", { name: "Edit X row 1, column 1" });
  await editor.fill("2");
  await editor.press("Enter");
  await expect(page.getByTestId("edit-count")).toHaveText("1 cell edited");
  await toStage(page, 6);
  await page.getByLabel("Query", { exact: true }).selectOption({ index: 2 });
  await expect(page).toHaveURL(/#p=scratch&e=x_q:0:0:2&s=6&h=0&q=2&g=0$/);
}

test("a link reopens the same step of the same edited scenario", async ({ page, context }) => {
  await editedSoftmax(page);
  const step = await counter(page).textContent();
  const result = await page.getByTestId("matrix-result").textContent();
  const other = await context.newPage();
  await other.goto(page.url());
  await expect(counter(other)).toHaveText(step ?? "");
  await expect(other.getByLabel("Query", { exact: true })).toHaveValue("2");
  await expect(other.getByTestId("matrix-result")).toHaveText(result ?? "");
  await expect(other.getByTestId("edit-count")).toHaveText("1 cell edited");
  await other.getByRole("navigation", { name: "Pipeline" }).locator('[data-stage="0"]').click();
  await expect(other.getByTestId("matrix-operand-0").locator(at(0, 0))).toHaveText("2.0000");
  await other.close();
});

test("a custom scenario travels compressed, and a reload reopens exactly that view", async ({
  page,
}) => {
  await openApp(page);
  const scenario = { query_tokens: ["a", "b", "c"], d_model: 4, heads: 2, seed: 7 };
  await page.goto(`./#z=${z(JSON.stringify(scenario))}&s=7&h=1&q=1&g=0`);
  await expect(page.getByTestId("step-view")).toContainText("“b”");
  const step = await counter(page).textContent();
  await expect(page.getByLabel("Head", { exact: true })).toHaveValue("1");
  await page.reload();
  await expect(counter(page)).toHaveText(step ?? "");
  await expect(page.getByLabel("Head", { exact: true })).toHaveValue("1");
  await expect(page.getByLabel("Query", { exact: true })).toHaveValue("1");
  await expect(status(page)).toHaveText("");
});

test("back and forward move between the settled steps", async ({ page }) => {
  await openApp(page);
  await expect(page).toHaveURL(/#p=small&s=0/);
  await toStage(page, 3);
  const scores = await counter(page).textContent();
  await page.waitForTimeout(500);
  await toStage(page, 6);
  const softmax = await counter(page).textContent();
  await page.waitForTimeout(500);
  // Rapid steps (here four at once) make one entry: back from them returns to SoftMax.
  await focusPage(page);
  await page.evaluate(() => {
    for (let i = 0; i < 4; i++) {
      document.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true }));
    }
  });
  await expect(counter(page)).toHaveText(/^Step 10 of 56$/);
  await expect(page).toHaveURL(/s=6&h=0&q=1&g=0$/);
  const after = await counter(page).textContent();
  await page.goBack();
  await expect(counter(page)).toHaveText(softmax ?? "");
  await page.goBack();
  await expect(counter(page)).toHaveText(scores ?? "");
  await page.goBack();
  await expect(counter(page)).toHaveText(/^Step 1 of 56$/);
  await page.goForward();
  await expect(counter(page)).toHaveText(scores ?? "");
  await page.goForward();
  await page.goForward();
  await expect(counter(page)).toHaveText(after ?? "");
});

const BAD: [string, string, RegExp][] = [
  ["garbage", "#z=!!!%%%", /could not be opened/],
  ["truncated base64", `#z=${z(JSON.stringify({ query_tokens: ["x", "y"] })).slice(0, 9)}`, /./],
  ["base64 of invalid JSON", `#z=${z("{ not json")}`, /not valid JSON/],
  ["base64 of a JSON array", `#z=${z("[1,2]")}`, /not a JSON object/],
  ["d_model 99999", `#z=${z('{"query_tokens":["a"],"d_model":99999}')}`, /d_model/],
  ["an unknown preset", "#p=nope&s=1", /unknown preset/],
  ["a stage out of range", "#p=small&s=42", /stage "42"/],
  ["a bad edit", "#p=small&e=%3Cscript%3E:1:2:3", /Edit 1/],
  ["an over-long hash", `#z=${"A".repeat(100_001)}`, /too long/],
  ["a decompression bomb", `#z=${z(" ".repeat(5_000_000))}`, /too large/],
];

for (const [what, hash, message] of BAD) {
  test(`a link with ${what} opens the default scenario with a message`, async ({ page }) => {
    await page.goto(`./${hash}`);
    await expect(counter(page)).toHaveText(/^Step 1 of 56$/);
    await expect(status(page)).toHaveText(message);
    await expect(status(page)).not.toHaveText("");
    await expect(page.getByLabel("Preset")).toHaveValue("small");
  });
}

test("tokens from a link are only ever text", async ({ page }) => {
  const tokens = ["<script>window.__pwned=1</script>", "<img src=x onerror=window.__pwned=2>"];
  await page.goto(`./#z=${z(JSON.stringify({ query_tokens: tokens }))}&s=3`);
  await expect(page.getByTestId("step-view")).toContainText("<script>window.__pwned=1</script>");
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await page.locator("#app script, #app img[src='x']").count()).toBe(0);
  // A hash typed while the app is open: the bad one leaves the view as it was, with a message.
  await page.evaluate(() => (location.hash = "#p=small&e=%3Cscript%3Ex"));
  await expect(status(page)).toHaveText(/Edit 1/);
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
});

/** The stage the pipeline figure lights. */
const currentStage = (page: Page) =>
  page.getByRole("navigation", { name: "Pipeline" }).locator('[aria-current="step"]');
const README_STAGES = [
  "project-q",
  "project-k",
  "project-v",
  "scores",
  "scale",
  "mask",
  "softmax",
  "weighted-sum",
  "concat",
  "output-projection",
];

test("a link opens the stage it names: #p=scratch&s=weighted-sum", async ({ page }) => {
  await page.goto("./#p=scratch&s=weighted-sum");
  await expect(currentStage(page)).toHaveAttribute("data-stage", "7");
  await expect(page.getByLabel("Preset")).toHaveValue("scratch");
  await expect(status(page)).toHaveText("");
});

test("every stage name of the README opens its stage from a link", async ({ page }) => {
  test.slow(); // ten reopenings
  await page.goto("./#p=masked&s=0");
  await expect(counter(page)).toHaveText(/^Step 1 of \d+$/);
  // Each name, through a hash typed while the app is open (the same reader as a fresh load), on
  // the preset that has all ten stages (it has a mask).
  for (const [i, name] of README_STAGES.entries()) {
    await page.evaluate((h) => (location.hash = h), `#p=masked&s=${name}&q=1`);
    await expect(currentStage(page)).toHaveAttribute("data-stage", String(i));
    await expect(status(page)).toHaveText("");
  }
});

test("a link takes the README's keys and 1-based numbers, as the embed page does", async ({
  page,
}) => {
  // stage=8 is the eighth stage, the weighted sum; query=2 the second query. The link the app
  // then writes has its own 0-based keys.
  await page.goto("./#preset=scratch&stage=8&query=2");
  await expect(currentStage(page)).toHaveAttribute("data-stage", "7");
  await expect(page.getByLabel("Query", { exact: true })).toHaveValue("1");
  await expect(page).toHaveURL(/#p=scratch&s=7&h=0&q=1&g=0$/);
  await page.goto("./embed.html?preset=scratch&stage=weighted-sum");
  await expect(currentStage(page)).toHaveAttribute("data-stage", "7");
  await expect(page.getByTestId("embed-error")).toBeHidden();
});

/** [what, hash, message, the preset shown (null: the preset with an edit, shown as Custom)] */
const BAD_STEPS: [string, string, RegExp, string | null][] = [
  ["an unknown stage name", "#p=scratch&s=bogus&q=2", /stage "bogus" is not 0 to 9/, "scratch"],
  ["a stage out of range", "#p=scratch&s=42", /stage "42" is not 0 to 9/, "scratch"],
  ["a head that is no number", "#p=scratch&e=x_q:0:0:2&s=6&h=x", /head "x"/, null],
  ["a granularity that is neither", "#p=cross&s=3&g=7", /granularity "7"/, "cross"],
  ["a 1-based stage of 0", "#preset=scratch&stage=0", /stage "0" is not a stage/, "scratch"],
];

for (const [what, hash, message, preset] of BAD_STEPS) {
  test(`a link with ${what} keeps its scenario and opens the first step`, async ({ page }) => {
    await page.goto(`./${hash}`);
    await expect(page.getByLabel("Preset")).toHaveValue(preset ?? "");
    await expect(counter(page)).toHaveText(/^Step 1 of \d+$/);
    await expect(status(page)).toHaveText(message);
    await expect(status(page)).toContainText("Showing the scenario's first step.");
    if (preset === null) await expect(page.getByTestId("edit-count")).toHaveText("1 cell edited");
  });
}

test("a custom scenario with a bad step is kept too", async ({ page }) => {
  const scenario = { query_tokens: ["a", "b", "c"], d_model: 4, heads: 2, seed: 7 };
  await page.goto(`./#z=${z(JSON.stringify(scenario))}&s=7&h=1&q=%E2%80%AEx`);
  await expect(counter(page)).toHaveText(/^Step 1 of \d+$/);
  await expect(page.getByLabel("Query", { exact: true })).toContainText("1 · a");
  await expect(page.getByLabel("Head", { exact: true })).toHaveValue("0");
  await expect(status(page)).toHaveText(/query "\\u202Ex" is not a whole number from 0/);
});

test("a burst of steps writes the URL once for its first step and once for its last", async ({
  page,
}) => {
  // History calls are counted; the page's timers and clock run on a clock the test moves.
  await page.addInitScript(() => {
    const w = window as unknown as { historyWrites: number };
    w.historyWrites = 0;
    for (const name of ["pushState", "replaceState"] as const) {
      const real = history[name].bind(history);
      history[name] = (...args: Parameters<History["pushState"]>) => {
        w.historyWrites++;
        real(...args);
      };
    }
  });
  await page.clock.install();
  await openApp(page);
  await expect(page).toHaveURL(/#p=small&s=0&h=0&q=0&g=0$/);
  await page.clock.pauseAt(Date.now() + 60_000);
  const writes = () =>
    page.evaluate(() => (window as unknown as { historyWrites: number }).historyWrites);
  const before = await writes();
  await focusPage(page);
  const burst = async (from: number, to: number) => {
    for (let i = from; i <= to; i++) {
      await page.keyboard.press("ArrowRight");
      await expect(counter(page)).toHaveText(`Step ${i} of 56`);
    }
  };
  // The first step after a quiet spell is written at once; the six after it wait for the clock.
  await burst(2, 8);
  await expect(page).toHaveURL(/#p=small&s=1&h=0&q=0&g=0$/);
  expect(await writes()).toBe(before + 1);
  await page.clock.runFor(1000);
  await expect(page).toHaveURL(/#p=small&s=3&h=0&q=1&g=0$/);
  expect(await writes()).toBe(before + 2);
  // A reload right after one step keeps it.
  await burst(9, 9);
  await page.reload();
  await expect(counter(page)).toHaveText("Step 9 of 56");
});

/**
 * Two quick steps with the clock paused: the first is written at once, the second waits for
 * url-sync's flush (FLUSH_MS), which the paused clock never reaches.
 */
async function twoStepsOneWaiting(page: Page): Promise<void> {
  await page.clock.install();
  await openApp(page);
  await page.clock.pauseAt(Date.now() + 60_000);
  await focusPage(page);
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(counter(page)).toHaveText("Step 3 of 56");
  await expect(page).toHaveURL(/#p=small&s=1&h=0&q=0&g=0$/);
}

test("a step still waiting to be written is written when the page is hidden", async ({ page }) => {
  await twoStepsOneWaiting(page);
  await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent("pagehide")));
  await expect(page).toHaveURL(/#p=small&s=2&h=0&q=0&g=0$/);
});

test("a step still waiting is written when the tab is hidden, without a pagehide", async ({
  page,
}) => {
  await twoStepsOneWaiting(page);
  // Another tab comes to the front: the document says it is hidden, then tells its listeners.
  await page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });
  await expect(page).toHaveURL(/#p=small&s=2&h=0&q=0&g=0$/);
});
