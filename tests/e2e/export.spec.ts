// The Export menu: each export is a valid file (PNG, SVG, JSON, CSV), and the generated NumPy code,
// run by Debian's python3, prints the same weights and output as the page's trace.
import { execFileSync } from "node:child_process";
import { copyFile, readFile } from "node:fs/promises";
import { type Page } from "@playwright/test";
import { choosePreset, expect, openApp, snapshot, test } from "./fixtures";

/** Debian's python3, with python3-numpy (a python3 earlier on the PATH may lack NumPy). */
const PYTHON = "/usr/bin/python3";

interface TraceJson {
  query_tokens: string[];
  key_tokens: string[];
  heads: { weights: number[][]; masked: (number | null)[][] }[];
  output: number[][];
  fully_masked_queries: number[];
}

/** Opens the Export menu unless it is open. */
async function openMenu(page: Page) {
  const menu = page.getByRole("group", { name: "Export" });
  if (!(await menu.isVisible())) await page.getByRole("button", { name: "Export" }).click();
  await expect(menu).toBeVisible();
  return menu;
}

/** Clicks a button of the Export menu (opening it) and returns the downloaded file. */
async function exportFile(page: Page, label: string): Promise<{ name: string; path: string }> {
  const menu = await openMenu(page);
  const download = page.waitForEvent("download");
  await menu.getByRole("button", { name: label }).click();
  const file = await download;
  return { name: file.suggestedFilename(), path: await file.path() };
}

async function exportText(page: Page, label: string): Promise<string> {
  return readFile((await exportFile(page, label)).path, "utf8");
}

/** Width and height from a PNG's IHDR chunk, after checking the signature. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect([...png.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
  expect(png.subarray(12, 16).toString("ascii")).toBe("IHDR");
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** Checks `svg` is standalone, well-formed XML (parsed by the browser) and returns its size. */
async function checkSvg(page: Page, svg: string): Promise<{ width: number; height: number }> {
  expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
  expect(svg).toMatch(/viewBox="0 0 \d+ \d+"/);
  const parsed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, "image/svg+xml");
    const root = doc.documentElement;
    return {
      error: doc.getElementsByTagName("parsererror").length > 0,
      width: Number(root.getAttribute("width")),
      height: Number(root.getAttribute("height")),
    };
  }, svg);
  expect(parsed.error, "SVG parses as XML").toBe(false);
  expect(parsed.width).toBeGreaterThan(0);
  expect(parsed.height).toBeGreaterThan(0);
  return parsed;
}

function expectClose(actual: number[], expected: number[], tol: number): void {
  expect(actual.length).toBe(expected.length);
  actual.forEach((x, i) => expect(Math.abs(x - expected[i]!)).toBeLessThanOrEqual(tol));
}

test("this step and a heat map export as standalone SVG and 2× PNG", async ({ page }) => {
  await openApp(page);
  await choosePreset(page, "From scratch", 20);
  await page.getByRole("navigation", { name: "Pipeline" }).locator('[data-stage="6"]').click();

  const step = await exportText(page, "Step as SVG");
  const size = await checkSvg(page, step);
  for (const token of ["word_1", "word_4", "0.2361", "0.7491", "SoftMax", "4×4"]) {
    expect(step).toContain(token);
  }
  const png = await exportFile(page, "Step as PNG");
  expect(png.name).toMatch(/\.png$/);
  expect(pngSize(await readFile(png.path))).toEqual({
    width: 2 * size.width,
    height: 2 * size.height,
  });
  await copyFile(png.path, "test-results/export-step.png");

  // Tokens such as "<pad>" are escaped; the legend states the range.
  await choosePreset(page, "Causal + padding", 58);
  const map = await exportText(page, "Heat map as SVG");
  const mapSize = await checkSvg(page, map);
  expect(map).toContain("&lt;pad&gt;");
  expect(map).toContain("scale 0–1");
  const mapPng = await exportFile(page, "Heat map as PNG");
  expect(pngSize(await readFile(mapPng.path)).width).toBe(2 * mapSize.width);
  await copyFile(mapPng.path, "test-results/export-heatmap.png");
  await snapshot(page, "export-menu");
});

test("the trace exports as the documented JSON with the published weights", async ({ page }) => {
  await openApp(page);
  await choosePreset(page, "From scratch", 20);
  const file = await exportFile(page, "Trace as JSON");
  expect(file.name).toBe("trace.json");
  const trace = JSON.parse(await readFile(file.path, "utf8")) as TraceJson;
  const published = [0.236089863, 0.00738987555, 0.749130386, 0.00738987555];
  expectClose(trace.heads[0]!.weights[0]!, published, 1e-8);
  expectClose(trace.output[1]!, [0.90965265, 1.40965265, 0.5], 1e-8);
});

