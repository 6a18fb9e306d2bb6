// The Share dialog: a link that reopens the view, and embed snippets (iframe, tag) for it.
import { choosePreset, expect, openApp, snapshot, test } from "./fixtures";

test("the share dialog's link reopens the view; the snippets carry it", async ({
  page,
  context,
}) => {
  await openApp(page);
  await choosePreset(page, "From scratch", 20);
  const softmax = page.getByRole("navigation", { name: "Pipeline" }).locator('[data-stage="6"]');
  await softmax.click();
  // The step moves once its parts are fetched from the worker: read the counter after that.
  await expect(softmax).toHaveAttribute("aria-current", "step");
  const step = await page.getByTestId("step-counter").textContent();
  await page.getByRole("button", { name: "Share" }).click();
  const dialog = page.getByRole("dialog", { name: "Share this view" });
  await expect(dialog).toBeVisible();
  const link = dialog.getByLabel("Link");
  await expect(link).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+\/#p=scratch&s=6&h=0&q=0&g=0$/);
  const iframe = dialog.getByLabel("Embed with an iframe");
  await expect(iframe).toHaveValue(
    /^<iframe src="http:\/\/127\.0\.0\.1:\d+\/embed\.html\?preset=scratch&amp;stage=softmax&amp;head=1&amp;query=1"/,
  );
  const tag = dialog.getByLabel("Embed with a tag");
  await expect(tag).toHaveValue(
    /<script type="module" src="[^"]+\/attention-stepper\.js"><\/script>/,
  );
  await expect(tag).toHaveValue(
    /<attention-stepper preset="scratch" stage="softmax" head="1" query="1">/,
  );

  await dialog.getByLabel("header").check();
  await dialog.getByLabel("keys").check();
  await expect(iframe).toHaveValue(/&amp;hide=header%2Ckeys"/);
  await expect(tag).toHaveValue(/ hide="header,keys"><\/attention-stepper>$/);
  await dialog.getByRole("button", { name: "Copy link" }).click();
  await expect(dialog.getByRole("status")).toHaveText(/Copied|Selected/);
  await snapshot(page, "share-dialog");

  const other = await context.newPage();
  await other.goto(await link.inputValue());
  await expect(other.getByTestId("step-counter")).toHaveText(step ?? "");
  await other.close();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
});

test("a custom scenario's tag inlines its JSON, escaped for the attribute", async ({ page }) => {
  await openApp(page);
  const json = JSON.stringify({ query_tokens: ["it's", "<b>&"], d_model: 4, heads: 1 });
  await page.evaluate(async (text) => {
    const { deflateRaw } = { deflateRaw: new CompressionStream("deflate-raw") };
    const out = new Blob([text]).stream().pipeThrough(deflateRaw);
    const bytes = new Uint8Array(await new Response(out).arrayBuffer());
    const b64 = btoa(String.fromCharCode(...bytes));
    location.hash = `z=${b64.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")}&s=3`;
  }, json);
  await expect(page.getByTestId("step-view")).toContainText("it's");
  await page.getByRole("button", { name: "Share" }).click();
  const tag = page.getByRole("dialog").getByLabel("Embed with a tag");
  await expect(tag).toHaveValue(
    /scenario='\{"query_tokens":\["it&#39;s","&lt;b&gt;&amp;"\],"d_model":4,"heads":1\}' stage="scores"/,
  );
  const iframe = page.getByRole("dialog").getByLabel("Embed with an iframe");
  await expect(iframe).toHaveValue(/embed\.html\?z=[\w-]+&amp;stage=scores/);
});
