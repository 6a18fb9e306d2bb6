// What a new visitor's first load of index.html fetches, and the formulas it draws: MathML that
// the browser lays out itself, with no typesetting library or font. (The byte figures are in
// `npm run bench`, tools/bench/bench-load.mjs; no sizes are asserted here.)
import type { Page, Response } from "@playwright/test";
import { expect, snapshot, test } from "./fixtures";

/** Every response of `page` from now on. */
function recordResponses(page: Page): Response[] {
  const responses: Response[] = [];
  page.on("response", (r) => responses.push(r));
  return responses;
}

const pathOf = (r: Response) => new URL(r.url()).pathname;

test("the first load leaves out fonts, KaTeX and the Learn view, and gets the wasm compressed", async ({
  page,
}) => {
  const responses = recordResponses(page);
  await page.goto("./");
  await expect(page.getByTestId("step-counter")).toHaveText(/^Step 1 of \d+$/);
  await expect(page.getByTestId("step-view").getByRole("math").first()).toBeVisible();
  // Whatever the first step asks for after it is drawn counts too.
  await page.waitForLoadState("networkidle");
  // The fonts were looked up early in hidden boxes (views/ui/warm-fonts.ts), none left behind.
  await expect(page.locator(".font-warm")).toHaveCount(0);

  const paths = responses.map(pathOf);
  expect(
    paths.filter((p) => /\.(woff2?|ttf|otf)$/.test(p)),
    "font files",
  ).toEqual([]);
  expect(
    paths.filter((p) => /katex/i.test(p)),
    "KaTeX files",
  ).toEqual([]);
  // The training engine (train.wasm, its worker and client), the Learn view, the prebuilt models.
  const learn = /\/(train|train-worker|train-client|learn-view)-[^/]*$|\.(model|run)-[^/]*\.json$/;
  expect(
    paths.filter((p) => learn.test(p)),
    "Learn view files",
  ).toEqual([]);
  for (const r of responses.filter((x) => pathOf(x).endsWith(".js")))
    expect(await r.text(), `${pathOf(r)} holds no KaTeX`).not.toMatch(/katex/i);

  const wasm = responses.filter((r) => pathOf(r).endsWith(".wasm"));
  expect(
    wasm.map((r) => pathOf(r).replace(/-[^/]*$/, "")),
    "wasm modules",
  ).toEqual(["/assets/attention"]);
  expect(await wasm[0]!.headerValue("content-encoding")).toMatch(/^(br|gzip)$/);
  expect(await wasm[0]!.headerValue("content-type")).toBe("application/wasm");
});

const STAGES: [string, string][] = [
  ["project-q", "Linear: project the queries"],
  ["project-k", "Linear: project the keys"],
  ["project-v", "Linear: project the values"],
  ["scores", "MatMul: scores Q Kᵀ"],
  ["scale", "Scale by 1/√d_k"],
  ["mask", "Mask"],
  ["softmax", "SoftMax over each row"],
  ["weighted-sum", "MatMul: weighted sum A V"],
  ["concat", "Concat the heads"],
  ["output-projection", "Linear: output projection"],
];

for (const theme of ["light", "dark"]) {
  test(`every stage's formulas are MathML laid out by the browser (${theme})`, async ({ page }) => {
    // Ten stages, each with a full-page screenshot: more than the default time on a busy machine.
    test.slow();
    await page.goto("./#p=masked");
    await expect(page.getByTestId("step-counter")).toHaveText(/^Step 1 of \d+$/);
    if (theme === "dark") await page.getByRole("button", { name: "Dark theme" }).click();
    await expect(page.locator(".stepper")).toHaveAttribute("data-theme", theme);
    const view = page.getByTestId("step-view");
    for (const [stage, title] of STAGES) {
      await page.goto(`./#p=masked&s=${stage}&q=2&g=0`);
      await expect(view.getByRole("heading", { level: 2 })).toHaveText(title);
      for (const name of ["Formula", "Formula with this step's numbers"]) {
        const box = view.getByLabel(name, { exact: true });
        const math = box.getByRole("math").first();
        await expect(math, `${stage}: ${name}`).toBeVisible();
        // Drawn by the browser's MathML layout, in the text's colour, with nothing unread.
        const looks = await math.evaluate((m) => ({
          display: getComputedStyle(m).display,
          sameColour: getComputedStyle(m).color === getComputedStyle(m.parentElement!).color,
          height: m.getBoundingClientRect().height,
        }));
        expect(looks.display, `${stage}: ${name}`).toMatch(/math/);
        expect(looks.sameColour, `${stage}: ${name}`).toBe(true);
        expect(looks.height, `${stage}: ${name}`).toBeGreaterThan(10);
        await expect(box.locator("merror")).toHaveCount(0);
      }
      // The matrices' labels are MathML too.
      await expect(
        view.locator(".operands:not(.parked) figure.matrix").first().getByRole("math").first(),
      ).toBeVisible();
      await snapshot(page, `formulas-${stage}-${theme}`);
    }
  });
}
