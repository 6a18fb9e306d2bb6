// Embeds that fit an article: a compact step bar that never sticks to the host page, the layout
// chosen by the stepper's own width, a fixed height with the step kept in view, the tutorial page.
import { expect, snapshot, test } from "./fixtures";
import { articleCss, heightOf, hostPage, inColumn, stepperBox } from "./host-page";

test("in a 680 px column the top bar is compact and scrolls away with the article", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await hostPage(
    page,
    inColumn(`<attention-stepper preset="cross" stage="softmax"></attention-stepper>`),
    articleCss(680),
  );
  const stepper = page.locator("attention-stepper");
  await expect(stepper.getByTestId("step-counter")).toHaveText("Step 6 of 104");
  const bar = stepper.getByTestId("topbar");
  // Was 319 px, in four rows of controls and tools.
  expect(await heightOf(bar)).toBeLessThanOrEqual(130);
  // The stepper's own width (680 px) decides the layout: the current stage shows in the pipeline.
  const pipeline = stepper.getByRole("navigation", { name: "Pipeline" });
  await pipeline.scrollIntoViewIfNeeded();
  await expect(pipeline.locator('[aria-current="step"]')).toBeInViewport({ ratio: 1 });

  // Scrolled 300 px past the stepper's top, its bar has left the window with it (not sticky).
  await stepper.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top + 300));
  await expect.poll(async () => (await bar.boundingBox())?.y).toBeLessThan(-200);
  await snapshot(page, "embed-column-680");
});

test("in a phone-wide column the top bar stays compact", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await hostPage(
    page,
    inColumn(`<attention-stepper preset="cross" stage="softmax"></attention-stepper>`),
    articleCss(680),
  );
  const stepper = page.locator("attention-stepper");
  await expect(stepper.getByTestId("step-counter")).toHaveText("Step 6 of 104");
  expect(await heightOf(stepper.getByTestId("topbar"))).toBeLessThanOrEqual(175);
  // The pickers keep their names for screen readers, and the step buttons are all there.
  await expect(stepper.getByRole("combobox", { name: "Query" })).toBeVisible();
  await expect(stepper.getByRole("button", { name: "Last step" })).toBeVisible();
  const pipeline = stepper.getByRole("navigation", { name: "Pipeline" });
  await pipeline.scrollIntoViewIfNeeded();
  await expect(pipeline.locator('[aria-current="step"]')).toBeInViewport({ ratio: 1 });
});

test("embed.html at 641, 680 and 720 px shows the current stage in the pipeline", async ({
  page,
}) => {
  for (const width of [641, 680, 720]) {
    await page.setViewportSize({ width, height: 700 });
    await page.goto("./embed.html?preset=cross&stage=softmax");
    const pipeline = page.getByRole("navigation", { name: "Pipeline" });
    const current = pipeline.locator('[aria-current="step"]');
    await expect(current).toContainText("SoftMax");
    // The embed opens scrolled to the named stage's result: back up to the pipeline.
    const box = page.locator(".layout");
    await expect.poll(() => box.evaluate((b) => b.scrollTop)).toBeGreaterThan(0);
    await pipeline.scrollIntoViewIfNeeded();
    // Inside the figure's own scroll box too, not clipped away ("Linear Linear Li…").
    await expect(current, `at ${width} px`).toBeInViewport({ ratio: 1 });
  }
});

