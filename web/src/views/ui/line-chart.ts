/**
 * A small hand-written SVG line chart: x on a log₂ axis (d_k = 4 … 512) or a linear one (training
 * steps), y linear from a floor to a rounded maximum, each series told apart by colour (Okabe–Ito, safe for colour blindness), dash
 * pattern and marker shape, an optional shaded band around each series (e.g. the lowest to the
 * highest of several draws), an optional dotted reference line, an optional vertical cursor (the
 * x shown elsewhere, e.g. a snapshot's step), and a <title> that states the ranges for screen
 * readers. The numbers themselves are in a table or text beside it.
 */
import "./line-chart.css";

/** "none" for long series (hundreds of steps), where markers would merge into a thick line. */
export type Marker = "circle" | "square" | "none";

export interface Series {
  name: string;
  values: number[];
  /** The x of each value (default: the chart's xs); may be shorter, e.g. while training runs. */
  xs?: number[];
  color: string;
  /** stroke-dasharray ("" = solid). */
  dash: string;
  marker: Marker;
  /** Highlighted, drawn normally, or faded behind the highlighted one. */
  emphasis: "strong" | "normal" | "faint";
  /** A shaded band from low[i] to high[i] at each x, in the series' colour. */
  band?: { low: number[]; high: number[] };
}

export interface LineChartSpec {
  title: string;
  /** x values (their first and last span the axis): positive on the log₂ axis (the default). */
  xs: number[];
  xScale?: "log2" | "linear";
  /** The x values that get a tick and a grid line (default: every x). */
  xTicks?: number[];
  /** A vertical line at this x. */
  cursor?: number;
  xLabel: string;
  yLabel: string;
  series: Series[];
  /**
   * A horizontal reference line (e.g. the uniform row's entropy), labelled at the right end, or
   * at the left where the series rise past it on the right (learning curves).
   */
  reference?: { label: string; value: number; labelAt?: "start" | "end" };
  /** Bottom of the y axis (default 0). */
  yMin?: number;
}

const SVG = "http://www.w3.org/2000/svg";
const W = 320;
const H = 200;
const PAD = { left: 52, right: 10, top: 14, bottom: 38 };

function el(tag: string, attrs: Record<string, string | number>, text?: string): SVGElement {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

/** A round number at least `x` (1, 2, 2.5 or 5 times a power of ten). */
export function niceMax(x: number): number {
  if (!(x > 0)) return 1;
  const p = 10 ** Math.floor(Math.log10(x));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * p >= x * (1 - 1e-9)) return m * p;
  return 10 * p;
}

/** A tick label: short, no trailing zeros. */
export function tickText(x: number): string {
  if (x === 0) return "0";
  if (Math.abs(x) >= 1e4 || Math.abs(x) < 1e-3) return x.toExponential(0);
  return String(Number(x.toPrecision(3)));
}

/** The marker of a series at (x, y). */
function marker(kind: Marker, x: number, y: number, color: string): SVGElement | null {
  if (kind === "none") return null;
  if (kind === "square") {
    return el("rect", { x: x - 3.5, y: y - 3.5, width: 7, height: 7, fill: "#fff", stroke: color });
  }
  return el("circle", { cx: x, cy: y, r: 3.8, fill: color, stroke: color });
}

/** What the chart shows, in words: each series from its first to its last value. */
function summary(spec: LineChartSpec): string {
  const x0 = spec.xs[0];
  const x1 = spec.xs[spec.xs.length - 1];
  const parts = spec.series.map((s) => {
    const last = s.values.length - 1;
    const a = s.values[0] ?? NaN;
    const b = s.values[last] ?? NaN;
    const xs = s.xs ?? spec.xs;
    const band = s.band
      ? ` (band ${tickText(s.band.low[0]!)} to ${tickText(s.band.high[0]!)} at ${x0}, ` +
        `${tickText(s.band.low[last]!)} to ${tickText(s.band.high[last]!)} at ${x1})`
      : "";
    return `${s.name}: ${tickText(a)} at ${xs[0]}, ${tickText(b)} at ${xs[last]}${band}`;
  });
  const ref = spec.reference ? `; ${spec.reference.label}` : "";
  return `${spec.title}, for ${spec.xLabel} from ${x0} to ${x1}. ${parts.join("; ")}${ref}.`;
}

/** The chart's scales: data to SVG coordinates. */
interface Scales {
  px(x: number): number;
  py(y: number): number;
  yMin: number;
  yMax: number;
}

function scalesOf(spec: LineChartSpec): Scales {
  const all = spec.series
    .flatMap((s) => [...s.values, ...(s.band?.high ?? [])])
    .concat(spec.reference?.value ?? []);
  const yMin = spec.yMin ?? 0;
  const yMax = niceMax(Math.max(...all.filter(Number.isFinite)) - yMin) + yMin;
  const tx = spec.xScale === "linear" ? (x: number) => x : Math.log2;
  const lx0 = tx(spec.xs[0]!);
  const lx1 = tx(spec.xs[spec.xs.length - 1]!);
  const px = (x: number) =>
    PAD.left + ((tx(x) - lx0) / (lx1 - lx0 || 1)) * (W - PAD.left - PAD.right);
  const py = (y: number) =>
    H - PAD.bottom - ((y - yMin) / (yMax - yMin)) * (H - PAD.top - PAD.bottom);
  return { px, py, yMin, yMax };
}

