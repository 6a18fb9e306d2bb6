/**
 * A virtualized grid for an expanded huge matrix (512×512 W has 262,144 values): a scroll box the
 * size of the whole matrix in which only the visible window of cells exists, rebuilt on scroll.
 * ARIA grid with aria-rowcount/colcount and indices; arrow keys, Page Up/Down, Home/End move.
 */
import { activeElementIn } from "../ui/dom";
import { formatCell } from "../ui/format";
import { cellClass, escapeHtml, type MatrixView } from "./matrix-model";

/** Cell geometry in CSS pixels (matches .vgrid rules in styles.css). */
const CELL_W = 76;
const CELL_H = 24;
const LABEL_W = 96;
const HEAD_H = 26;
/** Extra rows/columns drawn beyond the visible edge, so fast scrolling shows no blanks. */
const OVERSCAN = 2;

/** The HTML of the cells in view (and OVERSCAN beyond), with the header row and label column. */
function windowHtml(view: MatrixView, grid: HTMLElement, active: [number, number]): string {
  const top = grid.scrollTop;
  const left = grid.scrollLeft;
  const height = grid.clientHeight || 420;
  const width = grid.clientWidth || 800;
  const r0 = Math.max(0, Math.floor(top / CELL_H) - OVERSCAN);
  const r1 = Math.min(view.rows, Math.ceil((top + height) / CELL_H) + OVERSCAN);
  const c0 = Math.max(0, Math.floor(left / CELL_W) - OVERSCAN);
  const c1 = Math.min(view.cols, Math.ceil((left + width) / CELL_W) + OVERSCAN);
  const x = (c: number) => LABEL_W + c * CELL_W;
  const y = (r: number) => HEAD_H + r * CELL_H;
  let html = `<div role="row" aria-rowindex="1" class="vrow vhead" style="top:${top}px">`;
  html += `<div class="vcorner" style="left:${left}px"></div>`;
  for (let c = c0; c < c1; c++) {
    const label = escapeHtml(view.colLabel(c));
    html += `<div role="columnheader" aria-colindex="${c + 2}" class="vcol" style="left:${x(c)}px" title="${label}">${label}</div>`;
  }
  html += `</div>`;
  for (let r = r0; r < r1; r++) {
    const label = escapeHtml(view.rowLabel(r));
    html += `<div role="row" aria-rowindex="${r + 2}" class="vrow" style="top:${y(r)}px">`;
    html += `<div role="rowheader" aria-colindex="1" class="vlabel" style="left:${left}px" title="${label}">${label}</div>`;
    for (let c = c0; c < c1; c++) {
      const v = view.value(r, c);
      const tab = r === active[0] && c === active[1] ? 0 : -1;
      html += `<div role="gridcell" aria-colindex="${c + 2}" class="${cellClass(view, r, c, v)}" style="left:${x(c)}px" data-r="${r}" data-c="${c}" tabindex="${tab}">${formatCell(v)}</div>`;
    }
    html += `</div>`;
  }
  return html;
}

/** Scrolls `grid` as little as needs be for cell `at` to be in view. */
function scrollToCell(grid: HTMLElement, at: [number, number]): void {
  const cy = HEAD_H + at[0] * CELL_H;
  const cx = LABEL_W + at[1] * CELL_W;
  if (cy - HEAD_H < grid.scrollTop) grid.scrollTop = cy - HEAD_H;
  if (cy + CELL_H > grid.scrollTop + grid.clientHeight)
    grid.scrollTop = cy + CELL_H - grid.clientHeight;
  if (cx - LABEL_W < grid.scrollLeft) grid.scrollLeft = cx - LABEL_W;
  if (cx + CELL_W > grid.scrollLeft + grid.clientWidth)
    grid.scrollLeft = cx + CELL_W - grid.clientWidth;
}

/** Where key `e` moves the active cell (`page` rows for Page Up/Down), or undefined. */
function keyMove(
  e: KeyboardEvent,
  [r, c]: [number, number],
  view: MatrixView,
  page: number,
): [number, number] | undefined {
  const moves: Record<string, [number, number]> = {
    ArrowUp: [r - 1, c],
    ArrowDown: [r + 1, c],
    ArrowLeft: [r, c - 1],
    ArrowRight: [r, c + 1],
    PageUp: [r - page, c],
    PageDown: [r + page, c],
    Home: e.ctrlKey ? [0, 0] : [r, 0],
    End: e.ctrlKey ? [view.rows - 1, view.cols - 1] : [r, view.cols - 1],
  };
  return moves[e.key];
}

export function renderVirtualGrid(host: HTMLElement, view: MatrixView, caption: string): void {
  const grid = document.createElement("div");
  grid.className = "vgrid";
  grid.setAttribute("role", "grid");
  grid.setAttribute("aria-label", caption);
  grid.setAttribute("aria-rowcount", String(view.rows + 1));
  grid.setAttribute("aria-colcount", String(view.cols + 1));
  grid.tabIndex = -1;
  grid.style.height = `${Math.min(420, HEAD_H + view.rows * CELL_H + 16)}px`;
  const space = document.createElement("div");
  space.className = "vspace";
  space.style.width = `${LABEL_W + view.cols * CELL_W}px`;
  space.style.height = `${HEAD_H + view.rows * CELL_H}px`;
  grid.append(space);
  host.append(grid);

  // The active cell (the grid's single tab stop), in display coordinates.
  let active: [number, number] = [view.markedRows[0], view.markedCols[0]];
  let pending = false;

  function draw(): void {
    pending = false;
    // Rebuilding drops the focused cell: give the focus back (to the grid if it scrolled away).
    const hadFocus = space.contains(activeElementIn(space));
    space.innerHTML = windowHtml(view, grid, active);
    const cell = space.querySelector<HTMLElement>(`[data-r="${active[0]}"][data-c="${active[1]}"]`);
    // With the active cell scrolled away the grid itself is the tab stop; keys bring the cell back.
    grid.tabIndex = cell ? -1 : 0;
    if (hadFocus) (cell ?? grid).focus({ preventScroll: true });
  }

  const schedule = () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(draw);
  };
  grid.addEventListener("scroll", schedule);

  /** Scrolls so the active cell is in view, redraws, and focuses it. */
  function moveTo(r: number, c: number): void {
    active = [Math.min(Math.max(r, 0), view.rows - 1), Math.min(Math.max(c, 0), view.cols - 1)];
    scrollToCell(grid, active);
    draw();
    space.querySelector<HTMLElement>(`[data-r="${active[0]}"][data-c="${active[1]}"]`)?.focus();
  }

  grid.addEventListener("keydown", (e) => {
    const to = keyMove(e, active, view, Math.max(1, Math.floor(grid.clientHeight / CELL_H) - 2));
    if (!to) return;
    // Keep the page's stepping keys out while moving inside the grid.
    e.preventDefault();
    e.stopPropagation();
    moveTo(to[0], to[1]);
  });
  grid.addEventListener("focusin", (e) => {
    const cell = (e.target as HTMLElement).closest<HTMLElement>("[data-r][data-c]");
    if (cell) active = [Number(cell.dataset.r), Number(cell.dataset.c)];
  });

  // First draw once the box is in the document and has a size; scroll to the marked cells.
  requestAnimationFrame(() => {
    grid.scrollTop = Math.max(0, view.markedRows[0] * CELL_H - CELL_H);
    grid.scrollLeft = Math.max(0, view.markedCols[0] * CELL_W - CELL_W);
    draw();
  });
  draw();
}
