/**
 * The text a scenario came in as. A scenario from a link, an embed attribute, a fetched or
 * loaded file is JSON text that the browser parses for the page's own use; the core must judge
 * that text itself, not JSON.stringify of what JSON.parse made of it, which hides a repeated
 * field ({"heads":3,"heads":1} reads as 1 head) and writes 1e400 (Infinity) as null.
 */

const texts = new WeakMap<object, string>();

/** Remembers that `scenario` was parsed from `text`; returns `scenario`. */
export function fromText<T extends object>(scenario: T, text: string): T {
  texts.set(scenario, text);
  return scenario;
}

/** The text `scenario` came in as, or its JSON when it was made on the page (form, edits). */
export function scenarioText(scenario: object): string {
  return texts.get(scenario) ?? JSON.stringify(scenario);
}
