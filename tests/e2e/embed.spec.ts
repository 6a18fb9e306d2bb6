// Embedding: the <attention-stepper> element, the iframe page (embed.html) and the tutorial page.
import type { Page } from "@playwright/test";
import { expect, snapshot, test } from "./fixtures";
import { hostPage } from "./host-page";

/** Counts the requests for the wasm core made by `page` (frames included). */
function countWasm(page: Page): () => number {
  let n = 0;
  page.on("request", (r) => {
    if (r.url().endsWith(".wasm")) n++;
  });
  return () => n;
}

test("the tutorial shows three steppers, each at its pinned step", async ({ page }) => {
  const wasmRequests = countWasm(page);
  await page.goto("./tutorial.html");
  const scratch = page.locator("attention-stepper#scratch");
  // From scratch: 3 projections, then scores, scale, softmax of query 1 (no mask).
  await expect(scratch.getByTestId("step-counter")).toHaveText("Step 6 of 20");
  await expect(scratch.locator(".step-title")).toHaveText("SoftMax over each row");
  await expect(scratch.getByTestId("step-view")).toContainText("0.2361");
  // Only the step view and its controls: no scenario, keys, heat maps or tools.
  await expect(scratch.getByLabel("Scenario", { exact: true })).toBeHidden();
  await expect(scratch.getByLabel("Attention weights")).toBeHidden();

  const hopkins = page.locator("attention-stepper#hopkins");
  await expect(hopkins.getByTestId("step-counter")).toHaveText("Step 313 of 314");
  await expect(hopkins.locator(".step-title")).toHaveText("Concat the heads");
  await expect(hopkins.getByTestId("step-view")).toContainText("9×512");

  const masked = page.frameLocator("iframe#masked");
  await expect(masked.locator(".step-title")).toHaveText("Mask");
  // head=1&query=4 in the authors' convention: the first head, the fourth query.
  await expect(masked.locator(".step-where")).toHaveText("Head 1 of 2 · query 4 “sat”");
  await expect(page.getByTestId("embed-error").filter({ visible: true })).toHaveCount(0);
  await expect(masked.getByTestId("embed-error").filter({ visible: true })).toHaveCount(0);
  await expect(masked.getByTestId("step-counter")).toHaveText(/^Step \d+ of \d+$/);
  await expect(masked.getByLabel("Scenario", { exact: true })).toBeHidden();
  // One fetch for the page's two elements; the iframe is a page of its own (cached there).
  expect(wasmRequests()).toBeLessThanOrEqual(2);
  // The host page keeps its own look: its font is the tutorial's serif, not the stepper's.
  const font = await page
    .locator("main > p")
    .first()
    .evaluate((p) => getComputedStyle(p).fontFamily);
  expect(font).toContain("Georgia");
  await snapshot(page, "tutorial");
  await page.setViewportSize({ width: 375, height: 667 });
  await expect(scratch.locator(".step-title")).toBeVisible();
  await snapshot(page, "tutorial-phone");
});

test("two elements on one page keep their own state and keys; wasm loads once", async ({
  page,
}) => {
  const wasmRequests = countWasm(page);
  await hostPage(
    page,
    `<attention-stepper id="a" preset="scratch"></attention-stepper>
     <attention-stepper id="b" preset="scratch" stage="scale" query="2" theme="dark"></attention-stepper>`,
  );
  const a = page.locator("#a");
  const b = page.locator("#b");
  await expect(a.getByTestId("step-counter")).toHaveText("Step 1 of 20");
  // Query 2's Scale: 3 projections, 4 steps of query 1, then scores and scale.
  await expect(b.getByTestId("step-counter")).toHaveText("Step 9 of 20");
  await expect(b.locator(".stepper")).toHaveAttribute("data-theme", "dark");
  await expect(a.getByRole("math").first()).toBeVisible();

  await a.getByRole("button", { name: "Next step" }).click();
  await expect(a.getByTestId("step-counter")).toHaveText("Step 2 of 20");
  await expect(b.getByTestId("step-counter")).toHaveText("Step 9 of 20");

  // Keys act on the focused stepper only.
  await b.locator(".stepper").focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(b.getByTestId("step-counter")).toHaveText("Step 11 of 20");
  await expect(a.getByTestId("step-counter")).toHaveText("Step 2 of 20");

  expect(wasmRequests()).toBe(1);
  // The host page's own elements are not restyled by the stepper's CSS.
  const hostButton = await page
    .locator("#host-button")
    .evaluate((el) => getComputedStyle(el).borderRadius);
  expect(hostButton).not.toBe("6px");
  await snapshot(page, "embed-two-elements");
});

test("a bad attribute is reported inside that element only", async ({ page }) => {
  await hostPage(
    page,
    `<attention-stepper id="bad" preset="scratch" head="two" hide="scenario,sidebar"></attention-stepper>
     <attention-stepper id="good" preset="scratch" stage="softmax"></attention-stepper>`,
  );
  const bad = page.locator("#bad");
  const good = page.locator("#good");
  const message = bad.getByTestId("embed-error");
  await expect(message).toContainText('head: "two" is not a whole number');
  await expect(message).toContainText('unknown panel "sidebar"');
  // The rest of its attributes still apply, and the other element has no message.
  await expect(bad.getByTestId("step-counter")).toHaveText("Step 1 of 20");
  await expect(good.getByTestId("embed-error")).toBeHidden();
  await expect(good.locator(".step-title")).toHaveText("SoftMax over each row");
  await snapshot(page, "embed-bad-attribute");
});

