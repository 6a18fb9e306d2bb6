// node tools/make/favicon.mjs
// Renders web/icon/favicon.svg (the icon's source: nine cells of a weights map on a rounded
// tile) into web/public/favicon.png, 32 × 32, with Debian's headless Chromium. The page links
// the PNG, not the SVG: Chromium decodes a page's icon again on each history write, and an SVG
// icon is a document of its own (2.0-2.6 ms of main-thread CPU a write against 0.04 ms).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { chromiumLaunch } from "../lib/chromium.mjs";

const root = new URL("../../", import.meta.url);
const svg = readFileSync(new URL("web/icon/favicon.svg", root), "utf8");
const out = fileURLToPath(new URL("web/public/favicon.png", root));

const browser = await chromium.launch(chromiumLaunch);
try {
  const page = await browser.newPage({ viewport: { width: 32, height: 32 }, deviceScaleFactor: 1 });
  const sized = svg.replace("<svg ", '<svg width="32" height="32" ');
  await page.setContent(`<body style="margin: 0">${sized}</body>`);
  await page.screenshot({
    path: out,
    omitBackground: true,
    clip: { x: 0, y: 0, width: 32, height: 32 },
  });
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
}
