// What the page benchmarks share: the built site served by `vite preview` on a port of their own,
// and Debian's Chromium launched headless.
import { spawn } from "node:child_process";
import { chromium } from "playwright-core";
import { chromiumLaunch } from "../lib/chromium.mjs";

/**
 * Starts `vite preview` of dist/ (or of `outDir`) on 127.0.0.1:`port` and resolves once it answers.
 * Returns its origin and stop().
 */
export async function startPreview(port, outDir) {
  const server = spawn(
    process.execPath,
    [
      "node_modules/vite/bin/vite.js",
      "preview",
      "--config",
      "web/vite.config.ts",
      "--host",
      "127.0.0.1",
      "--port",
      String(port),
      "--strictPort",
      ...(outDir ? ["--outDir", outDir] : []),
    ],
    { stdio: "ignore" },
  );
  const origin = `http://127.0.0.1:${port}`;
  // Any HTTP answer will do: the benchmark page's site (build/bench-site/) has no index.html.
  const answers = () =>
    fetch(`${origin}/`).then(
      () => true,
      () => false,
    );
  for (let i = 0; !(await answers()); i++) {
    if (i > 100 || server.exitCode !== null) {
      server.kill();
      throw new Error(`vite preview did not start on port ${port}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  // stop() resolves once the server has exited, so that the port is free for the next.
  const exited = new Promise((resolve) => server.once("exit", resolve));
  return { origin, stop: () => (server.kill(), exited) };
}

/** Headless Chromium as the end-to-end tests run it. */
export function launchChromium() {
  return chromium.launch(chromiumLaunch);
}
