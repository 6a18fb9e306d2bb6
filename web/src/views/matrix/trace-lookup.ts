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
import {
  MATRICES,
  type HeadMatrixField,
  type MatrixInfo,
  type TraceMatrixField,
} from "../../wasm/registry";

/** The registry's row of each matrix id. */
const INFO = new Map<number, MatrixInfo>(MATRICES.map((m) => [m.id, m]));

/** The stored matrix an operand refers to (per-head ids use `head`), by its registry field. */
export function matrixOf(trace: TraceValue, id: MatrixId, head: number): MatrixValue | null {
  const info = INFO.get(id);
  if (!info) return null;
  if (!info.perHead) return trace[info.traceField as TraceMatrixField] ?? null;
  return trace.headTraces[head]?.[info.traceField as HeadMatrixField] ?? null;
}

/** Whether `id` is one per head (Q … O), by the registry. */
export function isPerHead(id: MatrixId): boolean {
  return INFO.get(id)?.perHead === true;
}

/** Whether `id` is a bias (b_Q, b_K, b_V, b_O; one row by the registry's shape rule): a row
 * added to every row of a product. */
export function isBias(id: MatrixId): boolean {
  return INFO.get(id)?.rows === "1";
}

/**
 * The operator shown before operand `i` of a step: none before the first; "+" before a bias (added
 * to the product); "·" between a product's factors; "," between an element-wise step's inputs.
 */
export function operatorBefore(stage: Stage, op: OperandValue, i: number): string {
  if (i === 0) return "";
  if (isBias(op.matrix) || op.matrix === MatrixId.Bias) return "+"; // b_Q …, ALiBi's B
  return isMatMulStage(stage) ? "·" : ",";
}

type Axis = "query" | "key" | "index";

/** What a dimension of the registry's shape rule stands for: m query tokens, n key tokens. */
const axisOf = (dim: string | undefined): Axis =>
  dim === "m" ? "query" : dim === "n" ? "key" : "index";

/** What the stored rows and columns of a matrix stand for (its registry shape rule). */
function axesOf(id: MatrixId): [Axis, Axis] {
  const info = INFO.get(id);
  return [axisOf(info?.rows), axisOf(info?.cols)];
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
