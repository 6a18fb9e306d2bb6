// Saving and loading scenario files: the download carries the edits and reproduces the view; a
// loaded file goes through the core, whose message names the field.
import { readFile } from "node:fs/promises";
import { type Page } from "@playwright/test";
import { choosePreset, expect, openApp, snapshot, test } from "./fixtures";
import { attention, cell, type Matrix } from "./reference";

interface Saved {
  query_tokens: string[];
  x_q: Matrix;
  w_q: Matrix;
  w_k: Matrix;
  w_v: Matrix;
  w_o: null;
  edits: { matrix: "x_q" | "w_q" | "w_k" | "w_v"; row: number; col: number; value: number }[];
}

const at = (r: number, c: number) => `[data-r="${r}"][data-c="${c}"]`;

async function save(page: Page): Promise<Saved> {
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Save scenario" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("scenario.json");
  return JSON.parse(await readFile(await file.path(), "utf8")) as Saved;
}

async function load(page: Page, name: string, text: string): Promise<void> {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Load scenario…" }).click();
  await (await chooser).setFiles({ name, mimeType: "application/json", buffer: Buffer.from(text) });
}

test("Save scenario downloads a file whose edits and matrices reproduce the view", async ({
  page,
}) => {
  await openApp(page);
  await choosePreset(page, "From scratch", 20);
  await page.getByTestId("matrix-operand-0").locator(at(2, 1)).dblclick();
  const editor = page.getByRole("textbox", { name: "Edit X row 3, column 2" });
  await editor.fill("-0.5");
  await editor.press("Enter");
  await page.getByRole("navigation", { name: "Pipeline" }).locator('[data-stage="6"]').click();
  await page.getByLabel("Query", { exact: true }).selectOption({ index: 2 });

  const saved = await save(page);
  expect(saved.edits).toEqual([{ matrix: "x_q", row: 2, col: 1, value: -0.5 }]);
  expect(saved.w_o).toBeNull();
  // Apply the file's edits to its matrices, compute, and compare with what the page shows.
  const x = saved.x_q.map((row) => [...row]);
  for (const e of saved.edits) x[e.row]![e.col] = e.value;
  const ref = attention(x, saved.w_q, saved.w_k, saved.w_v);
  const weights = page.getByTestId("matrix-result");
  for (const [c, v] of ref.weights[2]!.entries()) {
    await expect(weights.locator(at(2, c))).toHaveText(cell(v));
  }

  // Loading the saved file brings the same scenario back, edits included.
  await choosePreset(page, "Small default", 56);
  await load(page, "scenario.json", JSON.stringify(saved));
  await expect(page.getByText("Loaded scenario.json.")).toBeVisible();
  await expect(page.getByLabel("Preset")).toHaveValue("");
  await expect(page.getByTestId("edit-count")).toHaveText("1 cell edited");
  await expect(page.getByTestId("matrix-operand-0").locator(at(2, 1))).toHaveText("-0.5000");
  await expect(page.getByTestId("matrix-operand-0").locator(at(2, 1))).toHaveClass(/edited/);
});

test("a bad scenario file is refused with the core's message naming the field", async ({
  page,
}) => {
  await openApp(page);
  await load(page, "bad.json", '{ "query_tokens": ["a", "b"], "d_model": "eight" }');
  const error = page.getByTestId("error-d_model");
  await expect(error).toBeVisible();
  await expect(error).toContainText("d_model must be a whole number");
  await expect(page.getByText("bad.json was not loaded.")).toBeVisible();
  // The last good scenario is still shown.
  await expect(page.getByTestId("step-counter")).toHaveText("Step 1 of 56");
  await snapshot(page, "load-refused");

  // An edit outside its matrix: the message names edits[0].
  await load(
    page,
    "bad-edit.json",
    JSON.stringify({
      query_tokens: ["a", "b"],
      edits: [{ matrix: "w_q", row: 99, col: 0, value: 1 }],
    }),
  );
  await expect(page.locator(".field-error:not([hidden])")).toContainText("edits[0]");

  // Not JSON at all: the line and column.
  await load(page, "broken.json", '{ "query_tokens": ["a"],, }');
  await expect(page.getByTestId("error-scenario")).toContainText("line 1");
});
