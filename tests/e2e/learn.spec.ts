// The Learn view on the real training module in its worker: it opens on the prebuilt model at
// once, the scrubber and Replay walk its recorded snapshots, a small run trains live with its
// progress advancing, and a bad setting is named beside its field with the core's limit.
import { type Page } from "@playwright/test";
import { expect, openApp, snapshot, test } from "./fixtures";

const scrubber = (page: Page) => page.getByRole("slider", { name: "Snapshot" });

/** Opens the app, then Learn by its top-bar link, on the translate task's prebuilt model. */
async function openLearn(page: Page): Promise<void> {
  await openApp(page);
  await page
    .getByRole("navigation", { name: "Views" })
    .getByRole("link", { name: "Learn" })
    .click();
  await expect(page).toHaveURL(/#learn=translate$/);
  await expect(page.getByRole("heading", { name: "Learn: watch attention form" })).toBeFocused();
  await expect(page.getByTestId("learn-model")).toHaveText(/^The prebuilt model, trained by/, {
    timeout: 15_000, // a worker, its module and the model file load first
  });
  await expect(page.getByTestId("learn-metrics")).toContainText("Sequence accuracy");
}

/** Every text `testId` shows from now on, in order (read with `seen`). */
async function record(page: Page, testId: string): Promise<void> {
  await page.evaluate((id) => {
    const node = document.querySelector(`[data-testid="${id}"]`)!;
    const w = window as unknown as { seen: string[] };
    w.seen = [node.textContent ?? ""];
    new MutationObserver(() => w.seen.push(node.textContent ?? "")).observe(node, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  }, testId);
}
const seen = (page: Page) => page.evaluate(() => (window as unknown as { seen: string[] }).seen);

test("Learn opens on the prebuilt model; the scrubber and Replay walk its snapshots", async ({
  page,
}) => {
  await openLearn(page);
  const slider = scrubber(page);
  const last = (await slider.getAttribute("max")) ?? "";
  expect(Number(last)).toBeGreaterThan(2);
  // It opens at the end of the recording: the trained maps, one per head, the best one marked.
  await expect(slider).toHaveValue(last);
  const maps = page.getByTestId("learn-map-0");
  await expect(maps.getByRole("img", { name: /^Head 1/ })).toBeVisible();
  await expect(maps.getByRole("img", { name: /, the best,/ })).toHaveCount(1);
  const peaks = page.getByTestId("learn-map-0-peaks");
  const trained = (await peaks.textContent()) ?? "";
  const figures = page.getByTestId("snapshot-figures");
  await expect(figures).toHaveText(/^Step [1-9]\d*: training loss \d/);
  await expect(page.getByTestId("learn-score")).toHaveText(
    /^alignment 0\.\d{3} \((head \d|the mean of the heads)\)$/,
  );

  // The keyboard moves the scrubber; the stepper's own keys stay out of the Learn view.
  await slider.focus();
  await page.keyboard.press("Home");
  await expect(slider).toHaveValue("0");
  await expect(figures).toHaveText(/^Step 0: /);
  await expect(peaks).not.toHaveText(trained);
  await page.keyboard.press("ArrowRight");
  await expect(slider).toHaveValue("1");
  await expect(slider).toHaveAttribute("aria-valuetext", /^Snapshot 2 of \d+, step [1-9]/);
  // Nor from the view's text or the page's body: P does not present the hidden stepper.
  await page.getByTestId("learn").locator(".learn-about").click();
  await page.keyboard.press("p");
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press("p");
  await page.keyboard.press("ArrowRight");
  await expect(page.locator(".stepper")).not.toHaveClass(/presenting/);
  await expect(page.getByTestId("step-counter")).toHaveText("Step 1 of 56");

  // Replay: every snapshot in order, from step 0 to the end, then the button is back.
  await record(page, "snapshot-figures");
  await page.getByRole("button", { name: "Replay", exact: true }).click();
  await expect(page.getByRole("button", { name: "Stop replay" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Replay", exact: true })).toBeVisible({
    timeout: 15_000,
  });
  await expect(slider).toHaveValue(last);
  await expect(peaks).toHaveText(trained);
  const texts = await seen(page);
  const shown = texts.slice(texts.findIndex((t) => t.startsWith("Step 0:")));
  const steps = shown
    .filter((t, i) => i === 0 || t !== shown[i - 1])
    .map((t) => Number(/^Step (\d+):/.exec(t)?.[1]));
  expect(steps).toHaveLength(Number(last) + 1);
  expect(steps.every((s, i) => i === 0 || s > steps[i - 1]!)).toBe(true);
  await snapshot(page, "learn-prebuilt");
});

test("a small run trains live: progress advances, then its figures and recording", async ({
  page,
}) => {
  await openLearn(page);
  const settings = page.getByRole("form", { name: "Training settings" });
  await settings.getByLabel("d_model").fill("16");
  await settings.getByLabel("Heads").fill("2");
  await settings.getByLabel("d_ff").fill("32");
  await settings.getByLabel("Steps").fill("600");
  await settings.getByLabel("Batch").fill("16");
  await record(page, "learn-step");
  await page.getByRole("button", { name: "Train it yourself" }).click();
  await expect(page.getByTestId("learn-model")).toHaveText(/^Your model: d_model 16, 2 heads/);
  await expect(page.getByTestId("learn-announcer")).toHaveText("Training started: 600 steps.");
  await expect(page.getByTestId("learn-step")).toHaveText(/^Step 600 of 600 · \d+\.\d\d s$/, {
    timeout: 20_000,
  });
  await expect(page.getByTestId("learn-model")).toHaveText(/Trained in \d+\.\d\d s\.$/);
  await expect(page.getByTestId("learn-announcer")).toHaveText(/^Trained in .* criteria/);
  // Progress came in several slices while the worker trained (the page drew between them).
  const during = (await seen(page)).map((t) => Number(/^Step (\d+) of 600/.exec(t)?.[1]));
  expect(new Set(during.filter((s) => s > 0 && s < 600)).size).toBeGreaterThan(1);
  // The run's own recording: snapshots up to step 600, its held-out figures, the model usable.
  await expect(scrubber(page)).toHaveAttribute("aria-valuetext", /step 600: loss/);
  await expect(page.getByTestId("learn-metrics")).toContainText("Alignment (head");
  await expect(page.getByRole("button", { name: "Translate" })).toBeEnabled();
  await expect(page.getByRole("button", { name: "Replay", exact: true })).toBeEnabled();
  await expect(page.getByRole("button", { name: "Pause" })).toBeDisabled();
});

test("Pause holds a long run, Resume continues it, Reset goes back to the prebuilt model", async ({
  page,
}) => {
  await openLearn(page);
  const settings = page.getByRole("form", { name: "Training settings" });
  await settings.getByLabel("Steps").fill("2000");
  await settings.getByLabel("Seed").fill("5");
  await page.getByRole("button", { name: "Train it yourself" }).click();
  await expect(page.getByTestId("learn-step")).toHaveText(/^Step [1-9]\d* of 2000/);
  await page.getByRole("button", { name: "Pause" }).click();
  await expect(page.getByTestId("learn-announcer")).toHaveText("Paused.");
  await expect(page.getByRole("button", { name: "Replay", exact: true })).toBeDisabled();
  await page.getByRole("button", { name: "Resume" }).click();
  await expect(page.getByTestId("learn-announcer")).toHaveText("Resumed.");
  await page.getByRole("button", { name: "Reset" }).click();
  await expect(page.getByTestId("learn-model")).toHaveText(/^The prebuilt model/);
  await expect(settings.getByLabel("Steps")).not.toHaveValue("2000");
  await expect(settings.getByLabel("Seed")).not.toHaveValue("5");
  await expect(page.getByRole("button", { name: "Pause" })).toBeDisabled();
});

test("a bad setting is named beside its field with the core's limit; the value stays", async ({
  page,
}) => {
  await openLearn(page);
  const settings = page.getByRole("form", { name: "Training settings" });
  const dModel = settings.getByLabel("d_model");
  await dModel.fill("100");
  await page.getByRole("button", { name: "Train it yourself" }).click();
  const error = page.getByTestId("learn-error-d_model");
  await expect(error).toHaveText("d_model is 100; it must be between 8 and 64");
  await expect(dModel).toHaveValue("100");
  await expect(dModel).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("learn-model")).toHaveText(/^The prebuilt model/);
  await snapshot(page, "learn-bad-setting");

  await dModel.fill("sixty");
  await page.getByRole("button", { name: "Train it yourself" }).click();
  await expect(error).toHaveText("d_model is “sixty”: type a number, 8 to 64.");
  await expect(dModel).toHaveValue("sixty");

  // Each field's limits, as shown beside it, are the core's: just past the top is refused with
  // exactly those numbers.
  await dModel.fill("64");
  for (const key of ["d_model", "heads", "d_ff", "steps", "learning_rate", "batch", "seed"]) {
    const input = page.locator(`#learn-${key}`);
    const before = await input.inputValue();
    const limits = (await page.getByTestId(`limits-${key}`).textContent()) ?? "";
    const [, low, high] = /^(\S+) to ([^,\s]+)/.exec(limits) ?? [];
    const past = key === "learning_rate" ? "1" : String(BigInt(high!) + 1n);
    await input.fill(past);
    await page.getByRole("button", { name: "Train it yourself" }).click();
    await expect(page.getByTestId(`learn-error-${key}`)).toHaveText(
      new RegExp(`; it must be (a whole number )?between ${low} and ${high}$`),
    );
    await expect(input).toHaveValue(past);
    await input.fill(before);
  }
});

test("when determiner rows look at their noun, the view says so: a lesson in itself", async ({
  page,
}) => {
  await openLearn(page);
  // This run's determiners peak on their noun (about 99 % held out), not on "the" or "a".
  const settings = page.getByRole("form", { name: "Training settings" });
  const run = { d_model: "32", Heads: "2", d_ff: "64", Steps: "300", Batch: "32", Seed: "2" };
  for (const [label, value] of Object.entries(run)) await settings.getByLabel(label).fill(value);
  await settings.getByLabel("Learning rate").fill("0.003");
  await settings.getByLabel("Encoder self-attention").uncheck();
  await page.getByRole("button", { name: "Train it yourself" }).click();
  await expect(page.getByTestId("learn-model")).toHaveText(/seed 2, no encoder self-att.*Trained/, {
    timeout: 30_000,
  });
  await expect(page.getByTestId("determiner-held-out")).toHaveText(
    /^\d+\.\d % of the determiner rows look most at their noun, not at their own “the” or “a”/,
  );
  await page
    .getByRole("textbox", { name: "English sentence" })
    .fill("the big dog likes a green car");
  await page.getByRole("button", { name: "Translate" }).click();
  const lesson = page.getByTestId("determiner-lesson");
  await expect(lesson).toContainText(/“le” \(row 1\) looks most at its noun “dog” \(0\.\d\d\)/);
  await expect(lesson).toContainText("A lesson in itself");
  await snapshot(page, "learn-determiner-lesson");
});
