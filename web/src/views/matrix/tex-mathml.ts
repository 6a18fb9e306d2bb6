// LaTeX → MathML for the formulas the core writes (cpp/core/steps/, cpp/core/explain/), drawn
// by the browser in its own math font: no typesetting library, no font download. It reads only
// the LaTeX the core uses: groups, _ and ^, numbers, letters, operators, \frac, \sqrt, \tilde,
// \hat, \text, \mathrm, \operatorname, \sum, \max, the dots, spaces, and the bmatrix and cases
// environments. Anything else comes out as <merror> with its source, never thrown.
// The node tests run it on every formula the wasm module writes (through its build for node,
// build/node/, made by tools/make/build-node.mjs).

/** Commands that are one token: [element, text]. */
const SYMBOLS: Record<string, [string, string]> = {
  cdot: ["mo", "⋅"],
  cdots: ["mo", "⋯"],
  dots: ["mo", "…"],
  ldots: ["mo", "…"],
  vdots: ["mo", "⋮"],
  ddots: ["mo", "⋱"],
  times: ["mo", "×"],
  top: ["mi", "⊤"],
  infty: ["mi", "∞"],
  sum: ["mo", "∑"],
  tanh: ["mi", "tanh"],
  exp: ["mi", "exp"],
  log: ["mi", "log"],
};
/** Spacing commands, as widths. */
const SPACES: Record<string, string> = {
  quad: "1em",
  qquad: "2em",
  ",": "0.1667em",
  ":": "0.2222em",
  ";": "0.2778em",
  " ": "0.25em",
};
const ACCENTS: Record<string, string> = { tilde: "~", hat: "^", bar: "¯", vec: "→" };
/** Bases whose _ and ^ go below and above in display style. */
const LIMITS = new Set(["∑", "max", "min"]);
const OPERATORS = "+-=(),:;[]|/<>!'*";
const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
const escape = (s: string): string => s.replace(/[&<>"]/g, (c) => ESCAPES[c]!);

/** A node of the formula: kind "rel" and "bin" end a line-break piece. */
interface Node {
  xml: string;
  kind: string;
}

const ord = (xml: string): Node => ({ xml, kind: "ord" });
const error = (what: string): Node => ord(`<merror><mtext>${escape(what)}</mtext></merror>`);
const row = (nodes: Node[]): string =>
  nodes.length === 1 ? nodes[0]!.xml : `<mrow>${nodes.map((n) => n.xml).join("")}</mrow>`;

/** The kind of the last node that is not a space ("" if none). */
function lastKind(nodes: Node[]): string {
  for (let i = nodes.length - 1; i >= 0; i--) if (nodes[i]!.kind !== "space") return nodes[i]!.kind;
  return "";
}

/** The script element for a base with `sub` and/or `sup` (below/above when it takes limits). */
function scriptTag(limits: boolean, sub: string | null, sup: string | null): string {
  if (limits) return sup === null ? "munder" : sub === null ? "mover" : "munderover";
  return sup === null ? "msub" : sub === null ? "msup" : "msubsup";
}

/** A recursive-descent reader over `src`, one method per construct. */
class TexParser {
  private pos = 0;
  constructor(private readonly src: string) {}

  rest(): string {
    return this.src.slice(this.pos);
  }

  private skipSpace(): void {
    while (this.pos < this.src.length && /\s/.test(this.src[this.pos]!)) this.pos++;
  }

  private at(text: string): boolean {
    return this.src.startsWith(text, this.pos);
  }

  /** The number (digits, a decimal point) after any spaces here, read past; else null. */
  private number(): string | null {
    const m = /^\s*(\d+(\.\d+)?|\.\d+)/.exec(this.rest());
    if (m) this.pos += m[0].length;
    return m ? m[1]! : null;
  }

  /** The raw text of a {…} argument (for \text and environment names). */
  private rawGroup(): string {
    this.skipSpace();
    const src = this.src;
    if (src[this.pos] !== "{") return "";
    let depth = 0;
    const start = this.pos + 1;
    for (; this.pos < src.length; this.pos++) {
      if (src[this.pos] === "{") depth++;
      else if (src[this.pos] === "}" && --depth === 0) return src.slice(start, this.pos++);
    }
    return src.slice(start);
  }

  /** One argument: a {group} or a single token. */
  private argument(): string {
    this.skipSpace();
    if (this.src[this.pos] === "{") {
      this.pos++;
      const nodes = this.list();
      this.pos++; // the closing brace
      return row(nodes);
    }
    return (this.atom() ?? error("?")).xml;
  }

  /** A one-token command (symbol, space), or null. */
  private symbol(name: string): Node | null {
    // Their limits go below in display style and to the side in a script (movablelimits).
    if (name === "max" || name === "min")
      return ord(`<mo form="prefix" movablelimits="true">${name}</mo>`);
    const sym = SYMBOLS[name];
    if (sym) {
      const [tag, text] = sym;
      return {
        xml: `<${tag}>${text}</${tag}>`,
        kind: tag === "mo" && name !== "sum" ? "op" : "ord",
      };
    }
    if (name in SPACES) return { xml: `<mspace width="${SPACES[name]}"></mspace>`, kind: "space" };
    return null;
  }

  private command(name: string): Node {
    const sym = this.symbol(name);
    if (sym) return sym;
    if (name in ACCENTS)
      return ord(
        `<mover accent="true">${this.argument()}<mo stretchy="false">${ACCENTS[name]}</mo></mover>`,
      );
    if (name === "frac") return ord(`<mfrac>${this.argument()}${this.argument()}</mfrac>`);
    if (name === "sqrt") return ord(`<msqrt>${this.argument()}</msqrt>`);
    if (name === "text")
      return ord(`<mtext>${escape(this.rawGroup()).replace(/^ | $/g, "\u00a0")}</mtext>`);
    if (name === "mathrm") return ord(`<mi mathvariant="normal">${escape(this.rawGroup())}</mi>`);
    if (name === "operatorname") return ord(`<mi>${escape(this.rawGroup())}</mi>`);
    if (name === "begin") return this.environment(this.rawGroup());
    return error(`\\${name}`);
  }

  /** \begin{bmatrix} or {cases} up to its \end: cells split by & and rows by \\. */
  private environment(name: string): Node {
    const rows: string[][] = [[]];
    for (;;) {
      const cell = this.list();
      rows[rows.length - 1]!.push(`<mtd>${row(cell)}</mtd>`);
      if (this.at("&")) this.pos++;
      else if (this.at("\\\\")) {
        this.pos += 2;
        rows.push([]);
      } else break;
    }
    if (this.at("\\end")) {
      this.pos += 4;
      this.rawGroup();
    }
    const table = rows.map((cells) => `<mtr>${cells.join("")}</mtr>`).join("");
    if (name === "bmatrix")
      return ord(`<mrow><mo>[</mo><mtable>${table}</mtable><mo>]</mo></mrow>`);
    if (name === "cases")
      return ord(`<mrow><mo>{</mo><mtable class="cases">${table}</mtable></mrow>`);
    return error(`\\begin{${name}}`);
  }

  /** One token, without its scripts; null at the end of a list. */
  private atom(): Node | null {
    this.skipSpace();
    const c = this.src[this.pos];
    if (c === undefined || c === "}" || c === "&" || this.at("\\\\") || this.at("\\end"))
      return null;
    if (c === "{") return ord(this.argument());
    if (c === "\\") {
      const name = /^\\([a-zA-Z]+|.)/.exec(this.rest())![1]!;
      this.pos += 1 + name.length;
      return this.command(name);
    }
    const number = this.number();
    if (number !== null) return ord(`<mn>${number}</mn>`);
    this.pos++;
    return character(c);
  }

  /** `base` with the _ and ^ that follow it. */
  private scripted(base: Node): Node {
    let sub: string | null = null;
    let sup: string | null = null;
    for (this.skipSpace(); this.at("_") || this.at("^"); this.skipSpace()) {
      if (this.src[this.pos++] === "_") sub = this.argument();
      else sup = this.argument();
    }
    if (sub === null && sup === null) return base;
    const tag = scriptTag(LIMITS.has(base.xml.replace(/<[^>]*>/g, "")), sub, sup);
    return ord(`<${tag}>${base.xml}${sub ?? ""}${sup ?? ""}</${tag}>`);
  }

  /**
   * Tokens with their _ and ^ up to the end of the list; a + or − after no operand is unary. A
   * minus sign of a number is part of it, so a formula whose numbers change sign keeps its
   * elements (formula.ts then only rewrites its texts).
   */
  list(): Node[] {
    const nodes: Node[] = [];
    for (let base = this.atom(); base !== null; base = this.atom()) {
      if (base.kind === "bin" && !["ord", "close"].includes(lastKind(nodes))) {
        const number = base.xml === "<mo>−</mo>" ? this.number() : null;
        if (number !== null) base = ord(`<mn>−${number}</mn>`);
        else base = { xml: base.xml.replace("<mo>", '<mo form="prefix">'), kind: "op" };
      }
      if (base.xml === "<mo>)</mo>") base = { ...base, kind: "close" };
      nodes.push(this.scripted(base));
    }
    return nodes;
  }
}

/** A plain character: a letter, a relation, an operator or anything else as an identifier. */
function character(c: string): Node {
  if (/[a-zA-Z]/.test(c)) return ord(`<mi>${c}</mi>`);
  if (c === "=" || c === "<" || c === ">") return { xml: `<mo>${escape(c)}</mo>`, kind: "rel" };
  if (OPERATORS.includes(c))
    return {
      xml: `<mo>${c === "-" ? "−" : c}</mo>`,
      kind: c === "-" || c === "+" ? "bin" : c === "(" ? "open" : "op",
    };
  return ord(`<mi>${escape(c)}</mi>`);
}

/** MathML of LaTeX `tex` as one inline <math>. */
export function texToMathML(tex: string): string {
  return texToMathPieces(tex, false).join("");
}

/**
 * MathML of `tex` in display style, as one <math> per piece when `split`: a piece ends after each
 * top-level relation or binary + and −, where TeX may break a line (a browser never breaks inside
 * a <math>, but does between two).
 */
export function texToMathPieces(tex: string, split = true): string[] {
  const p = new TexParser(tex);
  const nodes = p.list();
  const rest = p.rest();
  if (rest !== "")
    nodes.push({ xml: `<merror><mtext>${escape(rest)}</mtext></merror>`, kind: "ord" });
  const pieces: string[][] = [[]];
  for (const n of nodes) {
    pieces[pieces.length - 1]!.push(n.xml);
    if (split && (n.kind === "rel" || n.kind === "bin")) pieces.push([]);
  }
  const style = split ? ' displaystyle="true"' : "";
  return pieces.filter((x) => x.length > 0).map((x) => `<math${style}>${x.join("")}</math>`);
}
