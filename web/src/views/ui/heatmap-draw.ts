/**
 * Canvas drawing of an (m, n) attention-weight matrix with a colour-blind-safe viridis scale, on
 * the range 0 to 1 or on the one the options' `scale` gives (views/heatmaps/heatmap-scale.ts).
 * Masked cells (weight exactly 0 by the mask) are hatched grey, so "masked" never looks like "a
 * small weight". Shared by the stepper's heat maps and the Learn view's learned maps.
 */
import { interpolateViridis } from "d3-scale-chromatic";
import type { MatrixValue } from "../../wasm/types";
import { runNow } from "./slices";

/** 256 viridis colours: index = round(weight × 255); made on first use, not at page start. */
let lut: string[] | null = null;
const LUT = () => (lut ??= Array.from({ length: 256 }, (_, i) => interpolateViridis(i / 255)));

export function colourOf(weight: number): string {
  const i = Math.round(Math.min(Math.max(weight, 0), 1) * 255);
  return LUT()[i]!;
}

/** A CSS gradient of the scale, left = 0, right = 1, for the legend. */
export function legendGradient(): string {
  const stops = Array.from({ length: 11 }, (_, i) => `${LUT()[Math.round(i * 25.5)]} ${i * 10}%`);
  return `linear-gradient(to right, ${stops.join(", ")})`;
}

export interface DrawOptions {
  cell: number;
  /** Space for row labels (left) and column labels (top), CSS px; 0 without labels. */
  left: number;
  top: number;
  rowLabels?: string[];
  colLabels?: string[];
  /** Outlined query row, or -1. */
  row: number;
  /** Query i's expected key, outlined dashed (a translation's alignment); -1 for none. */
  expected?: readonly number[] | null;
  /** The row a pointer or focus is on (linked views), framed in amber; -1 or absent for none. */
  lit?: number;
  /** Colour of the labels (the theme's text colour). */
  ink?: string;
  /** A weight's colour position, 0 to 1 (the weight itself when omitted). */
  scale?: (row: number, col: number, weight: number) => number;
}

/** Sizes the canvas for the device pixel ratio and returns a context in CSS pixels. */
function prepare(canvas: HTMLCanvasElement, width: number, height: number) {
  const dpr = window.devicePixelRatio || 1;
  // Resizing a canvas reallocates it: only when the size changes; else it is cleared.
  const [w, h] = [Math.ceil(width * dpr), Math.ceil(height * dpr)];
  if (canvas.width !== w || canvas.height !== h) [canvas.width, canvas.height] = [w, h];
  if (canvas.style.width !== `${width}px`) canvas.style.width = `${width}px`;
  if (canvas.style.height !== `${height}px`) canvas.style.height = `${height}px`;
  const ctx = canvas.getContext("2d");
  ctx?.setTransform(1, 0, 0, 1, 0, 0);
  ctx?.clearRect(0, 0, w, h);
  ctx?.setTransform(dpr, 0, 0, dpr, 0, 0);
  return ctx;
}

/** Shortens a label to fit `max` CSS px. */
function fit(ctx: CanvasRenderingContext2D, text: string, max: number): string {
  if (ctx.measureText(text).width <= max) return text;
  let t = text;
  while (t.length > 1 && ctx.measureText(`${t}…`).width > max) t = t.slice(0, -1);
  return `${t}…`;
}

/** The labels' font, shared by the drawing and the room measured for it. */
const LABEL_FONT = "12px system-ui, sans-serif";
let measurer: CanvasRenderingContext2D | null = null;

/**
 * Room in px for the longest of `labels` drawn beside the map (measured in the labels' font, so
 * "<pad>" is not cut to "<pa…"), plus 12 px of margin; at most `cap`.
 */
export function labelRoom(labels: readonly string[], cap: number): number {
  measurer ??= document.createElement("canvas").getContext("2d");
  if (!measurer) return Math.min(cap, 12 + Math.max(1, ...labels.map((s) => s.length)) * 7);
  measurer.font = LABEL_FONT;
  const widest = Math.max(1, ...labels.map((s) => measurer!.measureText(s).width));
  return Math.min(cap, 12 + Math.ceil(widest));
}

