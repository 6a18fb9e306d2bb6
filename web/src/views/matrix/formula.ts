/**
 * Typesets a step's formulas as MathML, which the browser draws with its own math font (no
 * typesetting library, no font download): tex-mathml.ts reads the core's LaTeX; errors are shown
 * in place, never thrown. A formula on screen is patched into the next, not rebuilt. Rendered formulas are kept as parsed <template>s (cloning beats
 * parsing) in a small LRU cache, and the neighbours of the current step can be prepared while the
 * browser is idle.
 */
import { patchChildren } from "./patch-dom";
import { texToMathPieces } from "./tex-mathml";

/** Most recently used last; a few steps' worth (two formulas a step). */
const cache = new Map<string, HTMLTemplateElement>();
const CACHE_LIMIT = 64;

/** The core joins the parts of a formula with ", \\quad " (always at the top level). */
const PART_SEPARATOR = /,\s*\\quad\s*/;

function templateOf(tex: string): HTMLTemplateElement {
  let t = cache.get(tex);
  if (t !== undefined) {
    cache.delete(tex);
  } else {
    t = document.createElement("template");
    // Each part is its own box, so a line breaks between parts first, then between its pieces
    // (after a relation or a binary + or −, as TeX breaks).
    const parts = tex.split(PART_SEPARATOR);
    t.innerHTML = parts
      .map((part, i) => {
        const comma = i < parts.length - 1 ? "," : "";
        return `<span class="fpart">${texToMathPieces(part + comma).join("")}</span>`;
      })
      .join(" ");
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  }
  cache.set(tex, t);
  return t;
}

/**
 * Renders LaTeX `tex` into `el` in display style, wrapping where TeX may; "" clears it. What is
 * already there is patched (patch-dom.ts): the next step's formula changes its numbers only.
 */
export function renderFormula(el: HTMLElement, tex: string): void {
  if (tex.trim() === "") el.replaceChildren();
  else patchChildren(el, templateOf(tex).content);
}

let pending: number | undefined;

/** Renders `texts` into the cache during idle time, replacing any earlier request. */
export function prepareFormulas(texts: string[]): void {
  if (pending !== undefined) cancelIdle(pending);
  const todo = texts.filter((t) => t.trim() !== "" && !cache.has(t));
  if (todo.length === 0) return;
  pending = requestIdle(() => {
    pending = undefined;
    for (const t of todo) templateOf(t);
  });
}

// requestIdleCallback where the browser has it (Safari does not), else a short timeout.
const hasIdle = typeof window.requestIdleCallback === "function";
const requestIdle = (f: () => void): number =>
  hasIdle ? window.requestIdleCallback(f, { timeout: 500 }) : window.setTimeout(f, 50);
const cancelIdle = (id: number): void =>
  hasIdle ? window.cancelIdleCallback(id) : window.clearTimeout(id);
