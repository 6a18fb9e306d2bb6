// LaTeX → MathML for the formulas the core writes (cpp/core/steps/, cpp/core/explain/), drawn
// by the browser in its own math font: no typesetting library, no font download. It reads only
// the LaTeX the core uses: groups, _ and ^, numbers, letters, operators, \frac, \sqrt, \tilde,
// \hat, \text, \mathrm, \operatorname, \sum, \max, the dots, spaces, and the bmatrix and cases
// environments. Anything else comes out as <merror> with its source, never thrown.
// Plain JavaScript (types in tex-mathml.d.ts) so that the node tests can run it on every formula
// the wasm module writes.

/** Commands that are one token: [element, text]. */
const SYMBOLS = {
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
const SPACES = {
  quad: "1em",
  qquad: "2em",
  ",": "0.1667em",
  ":": "0.2222em",
  ";": "0.2778em",
  " ": "0.25em",
};
const ACCENTS = { tilde: "~", hat: "^", bar: "¯", vec: "→" };
/** Bases whose _ and ^ go below and above in display style. */
const LIMITS = new Set(["∑", "max", "min"]);
const OPERATORS = "+-=(),:;[]|/<>!'*";
const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
const escape = (s) => s.replace(/[&<>"]/g, (c) => ESCAPES[c]);

/** A parser over `src`; each node is {xml, kind}: kind "rel" and "bin" end a line-break piece. */
function parser(src) {
  let pos = 0;
  const skipSpace = () => {
    while (pos < src.length && /\s/.test(src[pos])) pos++;
  };
  const error = (what) => ({ xml: `<merror><mtext>${escape(what)}</mtext></merror>`, kind: "ord" });
  const row = (nodes) =>
    nodes.length === 1 ? nodes[0].xml : `<mrow>${nodes.map((n) => n.xml).join("")}</mrow>`;

  /** The raw text of a {…} argument (for \text and environment names). */
  function rawGroup() {
    skipSpace();
    if (src[pos] !== "{") return "";
    let depth = 0;
    const start = pos + 1;
    for (; pos < src.length; pos++) {
      if (src[pos] === "{") depth++;
      else if (src[pos] === "}" && --depth === 0) return src.slice(start, pos++);
    }
    return src.slice(start);
  }

  /** One argument: a {group} or a single token. */
  function argument() {
    skipSpace();
    if (src[pos] === "{") {
      pos++;
      const nodes = list();
      pos++; // the closing brace
      return row(nodes);
    }
    return (atom() ?? error("?")).xml;
  }

  function command(name) {
    // Their limits go below in display style and to the side in a script (movablelimits).
    if (name === "max" || name === "min")
      return { xml: `<mo form="prefix" movablelimits="true">${name}</mo>`, kind: "ord" };
    if (name in SYMBOLS) {
      const [tag, text] = SYMBOLS[name];
      return {
        xml: `<${tag}>${text}</${tag}>`,
        kind: tag === "mo" && name !== "sum" ? "op" : "ord",
      };
    }
    if (name in SPACES) return { xml: `<mspace width="${SPACES[name]}"></mspace>`, kind: "space" };
    if (name in ACCENTS)
      return {
        xml: `<mover accent="true">${argument()}<mo stretchy="false">${ACCENTS[name]}</mo></mover>`,
        kind: "ord",
      };
    if (name === "frac") return { xml: `<mfrac>${argument()}${argument()}</mfrac>`, kind: "ord" };
    if (name === "sqrt") return { xml: `<msqrt>${argument()}</msqrt>`, kind: "ord" };
    if (name === "text")
      return {
        xml: `<mtext>${escape(rawGroup()).replace(/^ | $/g, "\u00a0")}</mtext>`,
        kind: "ord",
      };
    if (name === "mathrm")
      return { xml: `<mi mathvariant="normal">${escape(rawGroup())}</mi>`, kind: "ord" };
    if (name === "operatorname") return { xml: `<mi>${escape(rawGroup())}</mi>`, kind: "ord" };
    if (name === "begin") return environment(rawGroup());
    return error(`\\${name}`);
  }

  /** \begin{bmatrix} or {cases} up to its \end: cells split by & and rows by \\. */
  function environment(name) {
    const rows = [[]];
    for (;;) {
      const cell = list();
      rows[rows.length - 1].push(`<mtd>${row(cell)}</mtd>`);
      if (src.startsWith("&", pos)) pos++;
      else if (src.startsWith("\\\\", pos)) {
        pos += 2;
        rows.push([]);
      } else break;
    }
    if (src.startsWith("\\end", pos)) {
      pos += 4;
      rawGroup();
    }
    const table = rows.map((cells) => `<mtr>${cells.join("")}</mtr>`).join("");
    if (name === "bmatrix")
      return { xml: `<mrow><mo>[</mo><mtable>${table}</mtable><mo>]</mo></mrow>`, kind: "ord" };
    if (name === "cases")
      return { xml: `<mrow><mo>{</mo><mtable class="cases">${table}</mtable></mrow>`, kind: "ord" };
    return error(`\\begin{${name}}`);
  }

  /** One token, without its scripts; null at the end of a list. */
  function atom() {
    skipSpace();
    const c = src[pos];
    if (
      c === undefined ||
      c === "}" ||
      c === "&" ||
      src.startsWith("\\\\", pos) ||
      src.startsWith("\\end", pos)
    )
      return null;
    if (c === "{") return { xml: argument(), kind: "ord" };
    if (c === "\\") {
      const name = /^\\([a-zA-Z]+|.)/.exec(src.slice(pos))[1];
      pos += 1 + name.length;
      return command(name);
    }
    const number = /^\d+(\.\d+)?|^\.\d+/.exec(src.slice(pos));
    if (number) {
      pos += number[0].length;
      return { xml: `<mn>${number[0]}</mn>`, kind: "ord" };
    }
    pos++;
    if (/[a-zA-Z]/.test(c)) return { xml: `<mi>${c}</mi>`, kind: "ord" };
    if (c === "=" || c === "<" || c === ">") return { xml: `<mo>${escape(c)}</mo>`, kind: "rel" };
    if (OPERATORS.includes(c))
      return {
        xml: `<mo>${c === "-" ? "−" : c}</mo>`,
        kind: c === "-" || c === "+" ? "bin" : c === "(" ? "open" : "op",
      };
    return { xml: `<mi>${escape(c)}</mi>`, kind: "ord" };
  }

  /** Tokens with their _ and ^ up to the end of the list; a + or − after no operand is unary. */
  function list() {
    const nodes = [];
    for (let base = atom(); base !== null; base = atom()) {
      let sub = null;
      let sup = null;
      for (skipSpace(); src[pos] === "_" || src[pos] === "^"; skipSpace()) {
        if (src[pos++] === "_") sub = argument();
        else sup = argument();
      }
      if (
        base.kind === "bin" &&
        !["ord", "close"].includes(nodes.findLast((n) => n.kind !== "space")?.kind ?? "")
      ) {
        base = { xml: base.xml.replace("<mo>", '<mo form="prefix">'), kind: "op" };
      }
      if (base.xml === "<mo>)</mo>") base = { ...base, kind: "close" };
      if (sub !== null || sup !== null) {
        const limits = LIMITS.has(base.xml.replace(/<[^>]*>/g, ""));
        const tag = limits
          ? sup === null
            ? "munder"
            : sub === null
              ? "mover"
              : "munderover"
          : sup === null
            ? "msub"
            : sub === null
              ? "msup"
              : "msubsup";
        base = { xml: `<${tag}>${base.xml}${sub ?? ""}${sup ?? ""}</${tag}>`, kind: "ord" };
      }
      nodes.push(base);
    }
    return nodes;
  }

  return { list, rest: () => src.slice(pos) };
}

/** MathML of LaTeX `tex` as one inline <math>. */
export function texToMathML(tex) {
  return texToMathPieces(tex, false).join("");
}

/**
 * MathML of `tex` in display style, as one <math> per piece when `split`: a piece ends after each
 * top-level relation or binary + and −, where TeX may break a line (a browser never breaks inside
 * a <math>, but does between two).
 */
export function texToMathPieces(tex, split = true) {
  const p = parser(tex);
  const nodes = p.list();
  const rest = p.rest();
  if (rest !== "")
    nodes.push({ xml: `<merror><mtext>${escape(rest)}</mtext></merror>`, kind: "ord" });
  const pieces = [[]];
  for (const n of nodes) {
    pieces[pieces.length - 1].push(n.xml);
    if (split && (n.kind === "rel" || n.kind === "bin")) pieces.push([]);
  }
  const style = split ? ' displaystyle="true"' : "";
  return pieces.filter((x) => x.length > 0).map((x) => `<math${style}>${x.join("")}</math>`);
}