/** The LUT as bytes, for painting one pixel per cell. */
let rgb: Uint8ClampedArray | null = null;
const RGB = () =>
  (rgb ??= new Uint8ClampedArray(
    LUT().flatMap((hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16))),
  ));
/** Masked cells: a grey ground, hatched when a cell is big enough to show a line. */
const MASKED_RGB = [0xe4, 0xe4, 0xe7] as const;
const HATCH_MIN_CELL = 6;
/** Below this cell size (CSS px) labels cannot be read: the map is drawn without them. */
export const LABEL_MIN_CELL = 9;

/** One pixel per cell, reused between draws. */
const tile = document.createElement("canvas");

/** Rows of cells coloured per piece of cellImage's work (32 × 512 cells: a millisecond or two). */
const BAND_CELLS = 16_384;

/**
 * The (m, n) cells' colours, one pixel per cell, under `scale` (the weight itself when omitted).
 * A generator that yields after each band of rows, so a caller may cut the work into tasks
 * (views/ui/slices.ts); its return value is the image.
 */
export function* cellImage(
  w: MatrixValue,
  mask: MatrixValue | null,
  scale?: DrawOptions["scale"],
): Generator<void, ImageData> {
  const image = new ImageData(w.cols, w.rows);
  const px = image.data;
  const colours = RGB();
  const band = Math.max(1, Math.floor(BAND_CELLS / Math.max(1, w.cols)));
  for (let r = 0, k = 0; r < w.rows; r++) {
    if (r > 0 && r % band === 0) yield;
    for (let c = 0; c < w.cols; c++, k += 4) {
      const weight = w.data[r * w.cols + c]!;
      if (mask && mask.data[r * mask.cols + c] === 0) {
        px[k] = MASKED_RGB[0];
        px[k + 1] = MASKED_RGB[1];
        px[k + 2] = MASKED_RGB[2];
      } else {
        const v = scale ? scale(r, c, weight) : weight;
        const i = 3 * Math.round(Math.min(Math.max(v, 0), 1) * 255);
        px[k] = colours[i]!;
        px[k + 1] = colours[i + 1]!;
        px[k + 2] = colours[i + 2]!;
      }
      px[k + 3] = 255;
    }
  }
  return image;
}

/**
 * Paints the (m, n) cells as an m×n image scaled to the map: one putImageData and one drawImage
 * instead of m·n fillRects (512 tokens = 262,144 cells a head). Sharp when enlarged, averaged when
 * a cell is smaller than a pixel (small multiples of long sentences).
 */
function paintCells(
  ctx: CanvasRenderingContext2D,
  w: MatrixValue,
  mask: MatrixValue | null,
  o: DrawOptions,
  image: ImageData,
): void {
  [tile.width, tile.height] = [w.cols, w.rows];
  tile.getContext("2d")?.putImageData(image, 0, 0);
  ctx.imageSmoothingEnabled = o.cell < 1;
  ctx.drawImage(tile, o.left, o.top, w.cols * o.cell, w.rows * o.cell);
  if (!mask || o.cell < HATCH_MIN_CELL) return;
  // Every hatch in one path: one stroke for the whole map.
  ctx.strokeStyle = "#9ca3af";
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let r = 0; r < w.rows; r++) {
    for (let c = 0; c < w.cols; c++) {
      if (mask.data[r * mask.cols + c] !== 0) continue;
      const [x, y] = [o.left + c * o.cell, o.top + r * o.cell];
      ctx.moveTo(x, y + o.cell);
      ctx.lineTo(x + o.cell, y);
    }
  }
  ctx.stroke();
}

/**
 * Draws `w` (m, n); `mask` (m, n) has 1 = attend, 0 = masked. `image`: its cells already
 * coloured by cellImage under o.scale (a long sentence's, coloured in slices), else made here.
 */
