// Entry point of the app page: the styles (formulas are MathML, in the browser's math font), then
// the core's worker started at once, so that it and its wasm download while the app's script
// (app/app-page.ts, a chunk of its own) loads and runs; on a slow network and CPU the two overlap
// instead of queueing. The app takes the same worker: the loader is memoized. Meanwhile the page's
// fonts are looked up, in short tasks of their own (views/ui/warm-fonts.ts).
import "./styles.css";
import { loadAttention } from "./wasm/loader";
import { warmFonts } from "./views/ui/warm-fonts";

// A failure is reported by the app, which asks for the same promise.
loadAttention().catch(() => undefined);
void import("./app/app-page");
warmFonts(document);