/** Axes, grid and ticks: every x (or the chosen ones) on x; four steps on y. */
function axesOf(spec: LineChartSpec, { px, py, yMin, yMax }: Scales): SVGElement {
  const axes = el("g", { class: "axes" });
  for (const x of spec.xTicks ?? spec.xs) {
    axes.append(
      el("line", { x1: px(x), x2: px(x), y1: PAD.top, y2: H - PAD.bottom, class: "grid" }),
    );
    axes.append(el("text", { x: px(x), y: H - PAD.bottom + 13, class: "tick x" }, String(x)));
  }
  for (let i = 0; i <= 4; i++) {
    const y = yMin + ((yMax - yMin) * i) / 4;
    axes.append(
      el("line", { x1: PAD.left, x2: W - PAD.right, y1: py(y), y2: py(y), class: "grid" }),
    );
    axes.append(el("text", { x: PAD.left - 4, y: py(y) + 3.5, class: "tick y" }, tickText(y)));
  }
  axes.append(
    el("line", { x1: PAD.left, x2: W - PAD.right, y1: H - PAD.bottom, y2: H - PAD.bottom }),
    el("line", { x1: PAD.left, x2: PAD.left, y1: PAD.top, y2: H - PAD.bottom }),
    el("text", { x: (PAD.left + W - PAD.right) / 2, y: H - 6, class: "label" }, spec.xLabel),
    el(
      "text",
      {
        x: 0,
        y: 0,
        class: "label",
        transform: `translate(11 ${(PAD.top + H - PAD.bottom) / 2}) rotate(-90)`,
      },
      spec.yLabel,
    ),
  );
  return axes;
}

/** The reference line with its label, and the cursor, when the spec has them. */
function marks(svg: SVGElement, spec: LineChartSpec, { px, py }: Scales): void {
  if (spec.reference) {
    const y = py(spec.reference.value);
    svg.append(
      el("line", { x1: PAD.left, x2: W - PAD.right, y1: y, y2: y, class: "reference" }),
      el(
        "text",
        spec.reference.labelAt === "start"
          ? { x: PAD.left + 4, y: y - 4, class: "reference-label start" }
          : { x: W - PAD.right - 2, y: y - 4, class: "reference-label" },
        spec.reference.label,
      ),
    );
  }
  if (spec.cursor !== undefined) {
    const x = px(spec.cursor);
    svg.append(el("line", { x1: x, x2: x, y1: PAD.top, y2: H - PAD.bottom, class: "cursor" }));
  }
}

/** Every band, then every line with its markers (faint series first, the highlighted on top). */
function seriesOf(svg: SVGElement, spec: LineChartSpec, { px, py }: Scales): void {
  const order = { faint: 0, normal: 1, strong: 2 };
  const sorted = [...spec.series].sort((a, b) => order[a.emphasis] - order[b.emphasis]);
  for (const s of sorted) {
    if (!s.band) continue;
    // Along the top from left to right, then back along the bottom.
    const top = s.band.high.map((v, i) => `${px(spec.xs[i]!)},${py(v)}`);
    const bottom = s.band.low.map((v, i) => `${px(spec.xs[i]!)},${py(v)}`).reverse();
    svg.append(
      el("polygon", {
        points: [...top, ...bottom].join(" "),
        fill: s.color,
        class: `band ${s.emphasis}`,
        "data-series": s.name,
        "data-testid": "chart-band",
      }),
    );
  }
  for (const s of sorted) {
    const g = el("g", { class: `series ${s.emphasis}`, "data-series": s.name });
    const xs = s.xs ?? spec.xs;
    const points = s.values.map((v, i) => `${px(xs[i]!)},${py(v)}`).join(" ");
    g.append(el("polyline", { points, fill: "none", stroke: s.color, "stroke-dasharray": s.dash }));
    for (const [i, v] of s.values.entries()) {
      const m = marker(s.marker, px(xs[i]!), py(v), s.color);
      if (m) g.append(m);
    }
    svg.append(g);
  }
}

export function lineChart(spec: LineChartSpec): SVGSVGElement {
  const svg = el("svg", {
    viewBox: `0 0 ${W} ${H}`,
    class: "line-chart",
    role: "img",
  }) as SVGSVGElement;
  svg.append(el("title", {}, summary(spec)));
  const scales = scalesOf(spec);
  svg.append(axesOf(spec, scales));
  marks(svg, spec, scales);
  seriesOf(svg, spec, scales);
  return svg;
}

/** A legend swatch for a band: a shaded block in the series' colour (for HTML legends). */
export function bandSwatch(color: string): SVGSVGElement {
  const svg = el("svg", { viewBox: "0 0 30 12", width: 30, height: 12, "aria-hidden": "true" });
  svg.append(el("rect", { x: 1, y: 1, width: 28, height: 10, fill: color, class: "band" }));
  return svg as SVGSVGElement;
}

/** A legend swatch: a short stretch of the series' line with its marker (for HTML legends). */
export function swatch(s: Pick<Series, "color" | "dash" | "marker">): SVGSVGElement {
  const svg = el("svg", { viewBox: "0 0 30 12", width: 30, height: 12, "aria-hidden": "true" });
  svg.append(
    el("line", { x1: 1, x2: 29, y1: 6, y2: 6, stroke: s.color, "stroke-dasharray": s.dash }),
  );
  const m = marker(s.marker, 15, 6, s.color);
  if (m) svg.append(m);
  return svg as SVGSVGElement;
}
