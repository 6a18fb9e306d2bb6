/**
 * Edited numbers, wired to the page: the edit history, the hooks that make input matrices
 * editable, the edit bar and Ctrl+Z / Ctrl+Shift+Z (Ctrl+Y). Every change runs the whole scenario
 * with its new edit list through the core, which judges it; a refused edit changes nothing.
 * A new scenario clears the edits and says so in the edit bar; Undo (with nothing left to undo
 * in the new scenario) brings the previous scenario back with its edits and their history.
 */
import {
  applyEdit,
  canRedo,
  canUndo,
  cellValueOf,
  isEdited,
  redo,
  reset,
  scenarioWithEdits,
  startHistory,
  undo,
  type EditHistory,
} from "../../state/edits";
import { eventOrigin } from "../ui/dom";
import { keysBelongTo } from "../ui/keyboard";
import type { CellEditHook } from "../matrix/matrix-model";
import { createEditBar } from "./edit-bar";
import { SUPERSEDED, type AppState, type RunOutcome } from "../../state/app-state";
import { MatrixId } from "../../wasm/enums";
import { MATRICES } from "../../wasm/registry";
import type { CellEdit, EditableMatrix, ScenarioFile, TraceValue } from "../../wasm/types";

export interface EditingHost {
  state(): AppState | null;
  /** Runs `scenario` keeping the current step; the core's error, null when shown, or SUPERSEDED. */
  tryRun(scenario: ScenarioFile): Promise<RunOutcome>;
  /** A line in the page's status area ("" clears it). */
  say(text: string): void;
  /** Opens `scenario` from its first step, the scenario form showing it; as tryRun. */
  reopen(scenario: ScenarioFile): Promise<RunOutcome>;
}

export interface Editing {
  /** The edit hook for a matrix of the trace, or undefined when it is computed (not editable). */
  hookFor(trace: TraceValue, matrix: MatrixId | EditableMatrix): CellEditHook | undefined;
  /**
   * A new scenario (preset, loaded file, link): the history starts over with its edits. When it
   * replaced `previous` (as run, without edits) the edits in force are cleared, which the edit
   * bar says and Undo reverts.
   */
  restart(edits: readonly CellEdit[], previous?: ScenarioFile): void;
  /** The edits in force. */
  edits(): readonly CellEdit[];
}

/** The scenario-file field behind an input matrix (the registry's editable rows); computed ones
 * have none. */
export function editableOf(trace: TraceValue, id: MatrixId): EditableMatrix | undefined {
  // In self-attention both sides read the one X, which the file calls x_q.
  if (id === MatrixId.Xkv && trace.selfAttention) return "x_q";
  const info = MATRICES.find((m) => m.id === id);
  return info?.editable ? (info.fileField as EditableMatrix) : undefined;
}

/** Whether the focus is in something that takes typing (where Ctrl+Z is the field's own undo). */
function typing(el: EventTarget | null): boolean {
  if (!(el instanceof HTMLElement)) return false;
  if (el.isContentEditable || el instanceof HTMLTextAreaElement) return true;
  return el instanceof HTMLInputElement && !["checkbox", "radio", "button"].includes(el.type);
}

/** "3 edits cleared: the scenario changed. Undo brings them back." */
const clearedNote = (n: number) =>
  `${n} edit${n === 1 ? "" : "s"} cleared: the scenario changed. Undo brings them back.`;

export function createEditing(bar: HTMLElement, root: HTMLElement, host: EditingHost): Editing {
  let history: EditHistory = startHistory();
  // The scenario a new one replaced, with the edits it had, for Undo; and what the bar says.
  let replaced: { scenario: ScenarioFile; history: EditHistory } | null = null;
  let note = "";
  const ui = createEditBar(bar, {
    undo: () => void undoOrBringBack(),
    redo: () => void step(redo(history), "Redo"),
    reset: () => void step(reset(history), "Reset"),
  });
  const refresh = () =>
    ui.update({
      canUndo: canUndo(history) || replaced !== null,
      canRedo: canRedo(history),
      edited: history.present.length,
      note,
    });

  /** Runs the scenario with `next`'s edits; on success `next` becomes the history. */
  async function change(next: EditHistory): Promise<RunOutcome> {
    const s = host.state();
    if (!s) return null;
    const outcome = await host.tryRun(scenarioWithEdits(s.scenario, next.present));
    if (outcome) return outcome;
    history = next;
    note = "";
    refresh();
    return null;
  }

  async function step(next: EditHistory, what: string): Promise<void> {
    if (next === history) return;
    const outcome = await change(next);
    if (outcome === SUPERSEDED) return;
    host.say(outcome ? `${what} was refused: ${outcome.message}` : "");
  }

  /** Undo; with nothing to undo here, back to the replaced scenario with its edits. */
  async function undoOrBringBack(): Promise<void> {
    if (canUndo(history) || !replaced) return step(undo(history), "Undo");
    const back = replaced;
    const outcome = await host.reopen(back.scenario);
    if (outcome === SUPERSEDED) return;
    if (outcome) return host.say(`Undo was refused: ${outcome.message}`);
    history = back.history;
    replaced = null;
    note = "";
    refresh();
  }

  // Undo / redo keys: in this stepper, or anywhere on the page when it is the page's only one (an
  // embedded stepper never takes the host page's keys).
  root.ownerDocument.addEventListener("keydown", (e) => {
    if (!(e.ctrlKey || e.metaKey) || e.altKey || typing(eventOrigin(e))) return;
    if (!keysBelongTo(root, e)) return;
    const key = e.key.toLowerCase();
    if (key === "z" && !e.shiftKey) void undoOrBringBack();
    else if ((key === "z" && e.shiftKey) || key === "y") void step(redo(history), "Redo");
    else return;
    e.preventDefault();
  });
  refresh();

  return {
    hookFor(trace, matrix) {
      const field = typeof matrix === "string" ? matrix : editableOf(trace, matrix);
      if (!field) return undefined;
      return {
        async commit(row, col, text) {
          const edit: CellEdit = { matrix: field, row, col, value: cellValueOf(text) };
          const outcome = await change(applyEdit(history, edit));
          if (!outcome || outcome === SUPERSEDED) return null;
          // The core names the edit ("edits[2].value is …"); at the cell, "The value" says it.
          return outcome.message.replace(/^edits\[\d+\]\.value\b/, "The value");
        },
        // What the page shows is what the core ran: read the state's scenario, not the history.
        edited: (row, col) => isEdited(host.state()?.scenario.edits, field, row, col),
      };
    },
    restart(edits, previous) {
      const dropped = history.present.length;
      replaced =
        previous && dropped > 0
          ? { scenario: scenarioWithEdits(previous, history.present), history }
          : null;
      note = replaced ? clearedNote(dropped) : "";
      history = startHistory(edits);
      refresh();
    },
    edits: () => history.present,
  };
}
