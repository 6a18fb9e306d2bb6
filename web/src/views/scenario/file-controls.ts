/**
 * The scenario panel's file buttons: "Save scenario" downloads the scenario the page shows, edits
 * included; "Load scenario…" reads a .json file and hands its text on (the core judges it).
 */
import { SAVE_NAME, scenarioJson } from "../../state/scenario-file";
import { tooLargeMessage } from "../../wasm/core-limits";
import type { ScenarioFile } from "../../wasm/types";
import { download, textBlob } from "../ui/download";
import { makeButton } from "../ui/dom";

export interface ScenarioFileActions {
  /** The scenario on screen, or null before the first run. */
  current(): ScenarioFile | null;
  /** The bytes of a chosen file, as they are, and its name. */
  load(bytes: Uint8Array, name: string): void;
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
  const save = makeButton(
    "",
    "Save scenario",
    "Download the scenario as a JSON file, with your edits",
  );
  const load = makeButton(
    "",
    "Load scenario…",
    "Open a scenario file (JSON, see docs/scenario.md)",
  );
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
    download(box, SAVE_NAME, textBlob(scenarioJson(s), "application/json"));
    note.textContent = `Saved ${SAVE_NAME}.`;
  });
  load.addEventListener("click", () => input.click());
  input.addEventListener("change", () => {
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;
    const tooLarge = tooLargeMessage(file.size);
    if (tooLarge) {
      note.textContent = `${file.name} was not loaded: ${tooLarge}.`;
      return;
    }
    file.arrayBuffer().then(
      (buffer) => a.load(new Uint8Array(buffer), file.name),
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
