/**
 * The exported scripts' lines for today's attention, shared by NumPy and PyTorch: grouped-query
 * K/V heads, RoPE on each head's q and k, and ALiBi's bias on the scaled scores. Each appears only
 * when the trace has it, so a script of any other scenario is the same text as before.
 */
import type { TraceValue } from "../../wasm/types";

type Lib = "np" | "torch";

/** ALiBi's slope of each head, read from its bias: bias(0, 1) = −slope·|0 − 1|. */
function alibiSlopes(t: TraceValue): number[] {
  return t.headTraces.map((h) => (h.bias && h.bias.cols > 1 ? -h.bias.data[1]! : 0));
}

/** The settings, after the inputs: K/V heads, RoPE's θ/style/dims/offset, ALiBi's slopes. */
export function modernInputs(t: TraceValue): string {
  const lines: string[] = [];
  if (t.kvHeads !== t.numHeads) {
    lines.push(
      `# Grouped-query attention: h heads share kv_heads K/V heads; W_K is (d_model, kv_heads*d_k)`,
      `kv_heads = ${t.kvHeads}`,
    );
  }
  if (t.rope) {
    lines.push(
      `# RoPE: pair i of q and k turns by p * theta^(-2i/dims), p = token index + position_offset`,
      `rope_theta, rope_style, rope_dims = ${t.rope.theta}, "${t.rope.style}", ${t.rope.dims}`,
      `position_offset = ${t.positionOffset}`,
    );
  }
  if (t.alibi) {
    lines.push(
      `# ALiBi: head i adds -slope_i * |a - b| to its scaled score of query a and key b`,
      `alibi_slopes = [${alibiSlopes(t).map(String).join(", ")}]`,
    );
  }
  return lines.length > 0 ? `\n${lines.join("\n")}` : "";
}

/** The RoPE function (after softmax_rows), or "" without RoPE. */
export function ropeFunction(t: TraceValue, lib: Lib): string {
  if (!t.rope) return "";
  const copy = lib === "np" ? "x.copy()" : "x.clone()";
  const col = lib === "np" ? ".copy()" : ".clone()";
  const arange =
    lib === "np" ? "np.arange(x.shape[0])" : "torch.arange(x.shape[0], dtype=torch.float64)";
  return `

def rope_rotate(x):
    """RoPE on a head's rows x (r, d_k): row r sits at position r + position_offset."""
    out = ${copy}
    p = ${arange} + position_offset  # (r,)
    half = rope_dims // 2
    for i in range(half):
        a, b = (2 * i, 2 * i + 1) if rope_style == "interleaved" else (i, i + half)
        angle = p * rope_theta ** (-2 * i / rope_dims)  # (r,)
        xa, xb = x[:, a]${col}, x[:, b]${col}
        out[:, a] = xa * ${lib}.cos(angle) - xb * ${lib}.sin(angle)
        out[:, b] = xa * ${lib}.sin(angle) + xb * ${lib}.cos(angle)
    return out`;
}

/** Which K/V head head i reads, as the lines slicing K_i and V_i. */
export function kvSliceLines(t: TraceValue): string {
  const g = t.kvHeads !== t.numHeads ? "i // (h // kv_heads)" : "i";
  const note = t.kvHeads !== t.numHeads ? "  # its K/V head, as repeat_kv groups them" : "";
  const lines = [
    `    K_i = K[:, ${slice(g, "d_k")}]  # (n, d_k)${note}`,
    `    V_i = V[:, ${slice(g, "d_v")}]  # (n, d_v)`,
  ];
  if (t.rope) {
    lines.push(
      "    # RoPE turns each pair of q's and k's components by its position's angle",
      "    Q_i, K_i = rope_rotate(Q_i), rope_rotate(K_i)  # shapes unchanged",
    );
  }
  return lines.join("\n");
}

const slice = (g: string, d: string) =>
  g === "i" ? `i * ${d}:(i + 1) * ${d}` : `(${g}) * ${d}:(${g} + 1) * ${d}`;

/** ALiBi's line after the scaling, or "" without it. */
export function alibiLine(t: TraceValue, lib: Lib): string {
  if (!t.alibi) return "";
  const ar = (x: string) =>
    lib === "np" ? `np.arange(${x})` : `torch.arange(${x}, dtype=torch.float64)`;
  const dist =
    lib === "np"
      ? `np.abs(${ar("S.shape[0]")}[:, None] - ${ar("S.shape[1]")}[None, :])`
      : `torch.abs(${ar("S.shape[0]")}[:, None] - ${ar("S.shape[1]")}[None, :])`;
  return `\n    S_scaled = S_scaled - alibi_slopes[i] * ${dist}  # (m, n) ALiBi bias`;
}
