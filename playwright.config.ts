// End-to-end tests: the built app (vite preview of dist/) in Debian's Chromium.
import { defineConfig } from "@playwright/test";
import { chromiumLaunch } from "./tools/lib/chromium.mjs";

// E2E_PORT lets a second run (another checkout on the same machine) use its own port.
const port = Number(process.env.E2E_PORT ?? 4173);

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [["list"]],
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}/`,
    browserName: "chromium",
    // The built app registers a service worker; only offline.spec.ts lets it run.
    serviceWorkers: "block",
    launchOptions: chromiumLaunch,
  },
  webServer: {
    command: `node node_modules/vite/bin/vite.js preview --config web/vite.config.ts --host 127.0.0.1 --port ${port} --strictPort`,
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
