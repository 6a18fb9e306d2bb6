/**
 * The copy task's maps in words (docs/tasks.md, Task 2). Rows are labelled the same way in
 * "Use it" and "Watch it form": by the symbol the position reads (its row writes the next one),
 * so row "|" is the one that writes the first copied symbol. And the look at "|": in layer 1 the
 * rows of the copy put nearly all their weight on the separator, measured here.
 */
import { headName } from "../../state/stages";

/** The separator between the sequence and its copy. */
export const SEPARATOR = "|";

/** What each "Use it" row reads: the input at the position that writes target j ("|", y1, …). */
export function copyRowLabels(keyTokens: readonly string[], target: readonly string[]): string[] {
  return keyTokens.slice(keyTokens.length - target.length);
}

/**
 * The induction head's expected key of each copy row (rows = cols = the sequence, self-attention):
 * for a row after "|" reading symbol s, the position after s's occurrence before "|" (row "|"
 * itself: the first symbol); -1 elsewhere. Null when the map is not a copy's.
 */
export function inductionKeys(rows: readonly string[], cols: readonly string[]): number[] | null {
  const sep = cols.indexOf(SEPARATOR);
  if (sep < 0 || rows.length !== cols.length) return null;
  return rows.map((s, i) => {
    if (i < sep) return -1;
    if (i === sep) return 0;
    const earlier = cols.indexOf(s);
    return earlier >= 0 && earlier < sep - 1 ? earlier + 1 : -1;
  });
}

/** The head whose rows after "|" put the most weight on it, and that mean; null without "|". */
export function separatorLook(
  rows: readonly string[],
  cols: readonly string[],
  heads: number[][][],
): { head: number; mean: number; rows: number } | null {
  const at = cols.indexOf(SEPARATOR);
  const first = rows.indexOf(SEPARATOR) + 1;
  if (at < 0 || first <= 0 || first >= rows.length) return null;
  let found: { head: number; mean: number; rows: number } | null = null;
  heads.forEach((map, h) => {
    const after = map.slice(first).map((row) => row[at] ?? 0);
    const mean = after.reduce((a, b) => a + b, 0) / after.length;
    if (!found || mean > found.mean) found = { head: h, mean, rows: after.length };
  });
  return found;
}

/** The sentence under a layer-1 copy map whose copy rows look at "|" (half their weight or more). */
export function separatorText(rows: string[], cols: string[], heads: number[][][]): string {
  const look = separatorLook(rows, cols, heads);
  if (!look || look.mean < 0.5) return "";
  return (
    `The ${look.rows} rows after “|” put ${look.mean.toFixed(2)} of their weight on “|” on ` +
    `average (${headName(look.head)}): the separator is the one token that says the copy has ` +
    "begun, so reading it marks every copy position alike, and layer 2 (the induction head) " +
    "finds what to copy. A row with nothing better to read parks its weight there too."
  );
}

/** The caption's words for the copy's rows, the same in both views. */
export const COPY_ROWS =
  "row = the symbol a position reads; it writes the next one (row “|” writes the first copied symbol)";
