// A real-size layer's file stays in the core's worker (web/src/wasm/stored-files.ts): the page
// hands it the picked File unread, never receives the matrices as numbers nor sends the text
// back; the worker parses its numbers only when first needed, once; a form change (the worker
// puts the numbers back) and Save (the same file as the page used to write) still work on it.
import { readFile, writeFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { cell } from "./reference";
import { layer } from "./layer-768";

/** What crosses the page's side of its workers, and whether it read a file itself. */
interface Watch {
  fileReads: number;
  largestSent: number; // characters of a string, or bytes of a typed array or buffer
  largestReceived: number; // numbers in plain arrays (a scenario's matrices), not typed arrays
}

/** Counts, on the page, what the workers' messages carry and any read of a File. */
function watchWorkers(): void {
  const watch = { fileReads: 0, largestSent: 0, largestReceived: 0 };
  Object.assign(window, { watch });
  const sized = (v: unknown, depth = 0): number => {
    if (typeof v === "string") return v.length;
    if (ArrayBuffer.isView(v)) return v.byteLength;
    if (v instanceof ArrayBuffer) return v.byteLength;
    if (typeof v !== "object" || v === null || depth > 4) return 0;
    return Math.max(0, ...Object.values(v).map((x) => sized(x, depth + 1)));
  };
  const numbers = (v: unknown, depth = 0): number => {
    if (Array.isArray(v))
      return v.reduce((n: number, x) => n + (typeof x === "number" ? 1 : numbers(x, depth + 1)), 0);
    if (typeof v !== "object" || v === null || ArrayBuffer.isView(v) || depth > 6) return 0;
    return Object.values(v).reduce((n: number, x) => n + numbers(x, depth + 1), 0);
  };
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (this: Worker, data: unknown, ...rest: never[]) {
    watch.largestSent = Math.max(watch.largestSent, sized(data));
    return post.call(this, data, ...rest);
  } as typeof post;
  const listen = Worker.prototype.addEventListener;
  Worker.prototype.addEventListener = function (
    this: Worker,
    type: string,
    f: unknown,
    o?: unknown,
  ) {
    const counted = (e: MessageEvent) => {
      watch.largestReceived = Math.max(watch.largestReceived, numbers(e.data));
      (f as (e: MessageEvent) => void).call(this, e);
    };
    return listen.call(
      this,
      type,
      type === "message" ? counted : (f as EventListener),
      o as boolean,
    );
  } as typeof listen;
  for (const name of ["arrayBuffer", "text", "stream", "bytes"] as const) {
    const read = (Blob.prototype as unknown as Record<string, (...a: unknown[]) => unknown>)[name];
    if (!read) continue;
    Object.defineProperty(Blob.prototype, name, {
      value(this: Blob, ...a: unknown[]) {
        if (this instanceof File) watch.fileReads++;
        return read.apply(this, a);
      },
    });
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

async function save(page: Page): Promise<string> {
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Save scenario" }).click();
  return readFile(await (await download).path(), "utf8");
}

const watched = (page: Page) => page.evaluate(() => (window as unknown as { watch: Watch }).watch);

/** The core's worker, counting from now its JSON.parse calls on texts over 1 MB (the file's). */
async function countParses(page: Page): Promise<() => Promise<number>> {
  const worker = page.workers().find((w) => /core-worker/.test(w.url()))!;
  await worker.evaluate(() => {
    const parse = JSON.parse;
    const count = { big: 0 };
    Object.assign(self, { count });
    JSON.parse = (text: string, ...rest: never[]) => {
      if (typeof text === "string" && text.length > 1_000_000) count.big++;
      return parse(text, ...rest);
    };
  });
  return () => worker.evaluate(() => (self as unknown as { count: { big: number } }).count.big);
}

test("a 768-wide layer's file and matrices stay in the worker; a form change and Save work", async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  const scenario = layer();
  const path = info.outputPath("layer-768.json");
  await writeFile(path, JSON.stringify(scenario));
  await page.addInitScript(watchWorkers);
  await page.goto("./");
  const counter = page.getByTestId("step-counter");
  await expect(counter).toHaveText(/^Step 1 of \d+$/);
  const bigParses = await countParses(page);
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Load scenario…" }).click();
  await (await chooser).setFiles(path);

  const { x_q, w_q, b_q } = scenario;
  const q00 = x_q[0]!.reduce((sum, x, j) => sum + x * w_q[j]![0]!, b_q[0]!);
  const first = page.getByTestId("matrix-result").locator('[data-r="0"][data-c="0"]');
  await expect(first).toHaveText(cell(q00), { timeout: 60_000 });
  // The page never read the file, sent no text of it, and got no matrix of it as numbers: the
  // layer's inputs are 2.4 M numbers; the small default scenario's are a few hundred.
  const opened = await watched(page);
  expect(opened.fileReads).toBe(0);
  expect(opened.largestSent).toBeLessThan(100_000);
  expect(opened.largestReceived).toBeLessThan(10_000);
  // Nor did the worker parse it: the core said where its matrices are (checkFile).
  expect(await bigParses()).toBe(0);

  // Save writes the file the page wrote: one field a line, one matrix row a line.
  const text = await save(page);
  expect(text.split("\n").length).toBe(1 + 5 + (64 + 2) + 4 * (768 + 2) + 4 + 1 + 1);
  expect(same(JSON.parse(text), scenario)).toBe(true);
  expect(await bigParses()).toBe(1); // its numbers, for Save: parsed once, when first needed

  // Another mask: a scenario made on the page, whose markers the worker fills in.
  const total = await counter.textContent();
  await page.getByLabel("Mask").selectOption("causal");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(counter).not.toHaveText(total!, { timeout: 60_000 });
  await expect(first).toHaveText(cell(q00), { timeout: 60_000 });
  const masked = JSON.parse(await save(page)) as typeof scenario & { mask: string };
  expect(masked.mask).toBe("causal");
  expect(same(masked.w_o, scenario.w_o) && same(masked.b_v, scenario.b_v)).toBe(true);
  const after = await watched(page);
  expect(after.fileReads).toBe(0);
  expect(after.largestSent).toBeLessThan(100_000);
  expect(after.largestReceived).toBeLessThan(10_000);
  expect(await bigParses()).toBe(1);
});

test("a worker that ended is handed the loaded file again, and the next action runs it", async ({
  page,
}) => {
  await page.goto("./");
  const counter = page.getByTestId("step-counter");
  await expect(counter).toHaveText(/^Step 1 of \d+$/);
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Load scenario…" }).click();
  await (await chooser).setFiles("examples/from-scratch.json");
  await expect(page.getByText("Loaded from-scratch.json.")).toBeVisible();
  const total = (await counter.textContent())!.replace(/^Step 1 of /, "");
  const worker = page.workers().find((w) => /core-worker/.test(w.url()))!;
  await worker.evaluate(() => self.close());
  const status = page.locator('[data-part="status"]');
  await expect(status).toHaveText(/^The core stopped \(its worker ended\)/);
  // The last step's parts were never loaded: a new worker, given the file again, makes them.
  await page.getByRole("button", { name: "Last step" }).click();
  await expect(counter).toHaveText(`Step ${total} of ${total}`);
  await expect(status).toHaveText("");
});
