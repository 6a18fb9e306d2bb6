/**
 * From a MatrixId (and head) to the trace's matrix and to the labels of its rows and columns.
 * Rows that stand for tokens are labelled by token; (m, n) matrices have key tokens on columns;
 * every other axis is labelled by position, counted from 1 like the core's texts.
 */
import { plainLabel } from "../ui/format";
import type { MatrixPart, MatrixSpec } from "./matrix-model";
import { isMatMulStage } from "../../state/stages";
import { MatrixId, type Stage } from "../../wasm/enums";
import type { MatrixValue, OperandValue, TraceValue } from "../../wasm/types";

/** The stored matrix an operand refers to (per-head ids use `head`). */
export function matrixOf(trace: TraceValue, id: MatrixId, head: number): MatrixValue | null {
  const h = trace.headTraces[head];
  switch (id) {
    case MatrixId.Xq:
      return trace.xQ;
    case MatrixId.Xkv:
      return trace.xKv;
    case MatrixId.Wq:
      return trace.wQ;
    case MatrixId.Wk:
      return trace.wK;
    case MatrixId.Wv:
      return trace.wV;
    case MatrixId.Q:
      return h?.q ?? null;
    case MatrixId.K:
      return h?.k ?? null;
    case MatrixId.V:
      return h?.v ?? null;
    case MatrixId.Scores:
      return h?.scores ?? null;
    case MatrixId.Scaled:
      return h?.scaled ?? null;
    case MatrixId.Masked:
      return h?.masked ?? null;
    case MatrixId.Weights:
      return h?.weights ?? null;
    case MatrixId.HeadOutput:
      return h?.output ?? null;
    case MatrixId.Concat:
      return trace.concat;
    case MatrixId.Wo:
      return trace.wO;
    case MatrixId.Output:
      return trace.output;
    case MatrixId.WBilinear:
      return trace.wBilinear;
    case MatrixId.WAdditiveQ:
      return trace.wAdditiveQ;
    case MatrixId.WAdditiveK:
      return trace.wAdditiveK;
    case MatrixId.VAdditive:
      return trace.vAdditive;
    case MatrixId.BQ:
      return trace.bQ;
    case MatrixId.BK:
      return trace.bK;
    case MatrixId.BV:
      return trace.bV;
    case MatrixId.BO:
      return trace.bO;
  }
}

/** Whether `id` is a bias (b_Q, b_K, b_V, b_O): a row added to every row of a product. */
export function isBias(id: MatrixId): boolean {
  return id === MatrixId.BQ || id === MatrixId.BK || id === MatrixId.BV || id === MatrixId.BO;
}

/**
 * The operator shown before operand `i` of a step: none before the first; "+" before a bias (added
 * to the product); "·" between a product's factors; "," between an element-wise step's inputs.
 */
export function operatorBefore(stage: Stage, op: OperandValue, i: number): string {
  if (i === 0) return "";
  if (isBias(op.matrix)) return "+";
  return isMatMulStage(stage) ? "·" : ",";
}

type Axis = "query" | "key" | "index";

/** What the stored rows and columns of a matrix stand for. */
function axesOf(id: MatrixId): [Axis, Axis] {
  switch (id) {
    case MatrixId.Xq:
    case MatrixId.Q:
    case MatrixId.HeadOutput:
    case MatrixId.Concat:
    case MatrixId.Output:
      return ["query", "index"];
    case MatrixId.Xkv:
    case MatrixId.K:
    case MatrixId.V:
      return ["key", "index"];
    case MatrixId.Scores:
    case MatrixId.Scaled:
    case MatrixId.Masked:
    case MatrixId.Weights:
      return ["query", "key"];
    default:
      return ["index", "index"];
  }
}

/** Token names, or positions counted from 1 as in every text the core writes ("columns 1–64"). */
function labels(trace: TraceValue, axis: Axis, count: number): string[] {
  if (axis === "query") return trace.queryLabels.slice(0, count);
  if (axis === "key") return trace.keyLabels.slice(0, count);
  return Array.from({ length: count }, (_, i) => String(i + 1));
}

/** Labels of stored rows and columns (before any transposition); `*Tokens` say which are tokens. */
export interface AxisLabels {
  rows: string[];
  cols: string[];
  rowTokens: boolean;
  colTokens: boolean;
}

export function labelsOf(trace: TraceValue, operand: OperandValue): AxisLabels {
  const [r, c] = axesOf(operand.matrix);
  return {
    rows: labels(trace, r, operand.rows),
    cols: labels(trace, c, operand.cols),
    rowTokens: r !== "index",
    colTokens: c !== "index",
  };
}

/** "row 4", "columns 5–8": a span of `count` rows or columns from index `first`, counted from 1. */
function span(axis: "row" | "column", first: number, count: number): string {
  return count === 1 ? `${axis} ${first + 1}` : `${axis}s ${first + 1}–${first + count}`;
}

/**
 * The part of an operand's matrix the step uses, in displayed coordinates (a transposed matrix
 * swaps rows and columns); undefined when the core names no part, i.e. the step uses it whole.
 */
export function partOf(op: OperandValue): MatrixPart | undefined {
  if (!op.part) return undefined;
  const { row0, rows, col0, cols } = op.cells;
  const [r0, nr, allRows, c0, nc, allCols] = op.transposed
    ? [col0, cols, op.cols, row0, rows, op.rows]
    : [row0, rows, op.rows, col0, cols, op.cols];
  const range: string[] = [];
  if (nr < allRows) range.push(span("row", r0, nr));
  if (nc < allCols) range.push(span("column", c0, nc));
  return {
    latex: op.part,
    plain: plainLabel(op.part),
    range: range.join(", "),
    rows: nr,
    cols: nc,
  };
}

/** The MatrixSpec of a step's operand or result: its trace matrix, label and token labels. */
export function operandSpec(
  trace: TraceValue,
  op: OperandValue,
  testId: string,
  role: MatrixSpec["role"],
  operator: string,
): MatrixSpec | null {
  const matrix = matrixOf(trace, op.matrix, op.head);
  if (!matrix) return null;
  const labels = labelsOf(trace, op);
  return {
    testId,
    key: `${op.matrix}:${op.transposed}`,
    latex: op.label,
    plain: plainLabel(op.label),
    matrix,
    transposed: op.transposed,
    rowLabels: labels.rows,
    colLabels: labels.cols,
    rowTokens: labels.rowTokens,
    colTokens: labels.colTokens,
    cells: op.cells,
    part: partOf(op),
    role,
    operator,
  };
}
