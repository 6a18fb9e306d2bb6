/**
 * The scenario panel's file buttons: "Save scenario" downloads the scenario the page shows, edits
 * included; "Load scenario…" hands the chosen file on unread (the core's worker reads and judges
 * it: the page never holds a big file's text).
 */
import { SAVE_NAME } from "../../state/scenario-file";
import { tooLargeMessage } from "../../wasm/core-limits";
import { download } from "../ui/download";
import { makeButton } from "../ui/dom";

export interface ScenarioFileActions {
  /** The file of the scenario on screen, or null before the first run. */
  saved(): Promise<Blob | null>;
  /** A chosen file (within the size limit) and its name. */
  load(file: Blob, name: string): void;
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
    a.saved().then(
      (blob) => {
        if (!blob) return;
        download(box, SAVE_NAME, blob);
        note.textContent = `Saved ${SAVE_NAME}.`;
      },
      (e: unknown) => {
        note.textContent = `Could not save: ${e instanceof Error ? e.message : String(e)}`;
      },
    );
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
    a.load(file, file.name);
  });
  return {
    note(text) {
      note.textContent = text;
    },
  };
}
