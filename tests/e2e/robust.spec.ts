// Nothing hangs, nothing slips through: a dead core worker is
// noticed, said and restarted on the next action with the scenario and its edits; a missing
// .wasm is said in words; every scenario text reaches the core's reader as it came (a repeated
// field, 1e400, bytes that are not UTF-8); a file over the limit is refused from its size; CSV
// cells that a spreadsheet would run are neutralised and bidi controls in labels are shown.
import { deflateRawSync } from "node:zlib";
import { readFile } from "node:fs/promises";
import { test as bare, type Page } from "@playwright/test";
import { choosePreset, expect, openApp, test } from "./fixtures";
import { hostPage } from "./host-page";

const at = (r: number, c: number) => `[data-r="${r}"][data-c="${c}"]`;
const counter = (page: Page) => page.getByTestId("step-counter");
const status = (page: Page) => page.locator('[data-part="status"]');
const z = (text: string) => deflateRawSync(Buffer.from(text)).toString("base64url");
const coreWorkers = (page: Page) => page.workers().filter((w) => /core-worker/.test(w.url()));

/** The From scratch preset with X(1,1) = 2, edited in the page. */
async function editedScratch(page: Page): Promise<void> {
  await openApp(page);
  await choosePreset(page, "From scratch", 20);
  await page.getByTestId("matrix-operand-0").locator(at(0, 0)).dblclick();
  const editor = page.getByRole("textbox", { name: "Edit X row 1, column 1" });
  await editor.fill("2");
  await editor.press("Enter");
  await expect(page.getByTestId("edit-count")).toHaveText("1 cell edited");
}

test("a worker that closed itself is said, and the next action restarts it with the edits", async ({
  page,
}) => {
  await editedScratch(page);
  await coreWorkers(page)[0]!.evaluate(() => self.close());
  await expect(status(page)).toHaveText(/^The core stopped \(its worker ended\); it restarts/);
  // The last step's parts were never loaded: they come from a new worker, edit included.
  await page.getByRole("button", { name: "Last step" }).click();
  await expect(counter(page)).toHaveText("Step 20 of 20");
  await expect(status(page)).toHaveText("");
  await expect(page.getByTestId("edit-count")).toHaveText("1 cell edited");
  await page.getByRole("navigation", { name: "Pipeline" }).locator('[data-stage="0"]').click();
  await expect(page.getByTestId("matrix-operand-0").locator(at(0, 0))).toHaveText("2.0000");
});

test("a worker that dies while computing never leaves Computing… on screen", async ({ page }) => {
  await openApp(page);
  // The next open reaches the worker, which then closes: its answer never comes. (Only an open:
  // the neighbouring steps' parts, loaded once the first step is painted, may come before it.)
  await coreWorkers(page)[0]!.evaluate(() =>
    self.addEventListener("message", (e: MessageEvent<{ type: string }>) => {
      if (e.data.type === "open") self.close();
    }),
  );
  await page.getByLabel("Preset").selectOption({ label: "From scratch" });
  await expect(status(page)).toHaveText(/^The core stopped/);
  await page.getByLabel("Preset").selectOption({ label: "Causal + padding" });
  await expect(counter(page)).toHaveText("Step 1 of 58");
  await expect(status(page)).toHaveText("");
});

bare("a missing .wasm is said in words, not as Emscripten's abort", async ({ page }) => {
  await page.route("**/*.wasm", (route) => route.abort());
  await page.goto("./");
  await expect(status(page)).toHaveText(/WebAssembly file \(attention\.wasm\) could not be/);
  await expect(status(page)).not.toHaveText(/Aborted|ASSERTIONS/);
});

const LINKS: [string, string, RegExp][] = [
  ["a repeated field", '{"query_tokens":["a","b"],"heads":3,"heads":1}', /duplicate field "heads"/],
  [
    "seed 1e400",
    '{"query_tokens":["a","b"],"seed":1e400}',
    /seed must be a whole number .*got 1e400/,
  ],
];
for (const [what, json, message] of LINKS) {
  test(`a link's scenario with ${what} is refused by the core, as the CLI does`, async ({
    page,
  }) => {
    await page.goto(`./#z=${z(json)}`);
    await expect(status(page)).toHaveText(message);
    await expect(counter(page)).toHaveText(/^Step 1 of 56$/);
  });
  test(`an embed's scenario with ${what} is refused by the core`, async ({ page }) => {
    await page.goto(`./embed.html?scenario=${encodeURIComponent(json)}`);
    await expect(page.getByText(message)).toBeVisible();
  });
}

