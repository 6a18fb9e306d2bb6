// The wasm core runs in a Web Worker, for the app page and every embed: the main thread never
// instantiates WebAssembly, the worker's script is fetched once per page (shared by its
// steppers), and an answer that a newer run replaced before it arrived is never shown.
import type { Page } from "@playwright/test";
import { expect, openApp, test } from "./fixtures";
import { hostPage, stepperBox } from "./host-page";

/** Counts the main thread's WebAssembly instantiations (init scripts never run in workers). */
async function countMainThreadWasm(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const w = window as unknown as { wasmInstances: number };
    w.wasmInstances = 0;
    for (const name of ["instantiate", "instantiateStreaming", "compile", "compileStreaming"]) {
      const wasm = WebAssembly as unknown as Record<string, (...a: unknown[]) => unknown>;
      const original = wasm[name]!;
      wasm[name] = (...args: unknown[]) => {
        w.wasmInstances++;
        return original.apply(WebAssembly, args);
      };
    }
  });
  return () => page.evaluate(() => (window as unknown as { wasmInstances: number }).wasmInstances);
}

/** The URLs of the core worker's script requested by the page. */
function workerScripts(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (r) => {
    if (/\/core-worker[^/]*\.js$/.test(new URL(r.url()).pathname)) urls.push(r.url());
  });
  return urls;
}

const coreWorkers = (page: Page) => page.workers().filter((w) => /core-worker/.test(w.url()));

test("the app page computes in a worker: the main thread never instantiates the core", async ({
  page,
}) => {
  const scripts = workerScripts(page);
  const mainWasm = await countMainThreadWasm(page);
  await openApp(page);
  await page.getByRole("button", { name: "Next step" }).click();
  await expect(page.getByTestId("step-counter")).toHaveText(/^Step 2 of/);
  expect(scripts).toHaveLength(1);
  expect(coreWorkers(page)).toHaveLength(1);
  expect(await mainWasm()).toBe(0);
  // The module's .wasm was requested once, by the page's first script (in parallel with the
  // worker's script, issue 21), and streamed to the worker, which did not fetch it again.
  const wasmFetches = () =>
    performance.getEntriesByType("resource").filter((e) => e.name.endsWith(".wasm")).length;
  expect(await page.evaluate(wasmFetches)).toBe(1);
  expect(await coreWorkers(page)[0]!.evaluate(wasmFetches)).toBe(0);
});

test("two elements and embed.html: one worker per page, none of the core on the main thread", async ({
  page,
}) => {
  const scripts = workerScripts(page);
  const mainWasm = await countMainThreadWasm(page);
  await hostPage(
    page,
    `<attention-stepper id="a" preset="scratch"></attention-stepper>
     <attention-stepper id="b" preset="small" stage="softmax"></attention-stepper>`,
  );
  await expect(page.locator("#a").getByTestId("step-counter")).toHaveText("Step 1 of 20");
  await expect(page.locator("#b").getByTestId("step-counter")).toHaveText(/^Step \d+ of/);
  expect(scripts).toHaveLength(1);
  expect(coreWorkers(page)).toHaveLength(1);
  expect(await mainWasm()).toBe(0);

  await page.goto("./embed.html?preset=scratch&stage=softmax");
  await expect(stepperBox(page).getByTestId("step-counter")).toHaveText(/^Step \d+ of 20$/);
  expect(scripts).toHaveLength(2);
  expect(await mainWasm()).toBe(0);
});

/**
 * Records whether `text` ever appears in what the stepper shows of a result: the step, the
 * pickers, the heat maps (not the scenario form, which shows what is typed). Looked at after every
 * task that changed them, and by applyAtOnce after each Apply (a stepper that computed on the main
 * thread would show the first sentence there, and replace it within the same task).
 */
async function watchFor(page: Page, text: string): Promise<() => Promise<boolean>> {
  await page.evaluate((t) => {
    const w = window as unknown as { seen: boolean; look: () => void };
    w.seen = false;
    const shown = ["step", "controls", "heatmaps"].map((part) =>
      document.querySelector(`[data-part="${part}"]`)!,
    );
    w.look = () => {
      if (shown.some((part) => part.textContent?.includes(t))) w.seen = true;
    };
    new MutationObserver(w.look).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  }, text);
  return () => page.evaluate(() => (window as unknown as { seen: boolean }).seen);
}

