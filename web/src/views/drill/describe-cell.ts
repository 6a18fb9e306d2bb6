/**
 * What a cell means, in words: "'Michael' gives 0.2500 of its attention to 'Bay'". One sentence
 * per matrix of the trace, in one table keyed by registry id (MatrixId), for the hover tooltip
 * and the inspector line of every matrix. Positions
 * count from 1 and heads are named as on screen ("head 2"), like the core's own sentences.
 */
import { formatCell } from "../ui/format";
import { matrixOf } from "../matrix/trace-lookup";
import { MatrixId, ScoreKind } from "../../wasm/enums";
import type { MatrixValue, TraceValue } from "../../wasm/types";

const quote = (token: string | undefined) => `'${token ?? "?"}'`;

/** Head and position (from 1) of column `c` of a per-head parameter (W_a, W_1, W_2). */
function paramColumn(c: number, cols: number, heads: number): [number, number] {
  const width = Math.max(1, Math.floor(cols / heads));
  return [Math.floor(c / width) + 1, (c % width) + 1];
}

/** "q·k", "q·k / √d_k", … : how score (i, j) is computed under each scoring function. */
function scoreFormula(score: ScoreKind, scaled: boolean): string {
  switch (score) {
    case ScoreKind.Dot:
      return "q·k";
    case ScoreKind.General:
      return "q W_a kᵀ";
    case ScoreKind.Additive:
      return "v_aᵀ tanh(q W_1 + k W_2)";
    case ScoreKind.ScaledDot:
      return scaled ? "q·k / √d_k" : "q·k";
  }
}

/** Whether any row of the positional encoding is non-zero (it is all zeros when switched off). */
function hasPosition(trace: TraceValue): boolean {
  return (
    trace.positionalQ.data.some((x) => x !== 0) || trace.positionalKv.data.some((x) => x !== 0)
  );
}

/** "dimension 7 of head 2" for column `c` of a matrix whose heads are blocks of `width` columns. */
function headColumn(c: number, width: number, what: string): string {
  const h = Math.floor(c / width);
  return `${what} dimension ${(c % width) + 1} of head ${h + 1}`;
}

/** Everything a sentence reads about one cell: position, value as shown, tokens, head. */
interface Cell {
  r: number;
  c: number;
  /** The stored value, and as shown (4 decimals). */
  x: number;
  value: string;
  m: MatrixValue | null;
  trace: TraceValue;
  /** The query token of row r, the key token of row r and of column c, quoted. */
  q: string;
  kRow: string;
  kCol: string;
  inHead: string;
}

/** A cell of the input X_q or X_kv: a token's input vector. */
function inputSentence(x: Cell, token: string): string {
  const source = hasPosition(x.trace) ? "embedding + position" : "embedding";
  return `dimension ${x.c + 1} of the input vector of ${token} (${source}) = ${x.value}`;
}

/** A cell of W_Q, W_K or W_V: from an input dimension to a head's query, key or value one. */
function weightSentence(x: Cell, width: number, what: string): string {
  return `weight from input dimension ${x.r + 1} to ${headColumn(x.c, width, what)} = ${x.value}`;
}

/** A cell of W_1 or W_2 (additive score): from a query or key component to a hidden unit. */
function additiveSentence(x: Cell, name: string, what: string): string {
  const [h, u] = paramColumn(x.c, x.m?.cols ?? 1, x.trace.numHeads);
  return `${name} of head ${h}: weight from ${what} component ${x.r + 1} to hidden unit ${u} = ${x.value}`;
}

/** A bias cell: added to one column of its product for every token. */
const biasSentence = (target: (x: Cell) => string) => (x: Cell) =>
  `bias added to ${target(x)} of every token = ${x.value}`;

