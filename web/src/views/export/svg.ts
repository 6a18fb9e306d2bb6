/**
 * Small helpers for standalone SVG files built from data (never DOM screenshots): XML escaping,
 * text, rectangles, word wrapping, and the outer <svg> element with xmlns, width, height, viewBox.
 */

const XML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/** Text safe inside XML content and attribute values (tokens such as "<pad>" are user text). */
export function xml(text: string): string {
  // Control characters other than tab and line breaks are not allowed in XML 1.0 at all.
  const allowed = (ch: string) => ch >= " " || ch === "\t" || ch === "\n" || ch === "\r";
  return [...text.replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch]!)].filter(allowed).join("");
}

export const SANS = "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";
export const MONO = "ui-monospace, 'DejaVu Sans Mono', Menlo, Consolas, monospace";

export interface TextOptions {
  size?: number;
  weight?: "normal" | "bold";
  fill?: string;
  anchor?: "start" | "middle" | "end";
  mono?: boolean;
  /** Rotation in degrees about (x, y). */
  rotate?: number;
}

/** One <text> element; (x, y) is the baseline point. */
export function text(x: number, y: number, content: string, o: TextOptions = {}): string {
  const attrs = [
    `x="${x}"`,
    `y="${y}"`,
    `font-family="${o.mono ? MONO : SANS}"`,
    `font-size="${o.size ?? 13}"`,
  ];
  if (o.weight === "bold") attrs.push('font-weight="bold"');
  if (o.fill) attrs.push(`fill="${o.fill}"`);
  if (o.anchor && o.anchor !== "start") attrs.push(`text-anchor="${o.anchor}"`);
  if (o.rotate) attrs.push(`transform="rotate(${o.rotate} ${x} ${y})"`);
  return `<text ${attrs.join(" ")}>${xml(content)}</text>`;
}

/** One <rect>; `stroke` optional. */
export function rect(
  x: number,
  y: number,
  w: number,
  h: number,
  fill: string,
  stroke = "",
  strokeWidth = 1,
): string {
  const s = stroke ? ` stroke="${stroke}" stroke-width="${strokeWidth}"` : "";
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}"${s}/>`;
}

/** Approximate width of `s` in px at font size `size` (sans ≈ 0.56 em, mono 0.61 em per char). */
export function textWidth(s: string, size: number, mono = false): number {
  return [...s].length * size * (mono ? 0.61 : 0.56);
}

/** Shortens a label to at most `max` characters, with "…". */
export function clip(s: string, max: number): string {
  const chars = [...s];
  return chars.length <= max ? s : `${chars.slice(0, max - 1).join("")}…`;
}

/** Splits `s` into lines of at most `max` characters, at spaces where possible. */
export function wrap(s: string, max: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of s.split(/\s+/).filter((w) => w.length > 0)) {
    let w = word;
    while (w.length > max) {
      if (line) lines.push(line);
      lines.push(w.slice(0, max));
      w = w.slice(max);
      line = "";
    }
    if (!line) line = w;
    else if (line.length + 1 + w.length <= max) line += ` ${w}`;
    else {
      lines.push(line);
      line = w;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The whole file: XML declaration, xmlns, size and viewBox, a white background, a <title>. */
export function svgDocument(width: number, height: number, title: string, body: string[]): string {
  const w = Math.ceil(width);
  const h = Math.ceil(height);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">`,
    `<title>${xml(title)}</title>`,
    rect(0, 0, w, h, "#ffffff"),
    ...body,
    "</svg>",
    "",
  ].join("\n");
}
