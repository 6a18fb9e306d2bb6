/**
 * The rows of a list or table body kept in place across steps and, when they are more than its
 * box shows (a key per token: 512 at most), only those in view: the body holds a spacer, the rows
 * on screen (a few more each side) and a spacer for the rest, inside a scroll box of fixed
 * height. Rows have one fixed height (CSS), so drawing a step measures nothing; scrolling redraws
 * once per frame. (Drawn whole up to 48 rows before: 48 keys' reweighted values then took a
 * weighted-sum step 15-18 ms of style, layout and paint, three times the rest of the step.)
 */

/** Rows drawn beyond each edge of the view (and the header's height above the body). */
const OVERSCAN = 6;

/** Whether `count` rows of `rowPx` are more than a box of `viewPx` shows: then they scroll. */
export const rowsScroll = (count: number, rowPx: number, viewPx: number): boolean =>
  count * rowPx > viewPx;

export interface WindowedRows {
  /** Shows rows 0 … count−1; `fill(row, i)` writes row i into a reused element. */
  update(count: number, fill: (row: HTMLElement, i: number) => void): void;
}

export interface WindowedOptions {
  /** The scroll box (gets the class "windowed" while the rows are windowed). */
  scroller: HTMLElement;
  /** The parent of the rows (a <ul>, a <tbody>). */
  body: HTMLElement;
  /** A new, empty row; a spacer (hidden from assistive technology). */
  makeRow: () => HTMLElement;
  makeSpacer: () => HTMLElement;
  /** Pixels from one row to the next, and the scroll box's height (as the CSS sets them). */
  rowPx: number;
  viewPx: number;
  /** The scroll box's accessible name while it scrolls. */
  label: string;
}

export function windowedRows(o: WindowedOptions): WindowedRows {
  const { scroller, body, rowPx, viewPx } = o;
  const top = o.makeSpacer();
  const bottom = o.makeSpacer();
  top.setAttribute("aria-hidden", "true");
  bottom.setAttribute("aria-hidden", "true");
  body.append(top, bottom);
  let count = 0;
  let fill: (row: HTMLElement, i: number) => void = () => undefined;
  let scrollTop = 0;
  let pending = false;
  /** Whether the rows are more than the box shows: then they scroll, only those in view drawn. */
  const windows = () => rowsScroll(count, rowPx, viewPx);

  function draw(): void {
    pending = false;
    const windowed = windows();
    const first = windowed ? Math.max(0, Math.floor(scrollTop / rowPx) - OVERSCAN) : 0;
    const last = windowed
      ? Math.min(count, Math.ceil((scrollTop + viewPx) / rowPx) + OVERSCAN)
      : count;
    scroller.classList.toggle("windowed", windowed);
    if (windowed) {
      scroller.tabIndex = 0;
      scroller.setAttribute("role", "region");
      scroller.setAttribute("aria-label", o.label);
    } else if (scroller.hasAttribute("role")) {
      for (const a of ["tabindex", "role", "aria-label"]) scroller.removeAttribute(a);
    }
    const height = (e: HTMLElement, rows: number) => {
      e.hidden = rows === 0;
      const px = `${rows * rowPx}px`;
      if (e.style.height !== px) e.style.height = px;
    };
    height(top, first);
    height(bottom, count - last);
    // Rows between the spacers: reused, extra ones removed, missing ones made.
    const rows = last - first;
    while (body.children.length - 2 > rows) bottom.previousElementSibling!.remove();
    while (body.children.length - 2 < rows) bottom.before(o.makeRow());
    let row = top.nextElementSibling as HTMLElement;
    for (let i = first; i < last; i++, row = row.nextElementSibling as HTMLElement) fill(row, i);
  }

  scroller.addEventListener(
    "scroll",
    () => {
      scrollTop = scroller.scrollTop;
      if (pending || !windows()) return;
      pending = true;
      requestAnimationFrame(draw);
    },
    { passive: true },
  );
  // Focused, the box scrolls with the arrows (and not the page's step and query keys).
  scroller.addEventListener("keydown", (e) => {
    if (e.target !== scroller || !windows()) return;
    const by: Record<string, number> = {
      ArrowUp: -rowPx,
      ArrowDown: rowPx,
      PageUp: -viewPx + rowPx,
      PageDown: viewPx - rowPx,
      Home: -count * rowPx,
      End: count * rowPx,
    };
    const d = by[e.key];
    if (d === undefined) return;
    e.preventDefault();
    e.stopPropagation();
    scroller.scrollBy(0, d);
  });

  return {
    update(n, f) {
      count = n;
      fill = f;
      draw();
    },
  };
}
