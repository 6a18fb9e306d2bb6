/**
 * Typesets a step's formulas as MathML, which the browser draws with its own math font (no
 * typesetting library, no font download): tex-mathml.ts reads the core's LaTeX; errors are shown
 * in place, never thrown. A formula on screen is patched into the next, not rebuilt: when only
 * its texts differ (the next query's numbers), they are written into its text nodes and nothing
 * is parsed; otherwise a parsed <template> is patched in (patch-dom.ts). Markup and templates are
 * kept in small LRU caches, and the neighbours of the current step get their markup while the
 * browser is idle.
 */
import { patchChildren } from "./patch-dom";
import { texToMathPieces } from "./tex-mathml";

/** Most recently used last; a few steps' worth (two formulas a step). */
const CACHE_LIMIT = 64;
const markups = new Map<string, string>();
const templates = new Map<string, HTMLTemplateElement>();

/** `cache`'s value for `key`, made by `make` when missing; the least recently used goes. */
function cached<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let value = cache.get(key);
  if (value !== undefined) cache.delete(key);
  else {
    value = make();
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  }
  cache.set(key, value);
  return value;
}

/** The core joins the parts of a formula with ", \\quad " (always at the top level). */
const PART_SEPARATOR = /,\s*\\quad\s*/;

/**
 * The markup of `tex`: each part its own box, so a line breaks between parts first, then between
 * its pieces (after a relation or a binary + or −, as TeX breaks).
 */
const markupOf = (tex: string): string =>
  cached(markups, tex, () => {
    const parts = tex.split(PART_SEPARATOR);
    return parts
      .map((part, i) => {
        const comma = i < parts.length - 1 ? "," : "";
        return `<span class="fpart">${texToMathPieces(part + comma).join("")}</span>`;
      })
      .join(" ");
  });

const templateOf = (tex: string): HTMLTemplateElement =>
  cached(templates, tex, () => {
    const t = document.createElement("template");
    t.innerHTML = markupOf(tex);
    return t;
  });

/** A text between two tags of the markup (tex-mathml.ts writes no text outside a tag). */
const TEXT = />([^<]+)</g;
const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"' };
const unescape = (s: string) => s.replace(/&(amp|lt|gt|quot);/g, (e) => ENTITIES[e]!);

/** What a box shows: its LaTeX, its markup with the texts taken out, its text nodes in order. */
interface Shown {
  tex: string;
  skeleton: string;
  texts: Text[];
}
const shown = new WeakMap<HTMLElement, Shown>();

function textsOf(el: HTMLElement): Text[] {
  const texts: Text[] = [];
  const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) texts.push(n as Text);
  return texts;
}

/**
 * Renders LaTeX `tex` into `el` in display style, wrapping where TeX may; "" clears it. When the
 * formula there has the same elements, only its texts that differ are written. Returns whether
 * `el` changed (false when it already shows `tex`).
 */
export function renderFormula(el: HTMLElement, tex: string): boolean {
  const was = shown.get(el);
  if (was?.tex === tex) return false;
  if (tex.trim() === "") {
    shown.set(el, { tex, skeleton: "", texts: [] });
    el.replaceChildren();
    return true;
  }
  const markup = markupOf(tex);
  const skeleton = markup.replace(TEXT, "><");
  if (was?.skeleton !== skeleton) {
    patchChildren(el, templateOf(tex).content);
    shown.set(el, { tex, skeleton, texts: textsOf(el) });
    return true;
  }
  was.tex = tex;
  let i = 0;
  for (const [, text] of markup.matchAll(TEXT)) {
    const node = was.texts[i++]!;
    const data = unescape(text!);
    if (node.data !== data) node.data = data;
  }
  return true;
}

let pending: number | undefined;

/** Writes the markup of `texts` into the cache during idle time, replacing any earlier request. */
export function prepareFormulas(texts: string[]): void {
  if (pending !== undefined) cancelIdle(pending);
  const todo = texts.filter((t) => t.trim() !== "" && !markups.has(t));
  if (todo.length === 0) return;
  pending = requestIdle(() => {
    pending = undefined;
    for (const t of todo) markupOf(t);
  });
}

// requestIdleCallback where the browser has it (Safari does not), else a short timeout.
const hasIdle = typeof window.requestIdleCallback === "function";
const requestIdle = (f: () => void): number =>
  hasIdle ? window.requestIdleCallback(f, { timeout: 500 }) : window.setTimeout(f, 50);
const cancelIdle = (id: number): void =>
  hasIdle ? window.cancelIdleCallback(id) : window.clearTimeout(id);