/** Sets each field (by its label) and applies, all within one task: no answer can come between. */
async function applyAtOnce(page: Page, changes: [string, string][]): Promise<void> {
  await page.evaluate((all) => {
    const apply = [...document.querySelectorAll("button")].find((b) => b.textContent === "Apply");
    const labels = [...document.querySelectorAll("label")];
    for (const [label, value] of all) {
      const field = labels.find((l) => l.textContent?.trim() === label)!
        .control as HTMLInputElement;
      field.value = value;
      field.dispatchEvent(new Event("input", { bubbles: true }));
      apply!.click();
      (window as unknown as { look: () => void }).look();
    }
  }, changes);
}

test("latest wins: a sentence replaced before its answer came is never shown", async ({ page }) => {
  await openApp(page);
  const seen = await watchFor(page, "walrus");
  await applyAtOnce(page, [
    ["Sentence", "walrus tusks shine"],
    ["Sentence", "otter swims"],
  ]);
  await expect(page.getByTestId("step-counter")).toHaveText(/^Step 1 of \d+$/);
  await expect(page.getByTestId("matrix-result")).toContainText("otter");
  await expect(page.getByLabel("Sentence", { exact: true })).toHaveValue("otter swims");
  expect(await seen()).toBe(false);
});

test("latest wins with a refused value: its error names the field, the replaced run never shows", async ({
  page,
}) => {
  await openApp(page);
  const counter = await page.getByTestId("step-counter").textContent();
  const seen = await watchFor(page, "walrus");
  await applyAtOnce(page, [
    ["Sentence", "walrus tusks shine"],
    ["d_model", "2000"],
  ]);
  const error = page.getByTestId("error-d_model");
  await expect(error).toBeVisible();
  await expect(error).toContainText("1024");
  await expect(page.getByLabel("d_model", { exact: true })).toHaveValue("2000");
  await expect(page.getByTestId("step-counter")).toHaveText(counter!);
  expect(await seen()).toBe(false);
});

test("an element on another origin than its script still computes in a worker", async ({
  page,
  context,
  baseURL,
}) => {
  // Two made-up origins: the host page's, and a CDN's serving dist/ with CORS.
  const hostUrl = "http://host.test/page.html";
  await context.route(hostUrl, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title>
<script type="module" src="http://cdn.test/attention-stepper.js"></script></head>
<body><attention-stepper preset="scratch"></attention-stepper></body></html>`,
    }),
  );
  await context.route("http://cdn.test/**", async (route) => {
    const path = new URL(route.request().url()).pathname.slice(1);
    const response = await route.fetch({ url: new URL(path, baseURL).href });
    await route.fulfill({
      response,
      headers: { ...response.headers(), "access-control-allow-origin": "*" },
    });
  });
  const mainWasm = await countMainThreadWasm(page);
  await page.goto(hostUrl);
  await expect(page.getByTestId("step-counter")).toHaveText("Step 1 of 20");
  expect(await mainWasm()).toBe(0);
  // A worker may not be started from another origin's URL: a blob: worker of the page imports it.
  expect(page.workers().map((w) => new URL(w.url()).protocol)).toEqual(["blob:"]);
});

test("a move made while a new run's first step is loading is kept when it shows", async ({
  page,
}) => {
  // Holds the page's fetch requests to the core's worker while `held` is a list.
  await page.addInitScript(() => {
    const w = window as unknown as { held: (() => void)[] | null };
    w.held = null;
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (this: Worker, ...args: unknown[]) {
      const send = () => (post as (...a: unknown[]) => void).apply(this, args);
      if (w.held && (args[0] as { type?: string })?.type === "fetch") w.held.push(send);
      else send();
    };
  });
  await openApp(page);
  const total = async () =>
    (await page.getByTestId("step-counter").textContent())!.split(" of ")[1];
  const perQuery = await total();
  const held = () => page.evaluate(() => (window as unknown as { held: unknown[] }).held.length);
  await page.evaluate(() => ((window as unknown as { held: unknown[] }).held = []));
  await page.getByLabel("Granularity").selectOption({ label: "Per matrix" });
  // The per-matrix run is open in the worker; its first step's parts wait.
  await expect.poll(held).toBeGreaterThan(0);
  const stage = page.getByRole("navigation", { name: "Pipeline" }).locator('[data-stage="7"]');
  await stage.click();
  await page.evaluate(() => {
    const w = window as unknown as { held: (() => void)[] | null };
    const sends = w.held!;
    w.held = null;
    for (const send of sends) send();
  });
  // Shown: the per-matrix run (fewer steps), at the stage clicked while it loaded.
  await expect.poll(total).not.toBe(perQuery);
  await expect(stage).toHaveAttribute("aria-current", "step");
});
