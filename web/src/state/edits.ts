/**
 * The learner's edited cells and their history (undo, redo, reset), as pure functions: nothing
 * here touches the DOM or the core. The list in `present` is what goes into the scenario file's
 * `edits` field; the core applies it on top of the generated or given matrices and judges it.
 */
import { MATRICES } from "../wasm/registry";
import type { CellEdit, EditableMatrix, ScenarioFile } from "../wasm/types";
import { withEdits } from "../wasm/scenario-text";

/** Snapshots of the edit list: undo moves back through `past`, redo forward through `future`. */
export interface EditHistory {
  past: readonly (readonly CellEdit[])[];
  present: readonly CellEdit[];
  future: readonly (readonly CellEdit[])[];
}

/** A history with `edits` as its only state (a new scenario, a loaded file). */
export function startHistory(edits: readonly CellEdit[] = []): EditHistory {
  return { past: [], present: [...edits], future: [] };
}

const sameCell = (a: CellEdit, b: CellEdit) =>
  a.matrix === b.matrix && a.row === b.row && a.col === b.col;

/**
 * The edit list with `edit` added. An earlier edit of the same cell is dropped (the later one
 * would win anyway), so the list stays one entry per cell, in the order first edited.
 */
export function withEdit(edits: readonly CellEdit[], edit: CellEdit): CellEdit[] {
  const i = edits.findIndex((e) => sameCell(e, edit));
  if (i < 0) return [...edits, edit];
  return edits.map((e, j) => (j === i ? edit : e));
}

/** Records a new list as the present; the redo branch is dropped, as in any editor. */
export function commit(h: EditHistory, edits: readonly CellEdit[]): EditHistory {
  return { past: [...h.past, h.present], present: [...edits], future: [] };
}

/** Applies one edit (see withEdit). */
export function applyEdit(h: EditHistory, edit: CellEdit): EditHistory {
  return commit(h, withEdit(h.present, edit));
}

export const canUndo = (h: EditHistory): boolean => h.past.length > 0;
export const canRedo = (h: EditHistory): boolean => h.future.length > 0;

export function undo(h: EditHistory): EditHistory {
  if (!canUndo(h)) return h;
  return {
    past: h.past.slice(0, -1),
    present: h.past[h.past.length - 1]!,
    future: [h.present, ...h.future],
  };
}

export function redo(h: EditHistory): EditHistory {
  if (!canRedo(h)) return h;
  return { past: [...h.past, h.present], present: h.future[0]!, future: h.future.slice(1) };
}

/** Drops every edit; undoable like any other change. Nothing to drop: the same history. */
export function reset(h: EditHistory): EditHistory {
  return h.present.length === 0 ? h : commit(h, []);
}

/** `scenario` with `edits` as its edit list (the field left out when there are none). */
export function scenarioWithEdits(
  scenario: ScenarioFile,
  edits: readonly CellEdit[],
): ScenarioFile {
  const out: ScenarioFile = { ...scenario };
  delete out.edits;
  if (edits.length > 0) out.edits = [...edits];
  // The core reads the text `scenario` came in as with these edits (scenario-text.ts).
  return withEdits(out, scenario, out.edits ?? []);
}

/** The fields that decide the numbers the edits change: tokens, sizes, seed, given matrices and
 * biases. */
const INPUT_FIELDS: readonly (keyof ScenarioFile)[] = [
  "query_tokens",
  "key_tokens",
  "d_model",
  "heads",
  "d_k",
  "d_v",
  "d_a",
  "seed",
  "positional_encoding",
  // the registry's editable matrices but the scoring parameters (usableEdits drops those)
  ...MATRICES.filter((m) => m.editable && m.score === "").map((m) => m.fileField),
];

/**
 * Whether `a` and `b` have the same inputs, so that an edit means the same number in both: they
 * may differ in mask, padding or scoring function, not in sentence, sizes, seed or matrices.
 * Both should be written alike (defaults spelled out or left out the same way).
 */
export function sameInputs(a: ScenarioFile, b: ScenarioFile): boolean {
  return INPUT_FIELDS.every((f) => JSON.stringify(a[f]) === JSON.stringify(b[f]));
}

/** Matrices only some scoring functions have (the registry's `score`); an edit of one needs it. */
const SCORING_MATRIX = new Map<string, string>(
  MATRICES.filter((m) => m.score !== "").map((m) => [m.fileField, m.score]),
);

/** The edits a scenario with scoring function `score` can take (default: scaled dot product). */
export function usableEdits(edits: readonly CellEdit[], score: ScenarioFile["score"]): CellEdit[] {
  return edits.filter((e) => {
    const needs = SCORING_MATRIX.get(e.matrix);
    return needs === undefined || needs === (score ?? "scaled_dot");
  });
}

/** Whether `edits` changes cell (row, col) of `matrix`. */
export function isEdited(
  edits: readonly CellEdit[] | undefined,
  matrix: EditableMatrix,
  row: number,
  col: number,
): boolean {
  return (edits ?? []).some((e) => e.matrix === matrix && e.row === row && e.col === col);
}

/**
 * What the learner typed, as the value of an edit: a number when the text is one (a Unicode
 * minus and surrounding spaces allowed), otherwise the text itself, so the core's message says
 * what was typed ("… must be a number, got \"abc\""). Text that overflows ("1e400") stays text:
 * JSON would turn Infinity into null.
 */
export function cellValueOf(text: string): number {
  const t = text.trim().replace(/^\u2212/, "-");
  const x = Number(t);
  const numeric = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(t) && Number.isFinite(x);
  return (numeric ? x : text.trim()) as number;
}
