/**
 * A matrix as displayed: transposition applied, labels attached, the step's cells marked.
 * Shared by the compact table (matrix.ts) and the virtual grid for huge expanded matrices.
 */
import { formatCell, formatExact, formatShape } from "../ui/format";
import type { CellRange, MatrixValue } from "../../wasm/types";

/** The hook a matrix gets when its cells may be edited; row and col are stored coordinates. */
export interface CellEditHook {
  /** Applies the text typed into cell (row, col); resolves with the core's message, or null when done. */
  commit(row: number, col: number, text: string): Promise<string | null>;
  /** Whether cell (row, col) carries an edit (marked on screen). */
  edited(row: number, col: number): boolean;
}

/**
 * The cells a step uses when they are less than the whole matrix on screen (a head's block of W_Q,
 * a query's row of S_2), in displayed coordinates: "columns 5–8 = W_Q^{(2)}, 8×4".
 */
export interface MatrixPart {
  /** LaTeX symbol ("W_Q^{(2)}", "q_{4}") and its plain text ("W_Q^(2)", "q_4"). */
  latex: string;
  plain: string;
  /** Where the cells are, counted from 1: "columns 5–8", "row 4". */
  range: string;
  rows: number;
  cols: number;
}

/** What a step says about one matrix, in stored (untransposed) coordinates. */
export interface MatrixSpec {
  /** data-testid of the figure, e.g. "matrix-operand-0". */
  testId: string;
  /** Remembers "expanded" across steps for the same matrix. */
  key: string;
  /** LaTeX symbol ("K_{2}^{\\top}") and its plain text ("K_2ᵀ"). */
  latex: string;
  plain: string;
  matrix: MatrixValue;
  transposed: boolean;
  rowLabels: string[];
  colLabels: string[];
  /** Whether stored rows / columns stand for tokens (else their labels are positions). */
  rowTokens: boolean;
  colTokens: boolean;
  cells: CellRange;
  /** The part of the matrix the step uses, when it is less than the whole. */
  part?: MatrixPart;
  /** "read" for operands, "written" for the result. */
  role: "read" | "written";
  /** Operator shown before the label ("·", "=", "→"), or "" for the first operand. */
  operator: string;
  /** What stored cell (r, c) means, in words (tooltip and inspector line). */
  describe?: (r: number, c: number) => string;
  /** Click or Enter on stored cell (r, c), e.g. to drill into how it is computed. */
  onActivate?: (r: number, c: number) => void;
  /** Present on input matrices: typing into a cell edits the scenario (edit-cell.ts). */
  edit?: CellEditHook;
  /** Whether stored cell (r, c) is where weight is expected (a translation's alignment). */
  expected?: (r: number, c: number) => boolean;
}

/**
 * The matrix in words, for captions and accessible names: "W_Q, 8×8, columns 5–8 = W_Q^(2), 8×4"
 * (the whole matrix as displayed, then the part the step uses), ", transposed" for K_2ᵀ.
 */
export function matrixName(spec: MatrixSpec): string {
  const [rows, cols] = spec.transposed
    ? [spec.matrix.cols, spec.matrix.rows]
    : [spec.matrix.rows, spec.matrix.cols];
  const p = spec.part;
  const part = p ? `, ${p.range} = ${p.plain}, ${formatShape(p.rows, p.cols)}` : "";
  return `${spec.plain}, ${formatShape(rows, cols)}${spec.transposed ? ", transposed" : ""}${part}`;
}

/** Display coordinates: row r, column c of what is on screen. */
export interface MatrixView {
  rows: number;
  cols: number;
  value(r: number, c: number): number;
  rowLabel(r: number): string;
  colLabel(c: number): string;
  rowTokens: boolean;
  colTokens: boolean;
  /** The step reads or writes this displayed cell. */
  marked(r: number, c: number): boolean;
  /** Displayed range of marked rows [r0, r1) and columns [c0, c1). */
  markedRows: [number, number];
  markedCols: [number, number];
  role: "read" | "written";
  plain: string;
  /** The learner edited this displayed cell. */
  edited(r: number, c: number): boolean;
  /** Weight is expected in this displayed cell (outlined). */
  expected(r: number, c: number): boolean;
}

