/**
 * Linked views in the step: the (m, n) matrices of a head (S, its scaled and masked forms, A)
 * have a row per query token. Pointing at a row (its label or a cell), or focusing a cell, names
 * that query to the controller, which lights it in every view; a lit row is framed here. A
 * translation's expected cells (state/alignment.ts) are outlined through the spec.
 */
import { expectedAlignment, isExpected } from "../../state/alignment";
import type { TraceValue } from "../../wasm/types";
import type { MatrixSpec } from "../matrix/matrix-model";

/** A figure on screen and the spec it shows. */
export interface Shown {
  element: HTMLElement;
  spec: MatrixSpec;
}

/** Whether the spec's stored rows are the queries and its columns the keys: (m, n), upright. */
export const isQueryByKey = (spec: MatrixSpec): boolean =>
  spec.rowTokens && spec.colTokens && !spec.transposed;

/** The expected-cell hook of an (m, n) spec of a translation's trace, else nothing. */
export function expectedHook(trace: TraceValue, spec: MatrixSpec): Partial<MatrixSpec> {
  if (!isQueryByKey(spec)) return {};
  const expected = expectedAlignment(trace);
  return expected ? { expected: (r, c) => isExpected(expected, r, c) } : {};
}

/** Frames query row `query` (null: none) in each (m, n) figure shown. */
export function lightRows(shown: readonly Shown[], query: number | null): void {
  for (const { element, spec } of shown) {
    for (const tr of element.querySelectorAll("tr.lit")) tr.classList.remove("lit");
    if (query === null || !isQueryByKey(spec)) continue;
    const cell = element.querySelector(`td[data-r="${query}"]`);
    cell?.parentElement?.classList.add("lit");
  }
}

/** The query row an event happened in, in an (m, n) figure, or null. */
function rowOf(e: Event, shown: readonly Shown[]): number | null {
  const target = e.target as HTMLElement;
  const at = shown.find((s) => s.element.contains(target));
  if (!at || !isQueryByKey(at.spec)) return null;
  const tr = target.closest("tr");
  const cell = tr?.querySelector<HTMLElement>("td[data-r]");
  return cell ? Number(cell.dataset.r) : null;
}

/** Pointer and focus on the operands name a query row (or null on leaving) to `onPoint`. */
export function wirePointing(
  operands: HTMLElement,
  shown: () => readonly Shown[],
  onPoint: (query: number | null) => void,
): void {
  let last: number | null = null;
  const point = (q: number | null) => {
    if (q === last) return;
    last = q;
    onPoint(q);
  };
  operands.addEventListener("pointerover", (e) => point(rowOf(e, shown())));
  operands.addEventListener("pointerleave", () => point(null));
  operands.addEventListener("focusin", (e) => point(rowOf(e, shown())));
  operands.addEventListener("focusout", () => point(null));
}
