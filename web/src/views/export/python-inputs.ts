/**
 * The part of the generated "reproduce it yourself" Python shared by the NumPy and the PyTorch
 * versions: the header, and the scenario's resolved inputs written out at full precision
 * (JavaScript's String(x) is the shortest text that reads back as the same double, in Python too).
 */
import { SCORING } from "../../state/scoring";
import { ScoreKind } from "../../wasm/enums";
import { MATRICES, SCORES } from "../../wasm/registry";
import type { MatrixValue, TraceValue } from "../../wasm/types";
import { fieldOf } from "./trace-json";

/** The score kinds by the scenario file's names. */
export const SCORE_NAMES = Object.fromEntries(SCORES.map((s) => [s.kind, s.name])) as Record<
  ScoreKind,
  string
>;

/** A Python string literal (JSON's escapes are all valid in Python). */
export const pyString = (s: string): string => JSON.stringify(s);

/** `arr([...])` with one matrix row per line. */
export function pyMatrix(m: MatrixValue): string {
  const rows: string[] = [];
  for (let r = 0; r < m.rows; r++) {
    const row = Array.from(m.data.subarray(r * m.cols, (r + 1) * m.cols), (x) => String(x));
    rows.push(`    [${row.join(", ")}],`);
  }
  return `arr([\n${rows.join("\n")}\n])`;
}

/** `arr([...])` of a (1, width) bias: a flat vector, added to every row by broadcasting. */
function pyVector(m: MatrixValue): string {
  return `arr([${Array.from(m.data, (x) => String(x)).join(", ")}])`;
}

/** The registry's biases (shape (1, width)), named in the generated code by their TeX names. */
const BIASES = MATRICES.filter((m) => m.rows === "1");

/** The weights (W_Q … W_O) and the score kinds' parameters (W_a, W_1, W_2, v_a), each named in
 * the generated code as in the CSV (its TeX without braces). */
const WEIGHTS = MATRICES.filter(
  (m) => m.editable && m.score === "" && !["1", "m", "n"].includes(m.rows),
);
const SCORE_PARAMETERS = MATRICES.filter((m) => m.score !== "");

/** A size of a shape rule as the generated code names it ("heads" is h there). */
const sizeName = (d: string) => (d === "heads" ? "h" : d);

/**
 * The lines of the matrices of `rows` the trace has: one comment with each one's shape rule and
 * sizes (a score kind's parameters say their kind), then `name = arr(...)` each; a size the
 * header does not define (d_a) is defined after them.
 */
function weightLines(t: TraceValue, rows: typeof WEIGHTS): string[] {
  const present = rows.flatMap((m) => {
    const value = fieldOf(t, m.traceField);
    return value ? [{ m, value }] : [];
  });
  if (present.length === 0) return [];
  const shapes = present.map(
    ({ m, value }) =>
      `${m.csvLabel} (${sizeName(m.rows)}, ${sizeName(m.cols)}) = (${value.rows}, ${value.cols})`,
  );
  const kind = present[0]!.m.score;
  const lines = [`# ${kind ? `${kind} score: ` : ""}${shapes.join("; ")}`];
  const hidden = present.find(({ m }) => m.cols === "d_a");
  if (hidden) lines.push(`d_a = ${hidden.value.cols}`);
  for (const { m, value } of present) lines.push(`${m.csvLabel} = ${pyMatrix(value)}`);
  return lines;
}

/** The biases the trace has, by their names in the generated code; none without biases. */
function biasesOf(t: TraceValue): [string, MatrixValue][] {
  const all = BIASES.map((m): [string, MatrixValue | null] => [m.tex, fieldOf(t, m.traceField)]);
  return all.filter((b): b is [string, MatrixValue] => b[1] !== null);
}

/** The module docstring. */
export function header(t: TraceValue, library: string, run: string): string {
  return `"""Attention Stepper, reproduced with ${library}.

Generated from the scenario on the page: the same inputs, the same conventions, so it prints the
same numbers (float64) as the page and the C++ core.

  ${run}           prints each head's attention weights A and the output
  ${run} --json    prints {"weights": [one (m, n) list per head], "output": (m, d_out) list}

Conventions (row vectors): Q = X_q W_Q, K = X_kv W_K, V = X_kv W_V; head i takes the column block
[i*d_k, (i+1)*d_k); masked scores become -inf; the softmax is taken over each row (over the keys),
after subtracting the row maximum; a query whose keys are all masked gets zero weights (not NaN).
Score: ${SCORE_NAMES[t.score]} (${SCORING[t.score].title}).${
    biasesOf(t).length > 0
      ? `\nBiases: ${biasesOf(t)
          .map(([name]) => name)
          .join(", ")}, each a vector added to every row of its product.`
      : ""
  }
"""`;
}