test("element attributes and src files reach the core's reader as they came", async ({ page }) => {
  const duplicate = '{"query_tokens":["a","b"],"heads":3,"heads":1}';
  await page.route("**/elsewhere/dup.json", (route) =>
    route.fulfill({ contentType: "application/json", body: duplicate }),
  );
  const latin1 = Buffer.from('{"query_tokens":["caf\xe9"]}', "latin1");
  await page.route("**/elsewhere/latin1.json", (route) =>
    route.fulfill({ contentType: "application/json", body: latin1 }),
  );
  await hostPage(
    page,
    `<attention-stepper id="attr" scenario='${duplicate}'></attention-stepper>
     <attention-stepper id="src" src="../dup.json"></attention-stepper>
     <attention-stepper id="bytes" src="../latin1.json"></attention-stepper>`,
  );
  for (const id of ["#attr", "#src"]) {
    await expect(page.locator(id).locator('[data-part="status"]')).toContainText(
      'not opened (heads): duplicate field "heads"',
    );
  }
  await expect(page.locator("#bytes").getByTestId("embed-error")).toContainText(
    '"../latin1.json" is not UTF-8 text',
  );
});

async function load(page: Page, name: string, buffer: Buffer): Promise<void> {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Load scenario…" }).click();
  await (await chooser).setFiles({ name, mimeType: "application/json", buffer });
}

test("Load scenario reads bytes: invalid UTF-8 is refused with its position", async ({ page }) => {
  await openApp(page);
  const bytes = Buffer.concat([
    Buffer.from('{"query_tokens": ["a'),
    Buffer.from([0xff]),
    Buffer.from('"]}'),
  ]);
  await load(page, "bad.json", bytes);
  await expect(page.getByText(/line 1, column 21 is not valid UTF-8 \(byte 0xFF\)/)).toBeVisible();
  await expect(page.locator(".file-note")).toHaveText("bad.json was not loaded.");
});

test("Load scenario refuses a file over the limit from its size, without reading it", async ({
  page,
}) => {
  await openApp(page);
  const ms = await page.evaluate(() => {
    // 130 MB made of one 1 MB part: the browser holds 1 MB.
    const part = new Blob([new Uint8Array(1 << 20)]);
    const file = new File(Array<Blob>(130).fill(part), "huge.json");
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const files = new DataTransfer();
    files.items.add(file);
    input.files = files.files;
    const started = performance.now();
    input.dispatchEvent(new Event("change"));
    return performance.now() - started;
  });
  await expect(page.locator(".file-note")).toHaveText(
    "huge.json was not loaded: the file is 136,314,880 bytes (130 MB); a file may have at most 134,217,728 bytes (128 MB).",
  );
  expect(ms).toBeGreaterThanOrEqual(0);
});

test("CSV cells a spreadsheet would run are text; bidi controls in labels are shown", async ({
  page,
}) => {
  // "âĢ®" is byte-level BPE for U+202E (right-to-left override).
  const tokens = ["=1+1", "@SUM(1)", "+cmd|x", "\u00e2\u0122\u00aeabc", "-2", "o\u202ek"];
  await page.goto(`./#z=${z(JSON.stringify({ query_tokens: tokens }))}`);
  await expect(counter(page)).toHaveText(/^Step 1 of/);
  const query = page.getByLabel("Query", { exact: true });
  await expect(query.locator("option").nth(3)).toHaveText(/⟨U\+202E⟩abc/);
  await expect(query.locator("option").nth(5)).toHaveText(/o⟨U\+202E⟩k/);
  // The padded keys' chips show raw tokens: a raw override is named there too.
  await expect(page.locator(".chip").nth(5)).toHaveText("6 o⟨U+202E⟩k");
  await page.getByRole("button", { name: "Export" }).click();
  const menu = page.getByRole("group", { name: "Export" });
  await menu.getByLabel("Matrix to export").selectOption({ label: "A_1 weights (Head 1) 6×6" });
  const download = page.waitForEvent("download");
  await menu.getByRole("button", { name: "Matrix as CSV" }).click();
  const csv = await readFile(await (await download).path(), "utf8");
  const rows = csv.trimEnd().split("\r\n");
  expect(rows[0]).toBe(`row,"'=1+1","'@SUM(1)","'+cmd|x",âĢ®abc,"'-2",o\u202ek`);
  expect(rows.slice(1).map((r) => r.split(",")[0])).toEqual([
    `"'=1+1"`,
    `"'@SUM(1)"`,
    `"'+cmd|x"`,
    "âĢ®abc",
    `"'-2"`,
    "o\u202ek",
  ]);
});