test("a matrix exports as CSV with labels, full precision and -inf", async ({ page }) => {
  await openApp(page);
  await choosePreset(page, "Causal + padding", 58);
  const trace = JSON.parse(await exportText(page, "Trace as JSON")) as TraceJson;
  const matrix = (await openMenu(page)).getByLabel("Matrix to export");

  await matrix.selectOption({ label: "A_2 weights (Head 2) 5×5" });
  const csv = await exportText(page, "Matrix as CSV");
  const rows = csv.trimEnd().split("\r\n");
  expect(rows).toHaveLength(6);
  expect(rows[0]).toBe(["row", ...trace.key_tokens].join(","));
  rows.slice(1).forEach((line, i) => {
    const cells = line.split(",");
    expect(cells).toHaveLength(6);
    expect(cells[0]).toBe(trace.query_tokens[i]);
    // Full precision: every number reads back as exactly the trace's double.
    expect(cells.slice(1).map(Number)).toEqual(trace.heads[1]!.weights[i]);
  });

  await matrix.selectOption({ label: "Ŝ_1 masked (Head 1) 5×5" });
  const masked = await exportText(page, "Matrix as CSV");
  expect(masked.split("\r\n")[1]).toBe("<pad>,-inf,-inf,-inf,-inf,-inf");
});

const additive = {
  query_tokens: ["<pad>", "we", "add", "then", "squash"],
  d_model: 8,
  heads: 2,
  seed: 11,
  mask: "causal",
  padded_keys: [0],
  score: "additive",
  d_a: 5,
};

async function loadScenario(page: Page, scenario: object): Promise<void> {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Load scenario…" }).click();
  await (
    await chooser
  ).setFiles({
    name: "additive.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify(scenario)),
  });
  await expect(page.getByText("Loaded additive.json.")).toBeVisible();
}

/** Downloads the generated code of one tab of the "Reproduce it yourself" dialog. */
async function generatedCode(page: Page, tab: "NumPy" | "PyTorch"): Promise<string> {
  const dialog = page.getByRole("dialog", { name: "Reproduce it yourself" });
  if (!(await dialog.isVisible())) {
    await (await openMenu(page)).getByRole("button", { name: "Reproduce it yourself" }).click();
  }
  await dialog.getByRole("tab", { name: tab }).click();
  await expect(dialog.getByRole("tabpanel")).toContainText(
    tab === "NumPy" ? "import numpy" : "import torch",
  );
  const download = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Download .py" }).click();
  return (await download).path();
}

// Step counts: RoPE adds a K̄ step per head and a q̄ step per query, ALiBi a step per query.
for (const [name, pick] of [
  ["the from-scratch example", (p: Page) => choosePreset(p, "From scratch", 20)],
  ["causal + padding (a fully masked query)", (p: Page) => choosePreset(p, "Causal + padding", 58)],
  ["the additive score", (p: Page) => loadScenario(p, additive)],
  ["biases b_Q, b_K, b_V, b_O", (p: Page) => choosePreset(p, "With biases", 40)],
  ["RoPE + GQA", (p: Page) => choosePreset(p, "Llama-style: RoPE + GQA", 186)],
  [
    "a window with sinks",
    (p: Page) => choosePreset(p, "Mistral-style: sliding window + sinks", 130),
  ],
  ["ALiBi", (p: Page) => choosePreset(p, "ALiBi: distance bias", 158)],
] as const) {
  test(`the generated NumPy code reproduces ${name}`, async ({ page }) => {
    await openApp(page);
    await pick(page);
    const trace = JSON.parse(await exportText(page, "Trace as JSON")) as TraceJson;
    const numpy = await generatedCode(page, "NumPy");
    const out = JSON.parse(execFileSync(PYTHON, [numpy, "--json"], { encoding: "utf8" })) as {
      weights: number[][][];
      output: number[][];
    };
    expect(out.weights).toHaveLength(trace.heads.length);
    out.weights.forEach((w, h) =>
      w.forEach((row, i) => expectClose(row, trace.heads[h]!.weights[i]!, 1e-10)),
    );
    out.output.forEach((row, i) => expectClose(row, trace.output[i]!, 1e-10));
    for (const q of trace.fully_masked_queries)
      expect(out.weights[0]![q]!.every((x) => x === 0)).toBe(true);
    // The printed form runs too, with 4 decimals.
    expect(execFileSync(PYTHON, [numpy], { encoding: "utf8" })).toContain(
      "Attention weights A, head 1",
    );

    // The PyTorch code is valid Python, and with Debian's python3-torch (tests/python uses it too)
    // it prints the same output.
    const torch = await generatedCode(page, "PyTorch");
    const parse = "import ast, sys; ast.parse(open(sys.argv[1]).read())";
    execFileSync(PYTHON, ["-c", parse, torch]);
    const byTorch = JSON.parse(execFileSync(PYTHON, [torch, "--json"], { encoding: "utf8" })) as {
      output: number[][];
    };
    byTorch.output.forEach((row, i) => expectClose(row, trace.output[i]!, 1e-10));
  });
}
