// A page that hosts <attention-stepper> elements: on the preview server's origin, in a folder
// other than the script's, with the host page's own CSS when a test needs it.
import type { Locator, Page } from "@playwright/test";

/** Opens a host page with `body` (HTML) and `css` (its own stylesheet). */
export async function hostPage(page: Page, body: string, css = ""): Promise<void> {
  await page.route("**/elsewhere/deeper/host.html", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title>
<style>${css}</style>
<script type="module" src="../../attention-stepper.js"></script></head>
<body><h1>A host page</h1><button id="host-button">Host button</button>${body}</body></html>`,
    }),
  );
  await page.goto("./elsewhere/deeper/host.html");
}

/** An article column of `width` px between two long paragraphs, as a blog post has. */
export const articleCss = (width: number) => `
  body { margin: 0; font: 18px/1.7 Georgia, serif; }
  .column { max-width: ${width}px; margin: 0 auto; padding: 0 16px; }
  .tall { min-height: 1200px; }`;

export const inColumn = (element: string) =>
  `<div class="column"><p class="tall">The article before.</p>${element}<p class="tall">After.</p></div>`;

/** The stepper inside an embed (the element or embed.html): the group named Attention Stepper. */
export const stepperBox = (scope: Page | Locator): Locator =>
  scope.getByRole("group", { name: "Attention Stepper", exact: true });

/** The height of `locator`'s box in CSS pixels. */
export async function heightOf(locator: Locator): Promise<number> {
  return (await locator.boundingBox())?.height ?? 0;
}
