// First-load bytes per page, for `npm run bench` (figures only, never asserted): serves dist/ with
// `vite preview`, opens index.html, embed.html and a page with one <attention-stepper> in headless
// Chromium (a fresh profile each, so a new visitor), waits for the first step (.stepper.ready) and
// for the network to go quiet (fonts), and
// lists every response with its raw, gzip -9 and brotli (quality 11) bytes, computed from the
// file on disk; then what dist/sw.js precaches beyond that. Usage: node tools/bench/bench-load.mjs [port]
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { launchChromium, startPreview } from "./bench-page.mjs";

const DIST = resolve("dist");
const port = Number(process.argv[2] ?? 4419);
const origin = `http://127.0.0.1:${port}`;
const HOST_PAGE = "/elsewhere/host.html";
const HOST_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title>
<script type="module" src="../attention-stepper.js"></script></head>
<body><attention-stepper preset="small"></attention-stepper></body></html>`;

/** raw, gzip and brotli sizes of a file of dist/ (by its path there), memoized. */
const sizes = new Map();
function sizesOf(rel) {
  if (!sizes.has(rel)) {
    const bytes = readFileSync(resolve(DIST, rel));
    const br = brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    sizes.set(rel, {
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      br: br.length,
    });
  }
  return sizes.get(rel);
}

/** A URL's file under dist/ ("./" is index.html), or undefined for anything else. */
function fileOf(url) {
  const u = new URL(url, `${origin}/`);
  if (u.origin !== origin || u.pathname === HOST_PAGE) return undefined;
  const rel = decodeURIComponent(u.pathname.slice(1)) || "index.html";
  return existsSync(resolve(DIST, rel)) ? rel : undefined;
}

const kib = (n) => (n / 1024).toFixed(1);
function printTable(title, files) {
  console.log(`  ${title}`);
  console.log(
    `    ${"file".padEnd(52)} ${"raw KiB".padStart(9)} ${"gzip".padStart(8)} ${"brotli".padStart(8)}`,
  );
  const total = { raw: 0, gzip: 0, br: 0 };
  for (const f of files) {
    const s = sizesOf(f);
    for (const k of Object.keys(total)) total[k] += s[k];
    console.log(
      `    ${f.padEnd(52)} ${kib(s.raw).padStart(9)} ${kib(s.gzip).padStart(8)} ${kib(s.br).padStart(8)}`,
    );
  }
  const line = `total, ${files.length} files`;
  console.log(
    `    ${line.padEnd(52)} ${kib(total.raw).padStart(9)} ${kib(total.gzip).padStart(8)} ${kib(total.br).padStart(8)}`,
  );
  return total;
}

/** The files one page loads until its first step shows. */
async function firstLoad(browser, path) {
  const context = await browser.newContext({ serviceWorkers: "block" });
  const page = await context.newPage();
  await page.route(`**${HOST_PAGE}`, (r) =>
    r.fulfill({ contentType: "text/html", body: HOST_HTML }),
  );
  const files = new Set();
  page.on("response", (r) => {
    const f = fileOf(r.url());
    if (f) files.add(f);
  });
  await page.goto(`${origin}${path}`);
  await page.locator(".stepper.ready").first().waitFor({ timeout: 60_000 });
  // Fonts and anything else the first step asks for arrive just after it is drawn.
  await page.waitForLoadState("networkidle");
  await context.close();
  return [...files].sort();
}

/** The files dist/sw.js precaches (its FILES list, "./" being index.html). */
function precached() {
  const sw = readFileSync(resolve(DIST, "sw.js"), "utf8");
  const list = JSON.parse(/const FILES = (\[[\s\S]*?\]);/.exec(sw)[1]);
  return [...new Set(list.map((f) => fileOf(f)).filter(Boolean))].sort();
}

const server = await startPreview(port);
try {
  const browser = await launchChromium();
  console.log("first load until the first step shows (every response, sizes of the file on disk):");
  const loaded = new Set();
  for (const [name, path] of [
    ["index.html", "/"],
    ["embed.html", "/embed.html"],
    ["one <attention-stepper>", HOST_PAGE],
  ]) {
    const files = await firstLoad(browser, path);
    if (name === "index.html") files.forEach((f) => loaded.add(f));
    printTable(name, files);
  }
  await browser.close();
  const later = precached().filter((f) => !loaded.has(f));
  printTable("then precached by sw.js, beyond index.html's first load", later);
} finally {
  server.stop();
}
