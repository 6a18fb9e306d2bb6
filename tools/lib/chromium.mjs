// Debian's Chromium, headless, as the end-to-end tests (playwright.config.ts) and the page
// benchmarks (tools/bench/bench-page.mjs) launch it: one list, so a bench measures the browser the
// tests check.
export const chromiumLaunch = {
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};
