/**
 * Build time: each page's head gets a preload of the core's wasm (attention-*.wasm), so that its
 * request leaves with the page's first scripts instead of after them: on a slow network the
 * connection is otherwise idle while the entry and the loader arrive. The page's loader fetches
 * the same URL in the same mode (web/src/wasm/core-worker-start.ts: credentials "same-origin", as
 * a crossorigin preload), so the browser hands it the preloaded response instead of a second one.
 */
import type { Plugin } from "vite";

/** The core's wasm among the build's files (not the algorithms', training's or the model's). */
const CORE_WASM = /(^|\/)attention-[^/]*\.wasm$/;

export function preloadWasm(): Plugin {
  return {
    name: "attention-stepper-preload-wasm",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, ctx) {
        const file = Object.keys(ctx.bundle ?? {}).find((f) => CORE_WASM.test(f));
        if (!file) return [];
        // Relative to the page: the pages sit at the root of the built folder (base "./").
        const attrs = { rel: "preload", href: `./${file}`, as: "fetch", crossorigin: "" };
        return [{ tag: "link", attrs: { ...attrs, type: "application/wasm" }, injectTo: "head" }];
      },
    },
  };
}
