// The learner's edits (web/src/state/edits.ts): one entry per cell, undo and redo as in any
// editor, which edits survive another scoring function, and what a typed value becomes.
import { describe, expect, it } from "vitest";
import {
  applyEdit,
  canRedo,
  canUndo,
  cellValueOf,
  isEdited,
  redo,
  reset,
  sameInputs,
  scenarioWithEdits,
  startHistory,
  undo,
  usableEdits,
  withEdit,
} from "../../../web/src/state/edits";
import type { CellEdit, ScenarioFile } from "../../../web/src/wasm/types";

const e = (matrix: CellEdit["matrix"], row: number, col: number, value: number): CellEdit => ({
  matrix,
  row,
  col,
  value,
});

describe("the edit list", () => {
  it("keeps one entry per cell, in the order first edited, the later value winning", () => {
    const list = withEdit(
      withEdit(withEdit([], e("x_q", 0, 0, 1)), e("w_q", 1, 1, 2)),
      e("x_q", 0, 0, 3),
    );
    expect(list).toEqual([e("x_q", 0, 0, 3), e("w_q", 1, 1, 2)]);
  });
  it("isEdited finds exactly that cell", () => {
    const list = [e("x_q", 1, 2, 0)];
    expect(isEdited(list, "x_q", 1, 2)).toBe(true);
    expect(isEdited(list, "x_q", 2, 1)).toBe(false);
    expect(isEdited(list, "w_q", 1, 2)).toBe(false);
    expect(isEdited(undefined, "x_q", 1, 2)).toBe(false);
  });
});

describe("history", () => {
  const a = e("x_q", 0, 0, 1);
  const b = e("x_q", 0, 1, 2);
  const h = applyEdit(applyEdit(startHistory(), a), b);
  it("undoes and redoes each edit in turn", () => {
    expect(h.present).toEqual([a, b]);
    expect(undo(h).present).toEqual([a]);
    expect(undo(undo(h)).present).toEqual([]);
    expect(redo(undo(undo(h))).present).toEqual([a]);
    expect(canUndo(startHistory())).toBe(false);
    expect(canRedo(h)).toBe(false);
    expect(canRedo(undo(h))).toBe(true);
  });
  it("at either end, undo and redo change nothing", () => {
    const empty = startHistory();
    expect(undo(empty)).toBe(empty);
    expect(redo(h)).toBe(h);
  });
  it("a new edit after an undo drops the redo branch", () => {
    const branched = applyEdit(undo(h), e("w_v", 0, 0, 5));
    expect(canRedo(branched)).toBe(false);
    expect(branched.present).toEqual([a, e("w_v", 0, 0, 5)]);
  });
  it("reset clears the edits, undoably; with nothing to clear it is the same history", () => {
    expect(reset(h).present).toEqual([]);
    expect(undo(reset(h)).present).toEqual([a, b]);
    const empty = startHistory();
    expect(reset(empty)).toBe(empty);
  });
  it("starts from a loaded file's edits, with no past", () => {
    const started = startHistory([a]);
    expect(started.present).toEqual([a]);
    expect(canUndo(started)).toBe(false);
  });
});

describe("edits and scenarios", () => {
  const base: ScenarioFile = { query_tokens: ["a", "b"], d_model: 4, heads: 1, seed: 1 };
  it("writes the edits into the scenario, and leaves the field out when there are none", () => {
    const withOne = scenarioWithEdits(base, [e("x_q", 0, 0, 1)]);
    expect(withOne.edits).toEqual([e("x_q", 0, 0, 1)]);
    expect("edits" in scenarioWithEdits(withOne, [])).toBe(false);
    expect(base).not.toHaveProperty("edits");
  });
  it("sameInputs: mask, padding and scoring may differ; sentence, sizes and seed may not", () => {
    expect(sameInputs(base, { ...base, mask: "causal", padded_keys: [1], score: "dot" })).toBe(
      true,
    );
    expect(sameInputs(base, { ...base, seed: 2 })).toBe(false);
    expect(sameInputs(base, { ...base, query_tokens: ["a", "c"] })).toBe(false);
    expect(sameInputs(base, { ...base, d_model: 8 })).toBe(false);
  });
  it("keeps only the edits the scoring function has matrices for", () => {
    const all = [e("x_q", 0, 0, 1), e("w_bilinear", 0, 0, 2), e("v_additive", 0, 1, 3)];
    expect(usableEdits(all, undefined)).toEqual([all[0]]);
    expect(usableEdits(all, "general")).toEqual([all[0], all[1]]);
    expect(usableEdits(all, "additive")).toEqual([all[0], all[2]]);
  });
});

describe("a typed value", () => {
  it("is a number when the text is one, a Unicode minus and spaces allowed", () => {
    expect(cellValueOf(" 1.5 ")).toBe(1.5);
    expect(cellValueOf("\u22122")).toBe(-2);
    expect(cellValueOf(".5e1")).toBe(5);
  });
  it("stays text otherwise, so the core can quote it", () => {
    expect(cellValueOf("abc")).toBe("abc");
    expect(cellValueOf("1e400")).toBe("1e400");
    expect(cellValueOf("0x10")).toBe("0x10");
  });
});
