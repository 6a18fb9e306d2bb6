/**
 * Saving and loading scenario files (docs/scenario.md): "Save scenario" downloads the scenario the
 * page shows, edits included; "Load scenario…" reads a .json file and lets the core judge the text
 * itself (strict JSON, every field checked), so its message names the field or the line.
 */
import type { Granularity } from "../wasm/enums";
import { ScenarioError, type Attention } from "../wasm/loader";
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
export function parseScenarioText(
  attention: Attention,
  text: string,
  granularity: Granularity,
): ScenarioFile | ScenarioError {
  const judged = attention.raw.run(text, granularity);
  if (!judged.ok) return new ScenarioError(judged.error.field, judged.error.message);
  // The core took it as strict JSON, so JSON.parse reads the same values (after a BOM it ignores).
  return JSON.parse(text.replace(/^\uFEFF/, "")) as ScenarioFile;
}

export interface ScenarioFileActions {
  /** The scenario on screen, or null before the first run. */
  current(): ScenarioFile | null;
  /** The text of a chosen file and its name. */
  load(text: string, name: string): void;
}

export interface ScenarioFileControls {
  /** A line under the buttons ("Loaded x.json"). */
  note(text: string): void;
}

/** The Save / Load buttons, appended to `host` (the scenario panel). */
export function createScenarioFileControls(
  host: HTMLElement,
  a: ScenarioFileActions,
): ScenarioFileControls {
  const box = document.createElement("div");
  box.className = "file-row";
  const save = document.createElement("button");
  save.type = "button";
  save.textContent = "Save scenario";
  save.title = "Download the scenario as a JSON file, with your edits";
  const load = document.createElement("button");
  load.type = "button";
  load.textContent = "Load scenario…";
  load.title = "Open a scenario file (JSON, see docs/scenario.md)";
  const input = document.createElement("input");
  input.type = "file";
  input.accept = ".json,application/json";
  input.hidden = true;
  input.setAttribute("aria-label", "Scenario file to load");
  const note = document.createElement("p");
  note.className = "hint file-note";
  note.setAttribute("role", "status");
  box.append(save, load, input, note);
  host.append(box);

  save.addEventListener("click", () => {
    const s = a.current();
    if (!s) return;
    const url = URL.createObjectURL(new Blob([scenarioJson(s)], { type: "application/json" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = SAVE_NAME;
    link.click();
    // The download has started from the URL by then; free it a little later.
    window.setTimeout(() => URL.revokeObjectURL(url), 1000);
    note.textContent = `Saved ${SAVE_NAME}.`;
  });
  load.addEventListener("click", () => input.click());
  input.addEventListener("change", () => {
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;
    file.text().then(
      (text) => a.load(text, file.name),
      (e: unknown) => {
        note.textContent = `Could not read ${file.name}: ${e instanceof Error ? e.message : String(e)}`;
      },
    );
  });
  return {
    note(text) {
      note.textContent = text;
    },
  };
}