export function drawHeatmap(
  canvas: HTMLCanvasElement,
  w: MatrixValue,
  mask: MatrixValue | null,
  o: DrawOptions,
  image?: ImageData,
): void {
  const width = o.left + w.cols * o.cell;
  const height = o.top + w.rows * o.cell;
  const ctx = prepare(canvas, width, height);
  if (!ctx) return;
  ctx.clearRect(0, 0, width, height);
  // No rows (a model trained a step or two may write nothing): nothing to paint, and
  // ImageData refuses a zero size.
  if (w.rows === 0 || w.cols === 0) return;
  paintCells(ctx, w, mask, o, image ?? runNow(cellImage(w, mask, o.scale)));
  if ((o.rowLabels || o.colLabels) && o.cell >= LABEL_MIN_CELL) {
    ctx.fillStyle = o.ink ?? "#1f2937";
    ctx.font = LABEL_FONT;
    ctx.textBaseline = "middle";
    ctx.textAlign = "right";
    o.rowLabels?.forEach((label, r) => {
      ctx.fillText(fit(ctx, label, o.left - 6), o.left - 4, o.top + (r + 0.5) * o.cell);
    });
    // Column labels written upwards, bottom-aligned to the grid.
    ctx.textAlign = "left";
    o.colLabels?.forEach((label, c) => {
      ctx.save();
      ctx.translate(o.left + (c + 0.5) * o.cell, o.top - 4);
      ctx.rotate(-Math.PI / 2);
      ctx.fillText(fit(ctx, label, o.top - 6), 0, 0);
      ctx.restore();
    });
  }
  outlineExpected(ctx, o);
  outlineRow(ctx, w, o);
}

/** Outlines each expected cell: a dark frame with white dashes, seen on any colour. */
function outlineExpected(ctx: CanvasRenderingContext2D, o: DrawOptions): void {
  if (!o.expected || o.cell < HATCH_MIN_CELL) return;
  const frame = (colour: string, dash: number[]) => {
    ctx.setLineDash(dash);
    ctx.strokeStyle = colour;
    ctx.beginPath();
    o.expected!.forEach((j, i) => {
      if (j >= 0) ctx.rect(o.left + j * o.cell + 1, o.top + i * o.cell + 1, o.cell - 2, o.cell - 2);
    });
    ctx.stroke();
  };
  ctx.lineWidth = 2;
  frame("#111827", []);
  frame("#ffffff", [3, 3]);
  ctx.setLineDash([]);
}

/** Frames the pointed row o.lit in amber, outside the cells so the weights stay visible. */
function lightRow(ctx: CanvasRenderingContext2D, w: MatrixValue, o: DrawOptions): void {
  const r = o.lit ?? -1;
  if (r < 0 || r >= w.rows) return;
  ctx.lineWidth = 2;
  ctx.strokeStyle = "#d97706";
  ctx.strokeRect(o.left - 3, o.top + r * o.cell - 1, w.cols * o.cell + 4, o.cell + 2);
}

/** Outlines row o.row: a dark line with a white inner line, visible on any colour. */
function outlineRow(ctx: CanvasRenderingContext2D, w: MatrixValue, o: DrawOptions): void {
  if (o.row < 0 || o.row >= w.rows) return;
  const y = o.top + o.row * o.cell;
  if (o.cell < 8) {
    // Too thin for two lines inside the row: one dark frame around it.
    ctx.lineWidth = 2;
    ctx.strokeStyle = "#111827";
    ctx.strokeRect(o.left - 1, y - 1, w.cols * o.cell + 2, o.cell + 2);
    return;
  }
  ctx.lineWidth = 3;
  ctx.strokeStyle = "#111827";
  ctx.strokeRect(o.left + 1.5, y + 1.5, w.cols * o.cell - 3, o.cell - 3);
  ctx.lineWidth = 1;
  ctx.strokeStyle = "#ffffff";
  ctx.strokeRect(o.left + 3.5, y + 3.5, w.cols * o.cell - 7, o.cell - 7);
}

/**
 * Copies `base` (drawn by drawHeatmap with no row) onto `canvas` and outlines row o.row: moving
 * between queries then costs one image copy instead of a redraw with text.
 */
export function drawFromBase(
  canvas: HTMLCanvasElement,
  base: HTMLCanvasElement,
  w: MatrixValue,
  o: DrawOptions,
): void {
  const ctx = prepare(canvas, o.left + w.cols * o.cell, o.top + w.rows * o.cell);
  if (!ctx) return;
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.drawImage(base, 0, 0);
  ctx.restore();
  outlineRow(ctx, w, o);
  lightRow(ctx, w, o);
}
