/**
 * Number formatting shared by every renderer. Cells use Number.prototype.toFixed(4), exactly as the
 * core formats its formulas (attn::format_fixed), so a cell and a formula agree to the last digit.
 */

/** Decimals shown in a matrix cell. */
export const CELL_DECIMALS = 4;

/** A negative value that rounds to zero, as toFixed writes it. */
const NEGATIVE_ZERO = `-0.${"0".repeat(CELL_DECIMALS)}`;

/** A cell as shown: 4 decimals; -Infinity (a masked score) as "−∞"; "-0.0000" as "0.0000". */
export function formatCell(x: number): string {
  if (x === -Infinity) return "−∞";
  if (x === Infinity) return "∞";
  if (Number.isNaN(x)) return "NaN";
  const text = x.toFixed(CELL_DECIMALS);
  // The core prints a negative value that rounds to zero without its sign; so do we.
  return text === NEGATIVE_ZERO ? text.slice(1) : text;
}

/** The exact value, for the inspector: the shortest text that reads back as the same double. */
export function formatExact(x: number): string {
  if (x === -Infinity) return "−∞ (masked)";
  if (x === Infinity) return "∞";
  return String(x);
}

/** A shape badge, e.g. "9×64". */
export function formatShape(rows: number, cols: number): string {
  return `${rows}×${cols}`;
}

/**
 * A LaTeX matrix label ("K_{2}^{\\top}", "W_Q") as plain text ("K_2ᵀ", "W_Q") for captions and
 * accessible names, where MathML markup cannot go. Accents become combining marks: "\\tilde{S}"
 * (the scaled scores) is "S̃", "\\hat{S}" (the masked scores) is "Ŝ".
 */
export function plainLabel(latex: string): string {
  return latex
    .replace(/\^\{?\\top\}?/g, "ᵀ")
    .replace(/\\tilde\{([^}]*)\}/g, "$1\u0303")
    .replace(/\\hat\{([^}]*)\}/g, "$1\u0302")
    .replace(/\\bar\{([^}]*)\}/g, "$1\u0304")
    .replace("^{B}", "ᴮ")
    .replace(/\\(?:mathrm|text|operatorname)\{([^}]*)\}/g, "$1")
    .replace(/\\[a-zA-Z]+\s*/g, "")
    .replace(/[{}]/g, "");
}