/** The sentence of each matrix by registry id; the others say only row, column and value. */
const SENTENCES: Partial<Record<MatrixId, (x: Cell) => string>> = {
  [MatrixId.Xq]: (x) => inputSentence(x, x.q),
  [MatrixId.Xkv]: (x) => inputSentence(x, x.kRow),
  [MatrixId.Wq]: (x) => weightSentence(x, x.trace.dK, "query"),
  [MatrixId.Wk]: (x) => weightSentence(x, x.trace.dK, "key"),
  [MatrixId.Wv]: (x) => weightSentence(x, x.trace.dV, "value"),
  [MatrixId.Q]: (x) =>
    `component ${x.c + 1} of the query vector of ${x.q} ${x.inHead} = ${x.value}`,
  [MatrixId.K]: (x) =>
    `component ${x.c + 1} of the key vector of ${x.kRow} ${x.inHead} = ${x.value}`,
  [MatrixId.V]: (x) =>
    `component ${x.c + 1} of the value vector of ${x.kRow} ${x.inHead} = ${x.value}`,
  [MatrixId.QRotated]: (x) =>
    `component ${x.c + 1} of the query vector of ${x.q} turned by RoPE ${x.inHead} = ${x.value}`,
  [MatrixId.KRotated]: (x) =>
    `component ${x.c + 1} of the key vector of ${x.kRow} turned by RoPE ${x.inHead} = ${x.value}`,
  [MatrixId.Bias]: (x) =>
    `ALiBi's bias of query ${x.q} against key ${x.kCol} ${x.inHead}: −slope·|i − j| = ${x.value}`,
  [MatrixId.Biased]: (x) =>
    `scaled score of query ${x.q} against key ${x.kCol} plus ALiBi's bias ${x.inHead} = ${x.value}`,
  [MatrixId.Scores]: (x) =>
    `score of query ${x.q} against key ${x.kCol} ${x.inHead}: ${scoreFormula(x.trace.score, false)} = ${x.value}`,
  [MatrixId.Scaled]: (x) =>
    `scaled score of query ${x.q} against key ${x.kCol} ${x.inHead}: ${scoreFormula(x.trace.score, true)} = ${x.value}`,
  [MatrixId.Masked]: (x) =>
    x.x === -Infinity
      ? `the mask hides key ${x.kCol} from query ${x.q} ${x.inHead}: the score becomes −∞`
      : `score of query ${x.q} against key ${x.kCol} ${x.inHead}, not masked: ${scoreFormula(x.trace.score, true)} = ${x.value}`,
  [MatrixId.Weights]: (x) =>
    x.trace.hasMask && x.trace.mask.data[x.r * x.trace.mask.cols + x.c] === 0
      ? `${x.q} gives 0 of its attention to ${x.kCol}: the mask hides that key ${x.inHead}`
      : `${x.q} gives ${x.value} of its attention to ${x.kCol} ${x.inHead}`,
  [MatrixId.HeadOutput]: (x) =>
    `component ${x.c + 1} of the output for ${x.q} ${x.inHead}: a weighted sum of the value vectors = ${x.value}`,
  [MatrixId.Concat]: (x) =>
    `column ${x.c + 1} of the concatenated output for ${x.q}: component ${(x.c % x.trace.dV) + 1} of head ${Math.floor(x.c / x.trace.dV) + 1}'s output = ${x.value}`,
  [MatrixId.Wo]: (x) =>
    `weight from concatenated column ${x.r + 1} (head ${Math.floor(x.r / x.trace.dV) + 1}) to output dimension ${x.c + 1} = ${x.value}`,
  [MatrixId.WBilinear]: (x) => {
    const [h, k] = paramColumn(x.c, x.m?.cols ?? 1, x.trace.numHeads);
    return `W_a of head ${h}: links query component ${x.r + 1} to key component ${k} in q W_a kᵀ = ${x.value}`;
  },
  [MatrixId.WAdditiveQ]: (x) => additiveSentence(x, "W_1", "query"),
  [MatrixId.WAdditiveK]: (x) => additiveSentence(x, "W_2", "key"),
  [MatrixId.VAdditive]: (x) =>
    `v_a of head ${x.r + 1}: how much hidden unit ${x.c + 1} adds to the score = ${x.value}`,
  [MatrixId.BQ]: biasSentence((x) => headColumn(x.c, x.trace.dK, "query")),
  [MatrixId.BK]: biasSentence((x) => headColumn(x.c, x.trace.dK, "key")),
  [MatrixId.BV]: biasSentence((x) => headColumn(x.c, x.trace.dV, "value")),
  [MatrixId.BO]: biasSentence((x) => `output dimension ${x.c + 1}`),
  [MatrixId.Output]: (x) =>
    x.trace.wO
      ? `dimension ${x.c + 1} of the final output for ${x.q} (Concat · W_O${x.trace.bO ? " + b_O" : ""}) = ${x.value}`
      : `dimension ${x.c + 1} of the final output for ${x.q} (the concatenated heads; no W_O) = ${x.value}`,
};

/**
 * The meaning of stored cell (r, c) of matrix `id` (per-head ids use `head`), with its value as
 * shown (4 decimals). Score cells are written with the trace's scoring function.
 */
export function describeCell(
  id: MatrixId,
  head: number,
  r: number,
  c: number,
  trace: TraceValue,
): string {
  const m = matrixOf(trace, id, head);
  const x = m ? m.data[r * m.cols + c]! : NaN;
  const cell: Cell = {
    r,
    c,
    x,
    value: formatCell(x),
    m,
    trace,
    q: quote(trace.queryLabels[r]),
    kRow: quote(trace.keyLabels[r]),
    kCol: quote(trace.keyLabels[c]),
    inHead: `in head ${head + 1}`,
  };
  const sentence = SENTENCES[id];
  // The matrices no step shows (embeddings, whole projections, the mask): position and value.
  return sentence ? sentence(cell) : `row ${r + 1}, column ${c + 1} = ${cell.value}`;
}
