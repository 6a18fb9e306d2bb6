/**
 * Registers the service worker that web/vite-plugin-offline.ts writes into production builds
 * (dist/sw.js), so the app works offline after its first visit. Its URL and scope are relative
 * to the page: the built site works from any sub-path. Nothing happens in development or where
 * service workers are unavailable (an insecure origin, a private window that blocks them).
 */
export function registerOffline(doc: Document = document): void {
  const nav = doc.defaultView?.navigator;
  if (!import.meta.env.PROD || !nav || !("serviceWorker" in nav)) return;
  const register = () => {
    nav.serviceWorker
      .register(new URL("./sw.js", doc.baseURI), { scope: "./" })
      // Offline support is an extra: the app runs the same without it.
      .catch(() => undefined);
  };
  // After the first load, so precaching does not compete with it.
  if (doc.readyState === "complete") register();
  else doc.defaultView?.addEventListener("load", register, { once: true });
}