export function makeView(spec: MatrixSpec): MatrixView {
  const { matrix: m, cells, transposed: t } = spec;
  const rowSpan: [number, number] = [cells.row0, cells.row0 + cells.rows];
  const colSpan: [number, number] = [cells.col0, cells.col0 + cells.cols];
  const markedRows = t ? colSpan : rowSpan;
  const markedCols = t ? rowSpan : colSpan;
  return {
    rows: t ? m.cols : m.rows,
    cols: t ? m.rows : m.cols,
    // Row-major storage: element (r, c) is data[r * cols + c]; transposed swaps r and c.
    value: t ? (r, c) => m.data[c * m.cols + r]! : (r, c) => m.data[r * m.cols + c]!,
    rowLabel: (r) => (t ? spec.colLabels[r] : spec.rowLabels[r]) ?? String(r + 1),
    colLabel: (c) => (t ? spec.rowLabels[c] : spec.colLabels[c]) ?? String(c + 1),
    rowTokens: t ? spec.colTokens : spec.rowTokens,
    colTokens: t ? spec.rowTokens : spec.colTokens,
    marked: (r, c) =>
      r >= markedRows[0] && r < markedRows[1] && c >= markedCols[0] && c < markedCols[1],
    markedRows,
    markedCols,
    role: spec.role,
    plain: spec.plain,
    edited: (r, c) => spec.edit?.edited(t ? c : r, t ? r : c) ?? false,
    expected: (r, c) => spec.expected?.(t ? c : r, t ? r : c) ?? false,
  };
}

/** Rows or columns above this count are shown compactly. */
export const COMPACT_LIMIT = 16;

/**
 * Indices to show on an axis of length n: the first few, the last few and the marked range [lo, hi)
 * (its ends when long); `null` stands for a gap ("…"). All indices when n <= limit.
 */
export function visibleIndices(n: number, lo: number, hi: number, limit = COMPACT_LIMIT) {
  const out: (number | null)[] = [];
  if (n <= limit) {
    for (let i = 0; i < n; i++) out.push(i);
    return out;
  }
  const keep = new Set<number>();
  const add = (a: number, b: number) => {
    for (let i = Math.max(0, a); i < Math.min(n, b); i++) keep.add(i);
  };
  add(0, 5);
  add(n - 3, n);
  if (hi - lo <= 8) add(lo, hi);
  else {
    add(lo, lo + 4);
    add(hi - 2, hi);
  }
  let prev = -1;
  for (const i of [...keep].sort((a, b) => a - b)) {
    if (i > prev + 1) out.push(null);
    out.push(i);
    prev = i;
  }
  return out;
}

/**
 * Indices to show on a compacted axis of length n whose marked range [lo, hi) is a strict part
 * of it (a head's 8 columns of a 32×32 W_Q): that part only, its ends when longer than 8, with a
 * gap ("…") where the rest is; "Show all" reaches the rest.
 */
export function partIndices(n: number, lo: number, hi: number): (number | null)[] {
  const out: (number | null)[] = lo > 0 ? [null] : [];
  if (hi - lo <= 8) for (let i = lo; i < hi; i++) out.push(i);
  else out.push(lo, lo + 1, lo + 2, lo + 3, null, hi - 2, hi - 1);
  if (hi < n) out.push(null);
  return out;
}

/** The compact display of an axis of length n marked on [lo, hi): its part, or its ends. */
export function compactIndices(n: number, lo: number, hi: number): (number | null)[] {
  const part = n > COMPACT_LIMIT && hi > lo && hi - lo < n;
  return part ? partIndices(n, lo, hi) : visibleIndices(n, lo, hi);
}

/** Whether a compact display drops anything. */
export function isCompacted(view: MatrixView): boolean {
  return view.rows > COMPACT_LIMIT || view.cols > COMPACT_LIMIT;
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text safe inside HTML markup (tokens such as "<start>" are user text). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
}

/** CSS classes of a cell: marked (read/written), dimmed otherwise, "inf" for −∞. */
export function cellClass(view: MatrixView, r: number, c: number, x: number): string {
  const base = view.marked(r, c) ? (view.role === "read" ? "cell rd" : "cell wr") : "cell dim";
  const edited = (view.edited(r, c) ? " edited" : "") + (view.expected(r, c) ? " expect" : "");
  return x === -Infinity ? `${base} inf${edited}` : `${base}${edited}`;
}

/** The inspector's text for a displayed cell: position (from 1), token and the exact value. */
export function describeCell(view: MatrixView, r: number, c: number): string {
  const x = view.value(r, c);
  const rowText = view.rowTokens ? `row ${r + 1} “${view.rowLabel(r)}”` : `row ${r + 1}`;
  const colText = view.colTokens ? `col ${c + 1} “${view.colLabel(c)}”` : `col ${c + 1}`;
  return `${view.plain} [${rowText}, ${colText}] = ${formatExact(x)}  (shown ${formatCell(x)})`;
}
