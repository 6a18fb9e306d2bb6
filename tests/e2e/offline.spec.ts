// The built site from a sub-path of a plain static server, then offline from its service worker.
import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, resolve, sep } from "node:path";
import { expect, snapshot, test } from "./fixtures";

const DIST = resolve("dist");
const SUB = "/some/sub/path/";
const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".wasm": "application/wasm",
  ".svg": "image/svg+xml",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".ttf": "font/ttf",
};
const CSP =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; object-src 'none'; base-uri 'none'";

// The other specs block service workers (playwright.config.ts); this one is about them.
test.use({ serviceWorkers: "allow" });

let server: Server;
let site = "";

// A static host that knows nothing of the app: files of dist/ under SUB, 404 for anything else.
test.beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://host").pathname;
    const rel = decodeURIComponent(path.slice(SUB.length)) || "index.html";
    const file = resolve(DIST, rel.endsWith("/") ? `${rel}index.html` : rel);
    if (!path.startsWith(SUB) || !file.startsWith(DIST + sep)) {
      res.writeHead(404).end();
      return;
    }
    readFile(file).then(
      (body) => {
        const type = TYPES[extname(file)] ?? "application/octet-stream";
        res.writeHead(200, { "Content-Type": type, "Content-Security-Policy": CSP }).end(body);
      },
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  site = `http://127.0.0.1:${(server.address() as AddressInfo).port}${SUB}`;
});

test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((done) => server.close(() => done()));
});

test("loads from a sub-path, then works offline", async ({ page, context }) => {
  const failed: string[] = [];
  page.on("requestfailed", (r) => failed.push(`failed ${r.url()}`));
  page.on("response", (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
  });
  page.on("request", (r) => {
    if (!r.url().startsWith(site)) failed.push(`outside the sub-path: ${r.url()}`);
  });
  const counter = page.getByTestId("step-counter");

  await page.goto(site);
  await expect(counter).toHaveText(/^Step 1 of \d+$/);
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(site);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  expect(failed).toEqual([]);
  expect(await readFile(join(DIST, "sw.js"), "utf8")).toContain('"./assets/');

  await context.setOffline(true);
  await page.reload();
  await expect(counter).toHaveText(/^Step 1 of \d+$/);
  await page.getByRole("button", { name: "Next step" }).click();
  await expect(counter).toHaveText(/^Step 2 of \d+$/);
  await expect(page.getByTestId("step-view").getByRole("heading", { level: 2 })).toBeVisible();
  await snapshot(page, "offline-sub-path");
  await context.setOffline(false);
  expect(failed.filter((f) => !f.startsWith("outside"))).toEqual([]);
});

test("Learn works offline after one visit that never opened it", async ({ page, context }) => {
  await page.goto(site);
  await expect(page.getByTestId("step-counter")).toHaveText(/^Step 1 of \d+$/);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // Installed means precached: the Learn view's files and models came with the stepper's.
  await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
  await context.setOffline(true);
  await page.goto(`${site}#learn=copy`);
  await page.reload();
  await expect(page.getByTestId("learn-model")).toHaveText(/^The prebuilt model/, {
    timeout: 15_000,
  });
  await expect(page.getByTestId("learn-map-0").locator("figcaption")).toHaveText(/^Layer 1 self/);
  await context.setOffline(false);
});

test("the service worker is registered only once the first step is shown", async ({ page }) => {
  // What the page showed when it registered: its precache must not share the network with the
  // first step's files (issue 21).
  await page.addInitScript(() => {
    const w = window as unknown as { shownAtRegister?: string };
    const container = navigator.serviceWorker;
    const register = container.register.bind(container);
    container.register = (...args: Parameters<typeof register>) => {
      w.shownAtRegister =
        document.querySelector('[data-testid="step-counter"]')?.textContent ?? "nothing";
      return register(...args);
    };
  });
  await page.goto(site);
  await expect(page.getByTestId("step-counter")).toHaveText(/^Step 1 of \d+$/);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const shown = await page.evaluate(
    () => (window as unknown as { shownAtRegister?: string }).shownAtRegister,
  );
  expect(shown).toMatch(/^Step 1 of \d+$/);
});
