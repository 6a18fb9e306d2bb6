/**
 * The alignment a translation should show: for each French query word of the translate task
 * (docs/tasks.md), the English key word it translates, read from the task's lexicon. Each head's
 * weight on those cells is measured, so the learned preset opens on the head that aligns best
 * and the views can outline the cells where the weight is expected.
 */
import type { TraceValue } from "../wasm/types";

/**
 * The translate task's lexicon, French form → English word (cpp/train/tasks/translate.cpp:
 * every gender of determiners and adjectives; a noun or a verb has one form).
 */
const FRENCH_TO_ENGLISH: Readonly<Record<string, string>> = {
  le: "the",
  la: "the",
  un: "a",
  une: "a",
  chat: "cat",
  chien: "dog",
  oiseau: "bird",
  garçon: "boy",
  livre: "book",
  bateau: "boat",
  soleil: "sun",
  voiture: "car",
  maison: "house",
  fleur: "flower",
  fille: "girl",
  table: "table",
  lune: "moon",
  ville: "city",
  petit: "small",
  petite: "small",
  grand: "big",
  grande: "big",
  noir: "black",
  noire: "black",
  vert: "green",
  verte: "green",
  bleu: "blue",
  bleue: "blue",
  rouge: "red",
  voit: "sees",
  aime: "likes",
  suit: "follows",
  mange: "eats",
  dort: "sleeps",
  court: "runs",
};

/** Query i's expected key (-1: none), or null when the trace is not a translation's. */
export type Alignment = readonly number[];

/**
 * The expected key of each French query word over English key words: the k-th French word that
 * translates an English word goes to that word's k-th occurrence (both noun phrases keep their
 * order in the task). Null unless every key is an English word of the lexicon and at least half
 * of the queries translate one of them.
 */
export function expectedKeys(
  queries: readonly string[],
  keys: readonly string[],
): Alignment | null {
  const english = new Set(Object.values(FRENCH_TO_ENGLISH));
  if (keys.length === 0 || !keys.every((k) => english.has(k))) return null;
  const used = new Map<string, number>();
  const found = queries.map((q) => {
    const word = Object.hasOwn(FRENCH_TO_ENGLISH, q) ? FRENCH_TO_ENGLISH[q]! : "";
    const nth = used.get(word) ?? 0;
    used.set(word, nth + 1);
    const at = keys.flatMap((k, j) => (k === word ? [j] : []));
    return at[nth] ?? -1;
  });
  const known = found.filter((k) => k >= 0).length;
  return known * 2 >= found.length && known > 0 ? found : null;
}

/** expectedKeys of a cross-attention trace's tokens (null for self-attention). */
export function expectedAlignment(t: TraceValue): Alignment | null {
  return t.selfAttention ? null : expectedKeys(t.queryTokens, t.keyTokens);
}

/** How many rows of `map` (rows, cols) put their largest weight on their expected key. */
export function rowsOnExpected(map: readonly (readonly number[])[], expected: Alignment) {
  let hits = 0;
  let rows = 0;
  expected.forEach((j, i) => {
    const row = map[i];
    if (j < 0 || !row) return;
    rows++;
    if (row[j] === Math.max(...row)) hits++;
  });
  return { hits, rows };
}

/**
 * The rows of a crossed pair: a French word whose expected key comes after the next word's (the
 * task's noun and colour adjective swap places: "chat noir" over "black cat").
 */
export function crossedRows(expected: Alignment): number[] {
  const rows = new Set<number>();
  expected.forEach((j, i) => {
    const next = expected[i + 1] ?? -1;
    if (j >= 0 && next >= 0 && next < j) rows.add(i).add(i + 1);
  });
  return [...rows];
}

/**
 * How a head aligns: of the rows with an expected key, how many put their largest weight on it
 * (the task's alignment measure, docs/tasks.md), of the crossed rows how many do, and the mean
 * weight on the expected keys.
 */
export interface HeadAlignment {
  peaks: number;
  rows: number;
  crossedPeaks: number;
  crossed: number;
  weight: number;
}

export function alignmentOf(t: TraceValue, head: number, expected: Alignment): HeadAlignment {
  const w = t.headTraces[head]!.weights;
  const crossed = new Set(crossedRows(expected));
  const out = { peaks: 0, rows: 0, crossedPeaks: 0, crossed: crossed.size, weight: 0 };
  expected.forEach((j, i) => {
    if (j < 0) return;
    const row = w.data.subarray(i * w.cols, (i + 1) * w.cols);
    const peak = row[j] === Math.max(...row);
    out.peaks += peak ? 1 : 0;
    out.crossedPeaks += peak && crossed.has(i) ? 1 : 0;
    out.weight += row[j]!;
    out.rows++;
  });
  out.weight /= Math.max(1, out.rows);
  return out;
}

/** Orders heads: the crossed rows right first, then all rows, then the weight on them. */
const better = (a: HeadAlignment, b: HeadAlignment): boolean =>
  a.crossedPeaks !== b.crossedPeaks
    ? a.crossedPeaks > b.crossedPeaks
    : a.peaks !== b.peaks
      ? a.peaks > b.peaks
      : a.weight > b.weight;

/** Each head's alignment and the best head: where a translation's trace opens. */
export function alignedHead(t: TraceValue): { head: number; scores: HeadAlignment[] } | null {
  const expected = expectedAlignment(t);
  if (!expected) return null;
  const scores = t.headTraces.map((_, h) => alignmentOf(t, h, expected));
  let head = 0;
  scores.forEach((s, h) => {
    if (better(s, scores[head]!)) head = h;
  });
  return { head, scores };
}

/** Whether stored cell (query i, key j) is where a translation's weight is expected. */
export function isExpected(expected: Alignment | null, i: number, j: number): boolean {
  return expected !== null && expected[i] === j;
}
