// Learned links name what a learner can fix (issue 20, item 15): the site defaults to the one
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
