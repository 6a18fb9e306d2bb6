// The learned preset: a trained model's cross-attention (build/models/learned.scenario.json, made
// by the build from the prebuilt translate model), fetched on first use, from a link, the preset
// picker, an <attention-stepper> and embed.html; the stepper's first load fetches none of it.
import { choosePreset, expect, openApp, test } from "./fixtures";
import { hostPage } from "./host-page";
import { serveBenchSite } from "./bench-site";

const NAME = "Learned: English → French";
/** 4 heads, 8 French words over 8 English ones: 4 × (3 + 8 × 4) + concat + W_O. */
const STEPS = 142;
const FRENCH = ["le", "petit", "chat", "noir", "voit", "une", "voiture", "rouge"];

test("a link #p=learned opens the learned cross-attention with its words", async ({ page }) => {
  await page.goto("./#p=learned");
  await expect(page.getByTestId("step-counter")).toHaveText(`Step 1 of ${STEPS}`);
  await expect(page.getByLabel("Preset", { exact: true })).toHaveValue("learned");
  const queries = page.getByLabel("Query", { exact: true }).locator("option");
  await expect(queries).toHaveText(FRENCH.map((w, i) => `${i + 1} · ${w}`));
  await expect(page.getByLabel("Key/value sentence")).toHaveValue(
    "the small black cat sees a red car",
  );
  // The link stays a preset link (not the scenario's 360 KB compressed into it).
  await page.keyboard.press("ArrowRight");
  await expect(page.getByTestId("step-counter")).toHaveText(`Step 2 of ${STEPS}`);
  await expect.poll(() => page.url()).toMatch(/#p=learned&s=1&/);
});

test("the preset picker fetches the learned preset on first use", async ({ page }) => {
  await openApp(page);
  // Head 2's first step (1 + 35): the preset opens on the head whose crossed rows peak on the
  // words they translate (linked-views.spec.ts measures it).
  await choosePreset(page, NAME, STEPS, 36);
  const queries = page.getByLabel("Query", { exact: true }).locator("option");
  await expect(queries).toHaveText(FRENCH.map((w, i) => `${i + 1} · ${w}`));
});

test("<attention-stepper preset=learned> and embed.html?preset=learned open it", async ({
  page,
}) => {
  await hostPage(
    page,
    '<attention-stepper preset="learned" stage="softmax" query="3"></attention-stepper>',
  );
  const element = page.locator("attention-stepper");
  await expect(element.locator(".step-where")).toHaveText("Head 1 of 4 · query 3 “chat”");
  await expect(element.getByTestId("embed-error")).toBeHidden();

  await page.goto("./embed.html?preset=learned&stage=softmax&head=3&query=4");
  await expect(page.locator(".step-where")).toHaveText("Head 3 of 4 · query 4 “noir”");
  await expect(page.getByTestId("embed-error").filter({ visible: true })).toHaveCount(0);
});

test("the stepper's first load fetches no training code and no model", async ({ page }) => {
  const urls: string[] = [];
  page.on("request", (r) => urls.push(r.url()));
  await openApp(page);
  expect(urls.filter((u) => u.endsWith(".wasm"))).toHaveLength(1);
  expect(urls.filter((u) => /train|\.model-|\.run-|learned\.scenario/.test(u))).toEqual([]);
});

test("a learned preset that cannot be fetched is named, and what was shown stays", async ({
  page,
  consoleErrors,
}) => {
  await page.route("**/learned.scenario-*.json", (route) => route.fulfill({ status: 404 }));
  const message = `The preset "${NAME}" could not be loaded (HTTP 404)`;
  await page.goto("./#p=learned");
  await expect(page.getByRole("status").filter({ hasText: message })).toBeVisible();
  await expect(page.getByTestId("step-counter")).toHaveText(/^Step 1 of 56$/);
  await expect(page.getByLabel("Preset", { exact: true })).toHaveValue("small");

  await page.getByLabel("Preset", { exact: true }).selectOption({ label: NAME });
  await expect(page.getByRole("status").filter({ hasText: message })).toContainText(
    "The last scenario is still shown.",
  );
  await expect(page.getByLabel("Preset", { exact: true })).toHaveValue("small");
  await expect(page.getByTestId("step-counter")).toHaveText(/^Step 1 of 56$/);
  // The browser reports each failed fetch itself; nothing else may appear.
  expect(consoleErrors.length).toBeGreaterThan(0);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/404/.test(e)));
});

test("the training worker trains in the built page, under its CSP", async ({ page }) => {
  // train-bench.html drives wasm/train-client.ts as the Learn view does: a worker, the train module.
  // It is built apart from dist/ (npm run build:bench) and served with the same preview settings.
  const site = await serveBenchSite();
  try {
    await page.goto(`${site.origin}/train-bench.html?task=copy&seeds=1&steps=3`);
    await expect(page.getByRole("status")).toHaveText("Done.", { timeout: 30_000 });
    const { runs } = JSON.parse((await page.getByTestId("bench-result").textContent()) ?? "");
    expect(runs).toHaveLength(1);
    expect(runs[0].steps).toBe(3);
    expect(runs[0].slices).toBeGreaterThan(0);
    expect(runs[0].worker_seconds).toBeGreaterThan(0);
  } finally {
    site.stop();
  }
});