test("height takes a CSS length or pixels, 600px by default; a bad one is named", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await hostPage(
    page,
    `<attention-stepper id="default" preset="scratch"></attention-stepper>
     <attention-stepper id="px" preset="scratch" height="480px"></attention-stepper>
     <attention-stepper id="rem" preset="scratch" height="30rem"></attention-stepper>
     <attention-stepper id="vh" preset="scratch" height="50vh"></attention-stepper>
     <attention-stepper id="bare" preset="scratch" height="420"></attention-stepper>
     <attention-stepper id="bad" preset="scratch" height="tall"></attention-stepper>
     <attention-stepper id="small" preset="scratch" height="50px"></attention-stepper>`,
  );
  const expected: [string, number][] = [
    ["#default", 600],
    ["#px", 480],
    ["#rem", 480],
    ["#vh", 400],
    ["#bare", 420],
    ["#bad", 600],
    ["#small", 600],
  ];
  // Seven steppers start on one worker: on a loaded machine the first answers can take a while.
  await expect(stepperBox(page.locator("#default")).getByTestId("step-counter")).toHaveText(
    "Step 1 of 20",
    { timeout: 20_000 },
  );
  for (const [id, px] of expected) {
    const box = stepperBox(page.locator(id));
    await expect(box.getByTestId("step-counter")).toHaveText("Step 1 of 20");
    expect(Math.round(await heightOf(box)), id).toBe(px);
  }
  await expect(page.locator("#bad").getByTestId("embed-error")).toContainText(
    'the attribute height: "tall" is not a height; use a length in px, rem, em or vh (480px, 30rem, 70vh), a number of pixels (480) or auto.',
  );
  await expect(page.locator("#small").getByTestId("embed-error")).toContainText(
    'height: "50px" is too small; the least is 200px',
  );
  await expect(page.locator("#px").getByTestId("embed-error")).toBeHidden();

  await page.goto("./embed.html?preset=scratch&height=400px");
  expect(Math.round(await heightOf(stepperBox(page)))).toBe(400);
  await page.goto("./embed.html?preset=scratch&height=-3");
  await expect(page.getByTestId("embed-error")).toContainText(
    'the parameter height: "-3" is not a height',
  );
});

test("an embed scrolls inside its height and keeps the step in view after Next", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await hostPage(
    page,
    inColumn(
      `<attention-stepper preset="scratch" stage="scores" hide="tools"></attention-stepper>`,
    ),
    articleCss(680),
  );
  const stepper = page.locator("attention-stepper");
  const box = stepperBox(stepper);
  const view = stepper.getByTestId("step-view");
  await expect(stepper.getByTestId("step-counter")).toHaveText("Step 4 of 20");
  await box.scrollIntoViewIfNeeded();
  // A reader scrolls the stepper's content to its end (the embed is 600 px, its content taller).
  await view.evaluate((el) => {
    const scroller = el.parentElement!;
    scroller.scrollTop = scroller.scrollHeight;
  });
  await expect(view.getByRole("heading", { level: 2 })).not.toBeInViewport();
  const pageY = await page.evaluate(() => window.scrollY);

  await stepper.getByRole("button", { name: "Next step" }).click();
  await expect(stepper.getByTestId("step-counter")).toHaveText("Step 5 of 20");
  await expect(view.getByRole("heading", { level: 2 })).toHaveText("Scale by 1/√d_k");
  await expect(view.getByRole("heading", { level: 2 })).toBeInViewport({ ratio: 1 });
  await expect(view.getByTestId("matrix-result")).toBeInViewport({ ratio: 1 });
  // The host page did not move, and the bar is still there.
  expect(await page.evaluate(() => window.scrollY)).toBe(pageY);
  await expect(stepper.getByRole("button", { name: "Next step" })).toBeInViewport();
  expect(Math.round(await heightOf(box))).toBe(600);
});

test("the tutorial reads like an article: each embed at most 600 px tall, in the column", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("./tutorial.html");
  const embeds = page.locator("attention-stepper, iframe");
  await expect(embeds).toHaveCount(3);
  await expect(page.locator("#hopkins").getByTestId("step-counter")).toHaveText(/^Step 313/);
  const prose = await page.locator("main > p").first().boundingBox();
  for (const embed of await embeds.all()) {
    const b = (await embed.boundingBox())!;
    expect(b.height).toBeLessThanOrEqual(600);
    // As wide as the prose (one readable column), not wider.
    expect(Math.abs(b.width - prose!.width)).toBeLessThanOrEqual(2);
  }
  expect(prose!.width).toBeLessThanOrEqual(720);
});
