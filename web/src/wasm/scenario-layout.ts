/**
 * A scenario as the text of a file, laid out like the examples in docs/scenario.md: matrices one
 * row a line, edits one edit a line, the rest inline. Written on the page (Save of a scenario it
 * holds whole) or in the core's worker (a loaded file whose big matrices stay there), alike.
 */

const isMatrix = (v: unknown): v is unknown[][] =>
  Array.isArray(v) && v.length > 0 && v.every((r) => Array.isArray(r));
const isObjectList = (v: unknown): v is object[] =>
  Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === "object" && x !== null);

/** A JSON value on one line, with a space after each comma and colon ([1, 0], {"row": 0}). */
function inline(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(inline).join(", ")}]`;
  if (typeof v === "object" && v !== null) {
    return `{${Object.entries(v)
      .map(([k, x]) => `${JSON.stringify(k)}: ${inline(x)}`)
      .join(", ")}}`;
  }
  return JSON.stringify(v);
}

/** One JSON value of the file: matrices one row a line, edits one edit a line, the rest inline. */
function valueJson(v: unknown): string {
  if (isMatrix(v) || isObjectList(v))
    return `[\n${v.map((r) => `    ${inline(r)}`).join(",\n")}\n  ]`;
  return inline(v);
}

/** `s` (a scenario file's fields, numbers and all) as the text of a file. */
export function scenarioJson(s: object): string {
  const lines = Object.entries(s)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `  ${JSON.stringify(k)}: ${valueJson(v)}`);
  return `{\n${lines.join(",\n")}\n}\n`;
}
