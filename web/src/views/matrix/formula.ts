/**
 * Typesets a step's formulas with KaTeX (self-hosted fonts; errors shown in place, never thrown).
 * KaTeX is the costliest part of drawing a step, so rendered formulas are kept as parsed
 * <template>s (cloning beats parsing), and the neighbours of the current step can be prepared
 * while the browser is idle: stepping forward or back then only clones.
 */
import katex from "katex";

const cache = new Map<string, HTMLTemplateElement>();
/** Enough for a few hundred steps' formulas; the oldest entries go first. */
const CACHE_LIMIT = 600;

const KATEX_OPTIONS = {
  displayMode: false,
  throwOnError: false,
  trust: false,
  strict: "ignore",
} as const;

/** The core joins the parts of a formula with ", \\quad " (always at the top level). */
const PART_SEPARATOR = /,\s*\\quad\s*/;

function templateOf(tex: string): HTMLTemplateElement {
  let t = cache.get(tex);
  if (t === undefined) {
    t = document.createElement("template");
    // Each part is its own box, so a line breaks between parts first; inside a part, display style
    // typeset inline lets KaTeX break after "=" and "+" when one part is wider than the panel.
    // The LaTeX comes from the core; `trust: false` keeps \href and friends inert all the same.
    const parts = tex.split(PART_SEPARATOR);
    t.innerHTML = parts
      .map((part, i) => {
        const comma = i < parts.length - 1 ? "," : "";
        const html = katex.renderToString(`\\displaystyle ${part}${comma}`, KATEX_OPTIONS);
        return `<span class="fpart">${html}</span>`;
      })
      .join(" ");
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    cache.set(tex, t);
  }
  return t;
}

/** Renders LaTeX `tex` into `el` in display style, wrapping where TeX may; "" clears it. */
export function renderFormula(el: HTMLElement, tex: string): void {
  if (tex.trim() === "") el.replaceChildren();
  else el.replaceChildren(templateOf(tex).content.cloneNode(true));
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
