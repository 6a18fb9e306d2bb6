// The Model view's speed in Chromium, for `npm run bench` (figures only, never asserted): serves
// dist/ with `vite preview`, opens #model in headless Chromium (a fresh page each run), and times
// from navigation to the model shown (worker, lm.wasm and the model file loaded), then greedy
// generation of 100 tokens after "And God said": the time from the click on Generate to the
// first generated token on screen (prompt through the KV cache included), and tokens per second
// after it. Medians of 3 runs. Usage: node tools/bench/bench-lm-page.mjs [port]
import { launchChromium, startPreview } from "./bench-page.mjs";

const port = Number(process.argv[2] ?? 4421);
const STEPS = 100;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** One run: ms to the model shown, to the first token, and tokens/s after it. */
async function run(browser, origin) {
  const page = await browser.newPage();
  const start = Date.now();
  await page.goto(`${origin}/#model=kjv&text=And%20God%20said`);
  await page
    .locator(".lm-intro")
    .filter({ hasText: /^The King James model/ })
    .waitFor();
  await page.locator(".lm-head").first().waitFor();
  const opened = Date.now() - start;
  await page.getByRole("textbox", { name: "New tokens" }).fill(String(STEPS));
  // Times in the page: each generated chip's arrival, seen by a MutationObserver.
  const times = await page.evaluate(
    (steps) =>
      new Promise((resolve) => {
        const list = document.querySelector('[aria-label="Generated tokens"]');
        const button = [...document.querySelectorAll("button")].find(
          (b) => b.textContent === "Generate",
        );
        const seen = [];
        const t0 = performance.now();
        new MutationObserver((_, observer) => {
          while (seen.length < list.children.length) seen.push(performance.now() - t0);
          if (seen.length < steps) return;
          observer.disconnect();
          resolve(seen);
        }).observe(list, { childList: true });
        button.click();
      }),
    STEPS,
  );
  await page.close();
  const first = times[0];
  const rate = (times.length - 1) / ((times[times.length - 1] - first) / 1000);
  return { opened, first, rate };
}

const server = await startPreview(port);
const browser = await launchChromium();
try {
  const runs = [];
  for (let i = 0; i < 3; i++) runs.push(await run(browser, server.origin));
  const m = (k) => median(runs.map((r) => r[k]));
  console.log(
    `Model view in Chromium (medians of 3): model shown ${m("opened").toFixed(0)} ms after ` +
      `navigation; first generated token ${m("first").toFixed(1)} ms after Generate, then ` +
      `${m("rate").toFixed(0)} tokens/s (greedy, ${STEPS} tokens)`,
  );
} finally {
  await browser.close();
  await server.stop();
}