/** The inputs section; `arr` must turn a list of rows into a float64 matrix. */
export function inputs(t: TraceValue): string {
  const m = t.queryTokens.length;
  const n = t.keyTokens.length;
  const lines = [
    "# ---- The inputs, exactly as on the page (every number at full precision) ----",
    `query_tokens = [${t.queryTokens.map(pyString).join(", ")}]  # m = ${m}`,
    `key_tokens = [${t.keyTokens.map(pyString).join(", ")}]  # n = ${n}`,
    `h, d_k, d_v = ${t.numHeads}, ${t.dK}, ${t.dV}  # heads; query/key and value size per head`,
    `score_kind = ${pyString(SCORE_NAMES[t.score])}`,
    "",
    `# X_q (m, d_model) = (${m}, ${t.dModel}): one row per query token (embedding + position)`,
    `X_q = ${pyMatrix(t.xQ)}`,
  ];
  if (t.selfAttention) {
    lines.push(
      "# X_kv (n, d_model): self-attention, so the keys and values come from X_q too",
      "X_kv = X_q",
    );
  } else {
    lines.push(
      `# X_kv (n, d_model) = (${n}, ${t.dModel}): one row per key token`,
      `X_kv = ${pyMatrix(t.xKv)}`,
    );
  }
  lines.push(...weightLines(t, WEIGHTS));
  if (!t.wO) {
    lines.push(
      "# No output projection in this scenario: the output is the concatenation",
      "W_O = None",
    );
  }
  for (const [name, b] of biasesOf(t)) {
    lines.push(`# ${name} (${b.cols},): added to every row`, `${name} = ${pyVector(b)}`);
  }
  lines.push(...weightLines(t, SCORE_PARAMETERS));
  lines.push(
    `# mask (m, n) = (${m}, ${n}): 1 = the query may attend to the key, 0 = masked`,
    `mask = ${pyMatrix(t.mask)}`,
  );
  return lines.join("\n");
}

/** The three projections Q, K, V, each with its bias when the trace has one (NumPy and torch). */
export function projectionLines(t: TraceValue): string {
  const plus = (b: MatrixValue | null, name: string) => (b ? ` + ${name}` : "");
  const note = (b: MatrixValue | null) => (b ? ", the bias added to every row" : "");
  return [
    `Q = X_q @ W_Q${plus(t.bQ, "b_Q")}  # (m, d_model) @ (d_model, h*d_k) -> (m, h*d_k)${note(t.bQ)}`,
    `K = X_kv @ W_K${plus(t.bK, "b_K")}  # (n, d_model) @ (d_model, h*d_k) -> (n, h*d_k)${note(t.bK)}`,
    `V = X_kv @ W_V${plus(t.bV, "b_V")}  # (n, d_model) @ (d_model, h*d_v) -> (n, h*d_v)${note(t.bV)}`,
  ].join("\n");
}

/** The output projection line (or none, without W_O); with b_O when the trace has it. */
export function outputLine(t: TraceValue): string {
  const product = t.bO ? "concat @ W_O + b_O" : "concat @ W_O";
  return `output = ${product} if W_O is not None else concat  # (m, d_model)`;
}

/**
 * The lines computing the head's raw scores S (m, n) from Q_i and K_i, per score kind, for the
 * NumPy (`np`) and the PyTorch (`torch`) script alike.
 */
export function scoreLines(score: ScoreKind, lib: "np" | "torch"): string {
  switch (score) {
    case ScoreKind.General:
      return `    # General (bilinear) score: S = Q_i W_a_i K_iᵀ with head i's (d_k, d_k) block of W_a
    W_a_i = W_a[:, i * d_k:(i + 1) * d_k]  # (d_k, d_k)
    S = (Q_i @ W_a_i) @ K_i.T  # (m, d_k) @ (d_k, d_k) @ (d_k, n) -> (m, n)
    S_scaled = S  # only the scaled dot product divides by sqrt(d_k)`;
    case ScoreKind.Additive:
      return `    # Additive score: S[a, b] = tanh(q_a W_1 + k_b W_2) · v_a, head i's blocks of W_1, W_2
    W_1_i = W_1[:, i * d_a:(i + 1) * d_a]  # (d_k, d_a)
    W_2_i = W_2[:, i * d_a:(i + 1) * d_a]  # (d_k, d_a)
    hq = Q_i @ W_1_i  # (m, d_a)
    hk = K_i @ W_2_i  # (n, d_a)
    hidden = ${lib}.tanh(hq[:, None, :] + hk[None, :, :])  # (m, n, d_a): every query with every key
    S = hidden @ v_a[i]  # (m, n, d_a) @ (d_a,) -> (m, n)
    S_scaled = S  # only the scaled dot product divides by sqrt(d_k)`;
    case ScoreKind.Dot:
      return `    # Dot-product score: S = Q_i K_iᵀ, every query against every key
    S = Q_i @ K_i.T  # (m, d_k) @ (d_k, n) -> (m, n)
    S_scaled = S  # plain dot product: no division by sqrt(d_k)`;
    default:
      return `    # Scores: S = Q_i K_iᵀ, every query against every key
    S = Q_i @ K_i.T  # (m, d_k) @ (d_k, n) -> (m, n)
    # Scale by 1/sqrt(d_k) so the scores' spread does not grow with d_k
    S_scaled = S / math.sqrt(d_k)  # (m, n)`;
  }
}
