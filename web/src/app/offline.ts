/**
 * Registers the service worker that web/vite-plugin-offline.ts writes into production builds
 * (dist/sw.js), so the app works offline after its first visit. Its URL and scope are relative
 * to the page: the built site works from any sub-path. Nothing happens in development or where
 * service workers are unavailable (an insecure origin, a private window that blocks them).
 */

/** Longest wait for an idle moment once the first step is shown (ms). */
const IDLE_TIMEOUT = 2000;

/**
 * Registers once `firstStep` has settled (the first step shown, or the start failed) and the page
 * is then idle: its install precaches ~3 MB (Learn's models, the language model), which on a slow
 * network would otherwise share the bandwidth with the core's wasm and delay the first step.
 */
export function registerOffline(firstStep: Promise<unknown>, doc: Document = document): void {
  const win = doc.defaultView;
  const nav = win?.navigator;
  if (!import.meta.env.PROD || !win || !nav || !("serviceWorker" in nav)) return;
  const register = () => {
    nav.serviceWorker
      .register(new URL("./sw.js", doc.baseURI), { scope: "./" })
      // Offline support is an extra: the app runs the same without it.
      .catch(() => undefined);
  };
  // Safari has no requestIdleCallback: there, the next task.
  const idle = win.requestIdleCallback as Window["requestIdleCallback"] | undefined;
  const whenIdle = () =>
    idle ? idle.call(win, register, { timeout: IDLE_TIMEOUT }) : win.setTimeout(register, 0);
  firstStep.then(whenIdle, whenIdle);
}
