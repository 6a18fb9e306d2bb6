/**
 * What a cell means, in words: "'Michael' gives 0.2500 of its attention to 'Bay'". One sentence
 * per matrix of the trace, for the hover tooltip and the inspector line of every matrix. Positions
 * count from 1 and heads are named as on screen ("head 2"), like the core's own sentences.
 */
import { formatCell } from "../ui/format";
import { matrixOf } from "../matrix/trace-lookup";
import { MatrixId, ScoreKind } from "../../wasm/enums";
import type { TraceValue } from "../../wasm/types";

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

/** What column `c` of a bias feeds: "query dimension 3 of head 2", "output dimension 5". */
function biasTarget(id: MatrixId, c: number, trace: TraceValue): string {
  if (id === MatrixId.BQ) return headColumn(c, trace.dK, "query");
  if (id === MatrixId.BK) return headColumn(c, trace.dK, "key");
  if (id === MatrixId.BV) return headColumn(c, trace.dV, "value");
  return `output dimension ${c + 1}`;
}

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
  const score = trace.score;
  const m = matrixOf(trace, id, head);
  const x = m ? m.data[r * m.cols + c]! : NaN;
  const value = formatCell(x);
  const q = quote(trace.queryLabels[r]);
  const kRow = quote(trace.keyLabels[r]);
  const kCol = quote(trace.keyLabels[c]);
  const inHead = `in head ${head + 1}`;
  const masked = x === -Infinity;
  switch (id) {
    case MatrixId.Xq:
    case MatrixId.Xkv: {
      const token = id === MatrixId.Xq ? q : kRow;
      const source = hasPosition(trace) ? "embedding + position" : "embedding";
      return `dimension ${c + 1} of the input vector of ${token} (${source}) = ${value}`;
    }
    case MatrixId.Wq:
      return `weight from input dimension ${r + 1} to ${headColumn(c, trace.dK, "query")} = ${value}`;
    case MatrixId.Wk:
      return `weight from input dimension ${r + 1} to ${headColumn(c, trace.dK, "key")} = ${value}`;
    case MatrixId.Wv:
      return `weight from input dimension ${r + 1} to ${headColumn(c, trace.dV, "value")} = ${value}`;
    case MatrixId.Q:
      return `component ${c + 1} of the query vector of ${q} ${inHead} = ${value}`;
    case MatrixId.K:
      return `component ${c + 1} of the key vector of ${kRow} ${inHead} = ${value}`;
    case MatrixId.V:
      return `component ${c + 1} of the value vector of ${kRow} ${inHead} = ${value}`;
    case MatrixId.Scores:
      return `score of query ${q} against key ${kCol} ${inHead}: ${scoreFormula(score, false)} = ${value}`;
    case MatrixId.Scaled:
      return `scaled score of query ${q} against key ${kCol} ${inHead}: ${scoreFormula(score, true)} = ${value}`;
    case MatrixId.Masked:
      return masked
        ? `the mask hides key ${kCol} from query ${q} ${inHead}: the score becomes −∞`
        : `score of query ${q} against key ${kCol} ${inHead}, not masked: ${scoreFormula(score, true)} = ${value}`;
    case MatrixId.Weights:
      return trace.hasMask && trace.mask.data[r * trace.mask.cols + c] === 0
        ? `${q} gives 0 of its attention to ${kCol}: the mask hides that key ${inHead}`
        : `${q} gives ${value} of its attention to ${kCol} ${inHead}`;
    case MatrixId.HeadOutput:
      return `component ${c + 1} of the output for ${q} ${inHead}: a weighted sum of the value vectors = ${value}`;
    case MatrixId.Concat:
      return `column ${c + 1} of the concatenated output for ${q}: component ${(c % trace.dV) + 1} of head ${Math.floor(c / trace.dV) + 1}'s output = ${value}`;
    case MatrixId.Wo:
      return `weight from concatenated column ${r + 1} (head ${Math.floor(r / trace.dV) + 1}) to output dimension ${c + 1} = ${value}`;
    case MatrixId.WBilinear: {
      const [h, k] = paramColumn(c, m?.cols ?? 1, trace.numHeads);
      return `W_a of head ${h}: links query component ${r + 1} to key component ${k} in q W_a kᵀ = ${value}`;
    }
    case MatrixId.WAdditiveQ:
    case MatrixId.WAdditiveK: {
      const [h, u] = paramColumn(c, m?.cols ?? 1, trace.numHeads);
      const [name, what] = id === MatrixId.WAdditiveQ ? ["W_1", "query"] : ["W_2", "key"];
      return `${name} of head ${h}: weight from ${what} component ${r + 1} to hidden unit ${u} = ${value}`;
    }
    case MatrixId.VAdditive:
      return `v_a of head ${r + 1}: how much hidden unit ${c + 1} adds to the score = ${value}`;
    case MatrixId.BQ:
    case MatrixId.BK:
    case MatrixId.BV:
    case MatrixId.BO:
      return `bias added to ${biasTarget(id, c, trace)} of every token = ${value}`;
    case MatrixId.Output:
      return trace.wO
        ? `dimension ${c + 1} of the final output for ${q} (Concat · W_O${trace.bO ? " + b_O" : ""}) = ${value}`
        : `dimension ${c + 1} of the final output for ${q} (the concatenated heads; no W_O) = ${value}`;
    default:
      // The matrices no step shows (embeddings, whole projections, the mask): position and value.
      return `row ${r + 1}, column ${c + 1} = ${value}`;
  }
}
