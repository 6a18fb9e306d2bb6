// Learned links name what a learner can fix: the site defaults to the one
// the task has (a copy model is a decoder alone), and a layer the model lacks is named counting
// from 1, as links count, with the real range.
import { expect, test } from "./fixtures";

const status = (page: import("@playwright/test").Page) => page.locator('[data-part="status"]');

test("#learned=copy&text=… opens the copy model's decoder self-attention", async ({ page }) => {
  await page.goto("./#learned=copy&text=a%20b%20c%20d");
  await expect(page.getByTestId("step-counter")).toHaveText(/^Step 1 of \d+$/, { timeout: 15_000 });
  await expect(page.getByTestId("step-counter")).not.toHaveText("Step 1 of 56");
  await expect(status(page)).not.toContainText("could not be opened");
  await expect(page).toHaveURL(/#learned=copy&text=a%20b%20c%20d&site=decoder-self&layer=1&/);
});

test("a layer the model lacks is named from 1, with the layers it has", async ({ page }) => {
  await page.goto("./#learned=copy&text=a%20b%20c%20d&layer=99");
  await expect(status(page)).toContainText(
    "The link's layer 99 is not in this model: its decoder-self attention has layers 1 to 2.",
    { timeout: 15_000 },
  );
  await page.goto("./#learned=translate&text=the%20cat&layer=3");
  await expect(status(page)).toContainText(
    "The link's layer 3 is not in this model: its cross attention has only layer 1.",
    { timeout: 15_000 },
  );
});

test("a reload during training keeps the settings typed (they are in the URL)", async ({
  page,
}) => {
  await page.goto("./#learn=copy");
  await expect(page.getByTestId("learn-model")).toHaveText(/^The prebuilt model/);
  const settings = page.getByRole("form", { name: "Training settings" });
  await settings.getByLabel("d_model").fill("16");
  await settings.getByLabel("Steps").fill("2000");
  await settings.getByLabel("Seed").fill("5");
  await page.getByRole("button", { name: "Train it yourself" }).click();
  await expect(page.getByTestId("learn-step")).toHaveText(/^Step [1-9]\d* of 2000/);
  await expect(page).toHaveURL(/#learn=copy&d_model=16&steps=2000&seed=5$/);
  await page.reload();
  await expect(page.getByTestId("learn-model")).toHaveText(/^The prebuilt model/);
  await expect(page.getByRole("radio", { name: "Copy a sequence" })).toBeChecked();
  await expect(settings.getByLabel("d_model")).toHaveValue("16");
  await expect(settings.getByLabel("Steps")).toHaveValue("2000");
  await expect(settings.getByLabel("Seed")).toHaveValue("5");
  // Reset forgets them, in the URL too.
  await page.getByRole("button", { name: "Reset" }).click();
  await expect(settings.getByLabel("Steps")).not.toHaveValue("2000");
  await expect(page).toHaveURL(/#learn=copy$/);
});
