/**
 * The front end's layers, bottom to top (docs/architecture.md):
 *   wasm/ → state/ → views/ (ui/ and matrix/ shared; one folder per part of the screen) → app/ →
 *   the entry points (main.ts, embed.ts, element.ts).
 * A file may use its own folder and the layers below it, never one above, never a sibling view's
 * insides, and no cycle. Type-only imports count. `npm run lint` checks it.
 */
const src = "^web/src/";
const entry = `${src}[^/]+$`;

/** "from may not import to": one rule per arrow the layout forbids. */
const arrow = (name, comment, from, to, toNot) => ({
  name,
  comment,
  severity: "error",
  from: { path: from },
  to: toNot ? { path: to, pathNot: toNot } : { path: to },
});

export default {
  forbidden: [
    {
      name: "no-cycle",
      comment:
        "Two modules that need each other are one idea split in two, or a missing lower layer.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    arrow(
      "wasm-at-the-bottom",
      "The loader and its types know nothing of the app.",
      `${src}wasm/`,
      src,
      `${src}wasm/`,
    ),
    arrow(
      "state-below-views",
      "State is plain data and logic: no DOM views, no controller.",
      `${src}state/`,
      `${src}(views|app)/|${entry}`,
    ),
    arrow(
      "views-below-app",
      "Views draw and call back; the controller composes them.",
      `${src}views/`,
      `${src}app/|${entry}`,
    ),
    arrow(
      "ui-is-the-base-kit",
      "views/ui is shared by every view and uses none.",
      `${src}views/ui/`,
      `${src}views/`,
      `${src}views/ui/`,
    ),
    arrow(
      "matrix-uses-only-ui",
      "views/matrix is shared: it may use views/ui only.",
      `${src}views/matrix/`,
      `${src}views/`,
      `${src}views/(ui|matrix)/`,
    ),
    arrow(
      "no-sibling-views",
      "A view folder uses the shared ones (ui, matrix), never a sibling's insides.",
      `${src}views/([^/]+)/`,
      `${src}views/`,
      `${src}views/($1|ui|matrix)/`,
    ),
    arrow("app-below-entries", "The controller never imports an entry point.", `${src}app/`, entry),
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // Type-only imports are dependencies too: `import type` across layers is still an arrow.
    tsPreCompilationDeps: true,
    exclude: { path: "^build/" },
  },
};
