// Issue 20, items 2, 3 and 5 in the stepper: random weights are marked as such, each head is
// labelled with the figure behind the label (read here from the head's own weights, the cells of
// its SoftMax step), Hopkins' dark 0-to-1 maps are explained with their largest weight, a tap on
// a phone's map names the weight, and a narrow embed's Play and Next look different.
import { type Page } from "@playwright/test";
import { expect, openApp, snapshot, test } from "./fixtures";

const labels = (page: Page) => page.getByRole("list", { name: "What each head does" });

async function openPreset(page: Page, id: string): Promise<void> {
  await page.goto(`./#p=${id}`);
  await expect(page.getByTestId("step-counter")).toHaveText(/^Step 1 of \d+$/);
}

test("random presets say there is no pattern to find; written weights do not", async ({ page }) => {
  await openApp(page);
  const note = page.getByTestId("heatmap").locator(".random-note");
  await expect(note).toHaveText(
    "Random weights (seed 42): no pattern to find; the maps show chance, not meaning.",
  );
  await openPreset(page, "cross");
  await expect(note).toHaveText(/^Random weights \(seed 7\): no pattern to find/);
  await openPreset(page, "scratch");
  await expect(note).toBeHidden();
});

test("each head's label carries a figure computed from its weights", async ({ page }) => {
  await page.goto("./#p=scratch&s=6&g=1");
  await expect(page.getByTestId("step-counter")).toHaveText(/^Step \d+ of \d+$/);
  await expect(labels(page).getByRole("listitem")).toHaveCount(1);
  const label = (await labels(page).getByRole("listitem").textContent()) ?? "";
  // The worked example's A, row by row (the result table of the SoftMax step): mean row maximum.
  const rows = await page
    .getByTestId("matrix-result")
    .getByRole("row")
    .evaluateAll((trs) =>
      trs
        .map((tr) => [...tr.querySelectorAll("td[data-r]")].map((td) => Number(td.textContent)))
        .filter((r) => r.length > 0),
    );
  expect(rows).toHaveLength(4);
  const mean = rows.reduce((s, r) => s + Math.max(...r), 0) / rows.length;
  const figure = Number(/(\d\.\d\d)/.exec(label)?.[1]);
  expect(label).toMatch(/^Head 1: (sharp|spread|itself|previous token): /);
  // Either the sharp/spread figure (row maxima) or a diagonal one; the row maxima bound both.
  if (/sharp|spread/.test(label)) expect(Math.abs(figure - mean)).toBeLessThan(0.006);
  else expect(figure).toBeLessThanOrEqual(mean + 0.006);
});

test("Hopkins' spread heads: the 0-to-1 legend says why the maps look dark", async ({ page }) => {
  await openPreset(page, "hopkins");
  await expect(labels(page).getByRole("listitem")).toHaveCount(8);
  const legend = page.getByTestId("heatmap").locator(".legend");
  const max = /All heads: min [\d.]+, max (\d+\.\d+)/.exec((await legend.textContent()) ?? "")![1]!;
  await expect(page.getByTestId("legend-dim")).toHaveText(
    new RegExp(`^No weight reaches 0\\.5 \\(the largest is ${max.replace(".", "\\.")}\\)`),
  );
  // On the head's own range the colours span its weights, and the note goes.
  await page.getByLabel("Colour scale").selectOption("head");
  await expect(page.getByTestId("legend-dim")).toHaveCount(0);
  await snapshot(page, "hopkins-head-labels");
});

test.describe("on a touch phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("the map's hint says tap, and a tap names the weight", async ({ page }) => {
    await openPreset(page, "scratch");
    const inspect = page.getByTestId("heatmap").locator(".inspect");
    await expect(inspect).toHaveText(/^Tap a cell of the map/);
    const big = page.getByTestId("heatmap").locator("canvas.big");
    await big.scrollIntoViewIfNeeded();
    const box = (await big.boundingBox())!;
    await page.touchscreen.tap(box.x + box.width - 8, box.y + box.height - 8);
    await expect(inspect).toHaveText(/^query 4 “word_4” → key 4 “word_4”: /);
    await snapshot(page, "phone-heatmap-tap");
  });
});

/** The button's icon drawn on a 14×14 grid from its shape's corner: 1 = ink. */
async function iconMask(page: Page, name: string): Promise<number[]> {
  const svg = page.getByRole("button", { name, exact: true }).locator("svg");
  return svg.evaluate(async (node: SVGSVGElement) => {
    const path = node.querySelector("path")!;
    const b = path.getBBox();
    const copy = node.cloneNode(true) as SVGSVGElement;
    copy.setAttribute("viewBox", `${b.x} ${b.y} 14 14`);
    copy.setAttribute("width", "14");
    copy.setAttribute("height", "14");
    copy.setAttribute("xmlns", "http://www.w3.org/2000/svg");
    const img = new Image();
    img.src = `data:image/svg+xml,${encodeURIComponent(copy.outerHTML)}`;
    await img.decode();
    const c = document.createElement("canvas");
    [c.width, c.height] = [14, 14];
    const ctx = c.getContext("2d")!;
    ctx.drawImage(img, 0, 0);
    const px = ctx.getImageData(0, 0, 14, 14).data;
    return Array.from({ length: 196 }, (_, i) => (px[4 * i + 3]! > 127 ? 1 : 0));
  });
}

test("a narrow embed's Play and Next are two different-looking buttons", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 700 });
  await page.goto("./embed.html?preset=scratch");
  await expect(page.getByTestId("step-counter")).toHaveText(/^Step 1 of \d+$/);
  const play = await iconMask(page, "Play");
  const next = await iconMask(page, "Next step");
  // Of the cells either icon inks, how many only one does: two triangles share nearly all.
  const union = play.filter((v, i) => v || next[i]).length;
  const differ = play.filter((v, i) => v !== next[i]).length;
  expect(differ / union).toBeGreaterThan(0.3);
});
