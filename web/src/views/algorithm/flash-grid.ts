/**
 * FlashAttention's tile grid: query blocks down, key blocks across; each tile marked done, now,
 * skipped (no visible key: never computed) or still to come. A real table, so a screen reader
 * reads each tile's state with its rows and keys.
 */
import { el } from "../ui/dom";
import type { FlashValue } from "../../wasm/algorithm-types";

const range = (start: number, size: number, total: number) => {
  const end = Math.min(start + size, total) - 1;
  return end > start ? `${start}–${end}` : `${start}`;
};

/** Grids above this many tiles are named in a line instead (a long sentence's thousands). */
const MAX_TILES = 400;

/** Where the step is, in words, when the grid would be too large to read. */
function tileLine(f: FlashValue, current: number): HTMLElement {
  const p = el("p", "algorithm-sentence");
  p.dataset.testid = "flash-grid";
  const t = current >= 0 ? f.tiles[current] : undefined;
  p.textContent = t
    ? `Tile ${current + 1} of the ${f.tiles.length} computed: query block ${t.qBlock}, key block ${t.kBlock} (the grid is too large to draw).`
    : `All ${f.tiles.length} tiles computed (the grid is too large to draw).`;
  return p;
}

/** The grid of `f`'s tiles for m queries and n keys, with tile `current` (processing order; −1
 * for none: every tile is done). */
export function tileGrid(f: FlashValue, m: number, n: number, current: number): HTMLElement {
  const rowsOfBlocks = Math.ceil(m / f.blockQ);
  const colsOfBlocks = Math.ceil(n / f.blockK);
  if (rowsOfBlocks * colsOfBlocks > MAX_TILES) return tileLine(f, current);
  const order = new Map(f.tiles.map((t, i) => [`${t.qBlock},${t.kBlock}`, i]));
  const table = el("table", "fgrid");
  table.dataset.testid = "flash-grid";
  table.createCaption().textContent = "Tiles: query blocks (rows) × key blocks (columns)";
  const head = table.createTHead().insertRow();
  head.append(el("td", "corner"));
  for (let b = 0; b < colsOfBlocks; b++) {
    const th = el("th", "", `keys ${range(b * f.blockK, f.blockK, n)}`);
    th.scope = "col";
    head.append(th);
  }
  const body = table.createTBody();
  for (let a = 0; a < rowsOfBlocks; a++) {
    const tr = body.insertRow();
    const th = el("th", "", `queries ${range(a * f.blockQ, f.blockQ, m)}`);
    th.scope = "row";
    tr.append(th);
    for (let b = 0; b < colsOfBlocks; b++) {
      const i = order.get(`${a},${b}`);
      const state =
        i === undefined
          ? "skipped"
          : i === current
            ? "now"
            : current < 0 || i < current
              ? "done"
              : "to come";
      const td = el(
        "td",
        `tile ${state.replace(" ", "-")}`,
        i === undefined ? "skipped" : `${i + 1}: ${state}`,
      );
      tr.append(td);
    }
  }
  return table;
}
