/**
 * The text a scenario came in as. A scenario from a link, an embed attribute, a fetched or
 * loaded file is JSON text that the browser parses for the page's own use; the core must judge
 * that text itself, not JSON.stringify of what JSON.parse made of it, which hides a repeated
 * field ({"heads":3,"heads":1} reads as 1 head) and writes 1e400 (Infinity) as null.
 * A scenario that is such a one with other edits (a cell edit, undo) is its text with the edits
 * field added: a loaded 51 MB layer is not written out again at each edit. A loaded file's text
 * stays in the core's worker (stored-files.ts): its scenario's text is `{"$file": id}`.
 */

const texts = new WeakMap<object, string>();
/** A scenario made from one with a text and no edits of its own, and its edit list. */
const edited = new WeakMap<object, { base: object; edits: readonly unknown[] }>();

/** Remembers that `scenario` was parsed from `text`; returns `scenario`. */
export function fromText<T extends object>(scenario: T, text: string): T {
  texts.set(scenario, text);
  return scenario;
}

/**
 * Remembers that `scenario` is `from` (a scenario with a text, or one made from it) with the
 * edit list `edits` instead of its own; returns `scenario`.
 */
export function withEdits<T extends object>(
  scenario: T,
  from: object,
  edits: readonly unknown[],
): T {
  const base = edited.get(from)?.base ?? from;
  const own = (base as { edits?: unknown }).edits;
  if (texts.has(base) && own === undefined) edited.set(scenario, { base, edits });
  return scenario;
}

/** `text`, a JSON object without an edits field, with `"edits": [...]` as its last field. */
export function appendEdits(text: string, empty: boolean, edits: readonly unknown[]): string {
  if (edits.length === 0) return text;
  const body = text.trimEnd().slice(0, -1); // without its closing brace
  return `${body}${empty ? "" : ","}"edits":${JSON.stringify(edits)}}`;
}

/** The text `scenario` came in as, or its JSON when it was made on the page (form, edits). */
export function scenarioText(scenario: object): string {
  const own = texts.get(scenario);
  if (own !== undefined) return own;
  const from = edited.get(scenario);
  if (from) {
    const empty = Object.keys(from.base).length === 0;
    return appendEdits(texts.get(from.base)!, empty, from.edits);
  }
  return JSON.stringify(scenario);
}
