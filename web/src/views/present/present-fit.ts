/**
 * Presentation mode's scale. Every part of the step view is zoomed by the CSS variable
 * --present-zoom (present.css) to the largest value at which the step fits its box:
 *  1. the whole step, with the step's visual (split/concat figure, weight bars) beside the
 *     matrices, if that fits at a comfortable zoom;
 *  2. else the step itself (words, formulas, operands, result), with the visual below it, to
 *     scroll to;
 *  3. else (a huge scenario) the readable floor, and the step scrolls inside its box.
 * Each layout pass costs as much as drawing the step, so the search starts from the zoom in use
 * (the previous step's, usually right again) and takes a few measured guesses, not a bisection.
 * Loaded with presentation mode's CSS when first presenting (present.ts).
 */
import "./present.css";

/** The zoom variable present.css applies to every part of the step view. */
export const ZOOM_VAR = "--present-zoom";
/** The class of the step box while its visual sits beside the matrices (layout 1). */
export const ASIDE = "present-aside";
/**
 * What the fit needs from the step view, by reference (it never looks them up): the step's
 * visual, what may go below the fold in layout 2 (the visual and the drill-down panel), and what
 * decides a step's layout besides the box (the step's title, its matrices' shapes).
 */
export interface FitParts {
  /** Whether the step shows a visual (weight bars, reweighted values, a split figure). */
  hasVisual(): boolean;
  extras: readonly Element[];
  layoutKey(): string;
}

/** Cell digits are 18 px at zoom 1; the cap keeps a 3×3 matrix from becoming a few huge digits. */
const MAX_ZOOM = 3;
/** Layout passes allowed per layout tried. */
const PROBES = 8;
/** Close enough: the step fills at least this share of its box. */
const SNUG = 0.97;

/**
 * The floor: cell digits (12 px × 1.5 for tables, present.css, × the zoom) of at least 24 px on a
 * 720 px high screen and 36 px on a 1080 px one, read from the back of a classroom.
 * Below it the step scrolls rather than shrinks.
 */
export function minZoom(screenHeight: number): number {
  // Rounded up to the 3 decimals the zoom is written with, so 24 px is not 23.99.
  return Math.max(0.8, Math.ceil((screenHeight / 540) * 1000) / 1000);
}

/** The visual goes beside the matrices only if the whole step is then at least this large. */
function asideZoom(screenHeight: number): number {
  return minZoom(screenHeight);
}

/**
 * How much the content overflows `box`: its height over the box's (≤ 1: it fits; scrollHeight
 * cannot tell how much room is left), or its width over the box's if wider. Extras are left out
 * unless `all`.
 */
function overflow(box: HTMLElement, all: boolean, extras: readonly Element[]): number {
  const wide = box.scrollWidth / box.clientWidth;
  // From the box's inner top edge, plus its bottom padding: what scrollHeight would count.
  const top = box.getBoundingClientRect().top + box.clientTop - box.scrollTop;
  let end = 0;
  for (const child of box.children) {
    if (!(child instanceof HTMLElement) || !child.offsetParent) continue;
    if (!all && extras.includes(child)) continue;
    end = Math.max(end, child.getBoundingClientRect().bottom - top);
  }
  end += parseFloat(getComputedStyle(box).paddingBottom) || 0;
  const high = end / box.clientHeight;
  return wide > 1.002 ? Math.max(wide, high) : high;
}

/**
 * The largest zoom in [lo, MAX_ZOOM] at which `box` fits (left set), or null (left at `lo`).
 * The content's size grows about in proportion to the zoom, so zoom / overflow is the next
 * guess; when a guess wraps the matrices differently and misses, the next one halves the gap.
 */
function largestFit(
  box: HTMLElement,
  parts: FitParts,
  [lo, start]: [number, number],
  all: boolean,
): number | null {
  const set = (z: number) => box.style.setProperty(ZOOM_VAR, z.toFixed(3));
  let best: number | null = null;
  let fail = Infinity;
  let z = Math.min(MAX_ZOOM, Math.max(lo, start));
  for (let i = 0; i < PROBES; i++) {
    set(z);
    const over = overflow(box, all, parts.extras);
    if (over <= 1.002) {
      best = Math.max(best ?? z, z);
      if (z >= MAX_ZOOM || over >= SNUG) break;
    } else {
      fail = Math.min(fail, z);
      if (z <= lo) break;
    }
    let next = Math.min(MAX_ZOOM, Math.max(lo, (z / over) * 0.995));
    if (next >= fail || (best !== null && next <= best)) next = ((best ?? lo) + fail) / 2;
    if (Math.abs(next - z) < 0.01) break;
    z = next;
  }
  set(best ?? lo);
  return best;
}

/** Where a step settled: its zoom, and whether its visual sits beside the matrices. */
interface Fit {
  zoom: number;
  aside: boolean;
}

/** Searches the zoom of the step in `box` (see above); returns it, left set. */
function search(box: HTMLElement, parts: FitParts, screenHeight: number): Fit {
  const floor = minZoom(screenHeight);
  const start = parseFloat(box.style.getPropertyValue(ZOOM_VAR)) || asideZoom(screenHeight);
  const hasVisual = parts.hasVisual();
  box.classList.toggle(ASIDE, hasVisual);
  const whole = hasVisual ? largestFit(box, parts, [asideZoom(screenHeight), start], true) : null;
  if (whole !== null) return { zoom: whole, aside: true };
  box.classList.remove(ASIDE);
  return { zoom: largestFit(box, parts, [floor, start], false) ?? floor, aside: false };
}

/** What decides a step's layout: the box's size, the step's title, its matrices' shapes. */
function signature(box: HTMLElement, parts: FitParts): string {
  const visual = parts.hasVisual() ? 1 : 0;
  return `${box.clientWidth}×${box.clientHeight}|${parts.layoutKey()}|${visual}`;
}

export interface StepFit {
  /** Scales the step now in the box to fit; returns the zoom set. */
  fit(screenHeight: number): number;
  /** Back to the page's normal scale. */
  clear(): void;
}

/**
 * Fits the steps shown in `box`. The zoom found for a kind of step (same title, same shapes, same
 * box) is remembered and only checked the next time: stepping query by query redraws the same
 * few kinds of step, and a check is a layout pass the browser makes anyway.
 */
export function createStepFit(box: HTMLElement, parts: FitParts): StepFit {
  const known = new Map<string, Fit>();
  return {
    fit(screenHeight) {
      const key = signature(box, parts);
      const seen = known.get(key);
      if (seen) {
        box.classList.toggle(ASIDE, seen.aside);
        box.style.setProperty(ZOOM_VAR, seen.zoom.toFixed(3));
        if (overflow(box, seen.aside, parts.extras) <= 1.002) return seen.zoom;
      }
      const found = search(box, parts, screenHeight);
      if (known.size > 500) known.clear();
      known.set(key, found);
      return found.zoom;
    },
    clear() {
      box.style.removeProperty(ZOOM_VAR);
      box.classList.remove(ASIDE);
    },
  };
}
