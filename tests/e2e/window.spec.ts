// The "window" mask kind in the page: chosen in the scenario form with its size, stepped with
// the core's words, carried by the link; a bad size is named with its limit and what was typed
// stays.
import { expect, openApp, test } from "./fixtures";
import { toStage } from "./cells";

test("a sliding window: the form sets it, the Mask step names it, the link keeps it", async ({
  page,
}) => {
  await openApp(page);
  const size = page.getByLabel("Window size");
  await expect(size).toBeHidden();
  await page.getByLabel("Mask").selectOption("window");
  await expect(size).toBeVisible();
  await size.fill("2");
  await page.getByRole("button", { name: "Apply" }).click();
  // 6 tokens, 2 heads, a Mask step per query: 2 × (3 + 6 × 5) + 2 steps.
  await expect(page.getByTestId("step-counter")).toHaveText(/ of 68$/);
  await page.getByLabel("Granularity").selectOption({ label: "Per matrix" });
  await toStage(page, 5);
  const view = page.getByTestId("step-view");
  await expect(view).toContainText("the sliding window of 2 lets query i see only its 2 latest");
  // 6 × 6 scores, of which each query sees at most 2: 6 + 5 = 11 visible, 25 masked.
  await expect(view).toContainText("masked entries (25 of 36)");

  // A reload of the link opens the same window, once the address bar holds this step.
  const step = await page.getByTestId("step-counter").textContent();
  const index = Number(/Step (\d+)/.exec(step ?? "")?.[1]) - 1;
  await expect(page).toHaveURL(new RegExp(`[#&]s=${index}&h=0&q=\\d+&g=1$`));
  await page.reload();
  await expect(page.getByTestId("step-counter")).toHaveText(step ?? "");
  await expect(page.getByTestId("step-view")).toContainText("the sliding window of 2");
  await expect(page.getByLabel("Window size")).toHaveValue("2");
});

test("a window of 0 is refused, naming the field and the limit, and the typed 0 stays", async ({
  page,
}) => {
  await openApp(page);
  await page.getByLabel("Mask").selectOption("window");
  const size = page.getByLabel("Window size");
  await size.fill("0");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("error-window")).toHaveText(
    "Window size is 0; it must be between 1 and 512",
  );
  await expect(size).toHaveValue("0");
  await expect(page.getByTestId("step-counter")).toHaveText(/^Step 1 of \d+$/);
});