test("a scenario file from src opens, and a missing one is reported", async ({
  page,
  consoleErrors,
}) => {
  await page.route("**/elsewhere/two-heads.json", (route) =>
    route.fulfill({
      contentType: "application/json",
      body: JSON.stringify({ query_tokens: ["a", "b", "c"], d_model: 4, heads: 2, seed: 1 }),
    }),
  );
  await page.route("**/nowhere.json", (route) => route.fulfill({ status: 404, body: "" }));
  await hostPage(
    page,
    `<attention-stepper id="file" src="../two-heads.json" head="2" stage="softmax" query="3"></attention-stepper>
     <attention-stepper id="missing" src="nowhere.json"></attention-stepper>`,
  );
  const file = page.locator("#file");
  await expect(file.locator(".step-title")).toHaveText("SoftMax over each row");
  await expect(file.getByLabel("Head", { exact: true })).toHaveValue("1");
  await expect(page.locator("#missing").getByTestId("embed-error")).toContainText(
    'src: could not fetch "nowhere.json" (HTTP 404)',
  );
  // The browser itself logs the 404; that one is expected.
  const i = consoleErrors.findIndex((e) => e.includes("404"));
  if (i >= 0) consoleErrors.splice(i, 1);
});

test("the embed page takes its options from the query parameters", async ({ page }) => {
  await page.goto("./embed.html?preset=scratch&hide=scenario,keys,heatmaps&stage=softmax");
  await expect(page.locator(".step-title")).toHaveText("SoftMax over each row");
  await expect(page.getByTestId("step-counter")).toHaveText("Step 6 of 20");
  await expect(page.getByLabel("Scenario", { exact: true })).toBeHidden();
  await expect(page.getByLabel("Attention weights")).toBeHidden();
  await expect(page.locator(".keys")).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Pipeline" })).toBeVisible();
  await snapshot(page, "embed-page");

  await page.goto("./embed.html?preset=nope&hide=pipeline&theme=dark");
  await expect(page.getByTestId("embed-error")).toContainText('unknown preset "nope"');
  await expect(page.getByTestId("step-counter")).toHaveText(/^Step 1 of \d+$/);
  await expect(page.getByRole("navigation", { name: "Pipeline" })).toBeHidden();
  await expect(page.locator(".stepper")).toHaveAttribute("data-theme", "dark");
});

test("a head, query or stage the scenario lacks is named with its range; the nearest step shows", async ({
  page,
}) => {
  await hostPage(
    page,
    `<attention-stepper id="cross" preset="cross" stage="softmax" query="13"></attention-stepper>
     <attention-stepper id="mask" preset="scratch" stage="mask" head="3"></attention-stepper>
     <attention-stepper id="wo" preset="scratch" stage="output-projection"></attention-stepper>`,
  );
  const cross = page.locator("#cross");
  await expect(cross.getByTestId("embed-error")).toHaveText(
    "Attention Stepper: the attribute query: 13 is out of range; this scenario has queries 1 to 12. Showing query 12.",
  );
  await expect(cross.locator(".step-title")).toHaveText("SoftMax over each row");
  await expect(cross.locator(".step-where")).toHaveText("Head 1 of 2 · query 12 “.”");
  // It keeps working from there.
  await cross.getByRole("button", { name: "Next step" }).click();
  await expect(cross.locator(".step-where")).toHaveText("Head 1 of 2 · query 12 “.”");
  await expect(cross.locator(".step-title")).toHaveText("MatMul: weighted sum A V");

  const mask = page.locator("#mask").getByTestId("embed-error");
  await expect(mask).toContainText(
    "head: 3 is out of range; this scenario has only head 1. Showing head 1.",
  );
  await expect(mask).toContainText(
    "stage: mask is not a step of this scenario (it masks nothing); its stages are project-q, project-k, project-v, scores, scale, softmax, weighted-sum, concat. Showing softmax.",
  );
  await expect(page.locator("#mask .step-title")).toHaveText("SoftMax over each row");
  await expect(page.locator("#wo").getByTestId("embed-error")).toContainText(
    "stage: output-projection is not a step of this scenario (it has no W_O)",
  );
  await expect(page.locator("#wo .step-title")).toHaveText("Concat the heads");

  await page.goto("./embed.html?preset=cross&stage=scores&query=13&head=5");
  const message = page.getByTestId("embed-error");
  await expect(message).toContainText(
    "the parameter query: 13 is out of range; this scenario has queries 1 to 12. Showing query 12.",
  );
  await expect(message).toContainText(
    "the parameter head: 5 is out of range; this scenario has heads 1 to 2. Showing head 2.",
  );
  await expect(page.locator(".step-where")).toHaveText("Head 2 of 2 · query 12 “.”");
});
