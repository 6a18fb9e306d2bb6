/**
 * Scenario files (docs/scenario.md) as text: written laid out like the examples, read back only once
 * the core has judged the text itself (strict JSON, every field checked), so its message names the
 * field or the line. The Save / Load buttons are views/scenario/file-controls.ts.
 */
import { rememberFileText, ScenarioError, type Attention } from "../wasm/loader";
import type { ScenarioFile } from "../wasm/types";

/** Name of the downloaded file. */
export const SAVE_NAME = "scenario.json";

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

/** The scenario as the text of a file, laid out like the examples in docs/scenario.md. */
export function scenarioJson(s: ScenarioFile): string {
  const lines = Object.entries(s)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `  ${JSON.stringify(k)}: ${valueJson(v)}`);
  return `{\n${lines.join(",\n")}\n}\n`;
}

/**
 * The scenario in `text`, once the core has accepted it; otherwise the core's ScenarioError
 * (field "" with the line and column for a JSON syntax error).
 */
export async function parseScenarioText(
  attention: Attention,
  text: string,
): Promise<ScenarioFile | ScenarioError> {
  // check, not run: only the verdict is wanted; the app then runs the scenario once.
  try {
    await attention.check(text);
  } catch (e) {
    if (e instanceof ScenarioError) return e;
    throw e;
  }
  // The core took it as strict JSON, so JSON.parse reads the same values (after a BOM it ignores).
  const scenario = JSON.parse(text.replace(/^\uFEFF/, "")) as ScenarioFile;
  rememberFileText(scenario, text);
  return scenario;
}
