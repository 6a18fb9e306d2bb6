/**
 * The Learn view's words: what each task is, what its held-out figures mean (docs/tasks.md), how
 * figures are written, and the determiner lesson: a French determiner's row may look at its noun
 * (whose gender picks le or la) rather than at its own English determiner.
 */
import type { TaskName, TrainMetrics, TranslationValue } from "../../wasm/train-client";

/** 0.953 → "95.3 %". */
export const percent = (x: number): string =>
  Number.isFinite(x) ? `${(x * 100).toFixed(1)} %` : "–";

/** The head the app names: 0-based, or -1 for the mean of the heads' weights (cpp/train). */
export const MEAN_OF_HEADS = -1;

/** "head 3", or "the mean of the heads". */
export const headLabel = (head: number): string =>
  head === MEAN_OF_HEADS ? "the mean of the heads" : `head ${head + 1}`;

/** The mean of the heads' maps, (rows, cols). */
export function meanOfHeads(heads: number[][][]): number[][] {
  const first = heads[0] ?? [];
  return first.map((row, r) =>
    row.map((_, c) => heads.reduce((sum, h) => sum + (h[r]?.[c] ?? 0), 0) / heads.length),
  );
}

/** A loss or score with 3 decimals ("–" before there is one). */
export const figure = (x: number): string => (Number.isFinite(x) ? x.toFixed(3) : "–");

export const TASKS: readonly { task: TaskName; label: string; about: string }[] = [
  {
    task: "translate",
    label: "Translate English → French",
    about:
      "An encoder-decoder learns toy English → French. French puts colour adjectives after the " +
      "noun (“black cat” → “chat noir”), so a good cross-attention map is a diagonal with crossings.",
  },
  {
    task: "copy",
    label: "Copy a sequence",
    about:
      "A two-layer, attention-only decoder copies symbols after a separator (“c a f | c a f”). " +
      "Layer 1 learns to look at the previous token; layer 2 then finds an induction head: each " +
      "copied symbol looks at the successor of its earlier occurrence.",
  },
];

export const taskInfo = (task: TaskName) => TASKS.find((t) => t.task === task) ?? TASKS[0]!;

/** The pattern score's name in each task. */
export const scoreName = (task: TaskName): string =>
  task === "copy" ? "induction score" : "alignment";

/** What the typed text must be, per task. */
export const SENTENCE_HELP: Record<TaskName, string> = {
  translate:
    "English words of the lexicon: the/a, small/big, black/green/blue/red, a noun (cat, dog, car, " +
    "house, …) and a verb (sees, likes, follows, eats, or sleeps, runs).",
  copy: "4 to 8 different symbols from a to z, separated by spaces.",
};

export const DEFAULT_TEXT: Record<TaskName, string> = {
  // Not the probe sentence of the recording above: another one, with a crossing and "une".
  translate: "the big dog likes a green car",
  copy: "b e a d f c",
};

/** One held-out figure: its name, value and meaning. */
export interface MetricLine {
  name: string;
  value: string;
  meaning: string;
}

export function metricLines(task: TaskName, m: TrainMetrics): MetricLine[] {
  const head = headLabel(m.head);
  if (task === "copy") {
    return [
      {
        name: `Induction (layer 2, ${head})`,
        value: percent(m.alignment),
        meaning:
          "Repeated symbols whose row peaks on the successor of the symbol's earlier " +
          "occurrence (criterion ≥ 90 %).",
      },
      {
        name: `Previous token (layer 1, head ${m.previous_token_head + 1})`,
        value: percent(m.previous_token),
        meaning: "Rows of layer 1 that peak on the position just before them.",
      },
      {
        name: "Sequence accuracy",
        value: percent(m.sequence_accuracy),
        meaning: "Held-out sequences copied exactly right, symbol by symbol (greedy).",
      },
      tokenLine(m),
    ];
  }
  return [
    {
      name: "Sequence accuracy",
      value: percent(m.sequence_accuracy),
      meaning: "Held-out sentences translated exactly right by greedy decoding (criterion ≥ 95 %).",
    },
    {
      name: `Alignment (${head})`,
      value: percent(m.alignment),
      meaning:
        "Nouns, adjectives and verbs whose output row peaks (argmax) on the English word they " +
        "translate (criterion ≥ 90 %).",
    },
    {
      name: "Crossed pairs",
      value: percent(m.alignment_crossed),
      meaning:
        "The same, counted only on adjective–noun pairs whose order flips (“black cat” → " +
        "“chat noir”) (criterion ≥ 90 %).",
    },
    {
      name: "Determiners",
      value: `${percent(m.determiner_own)} own · ${percent(m.determiner_noun)} noun`,
      meaning:
        "Determiner rows peaking on their own English determiner, and on their phrase's noun. " +
        "Reported apart: either can be right.",
    },
    tokenLine(m),
  ];
}

function tokenLine(m: TrainMetrics): MetricLine {
  return {
    name: "Token accuracy",
    value: percent(m.token_accuracy),
    meaning: "Output words predicted right when the correct words before them are given.",
  };
}

/** The held-out lesson of the determiners, when they often look at the noun; else "". */
export function determinerLesson(m: TrainMetrics): string {
  if (!(m.determiner_noun >= 0.2)) return "";
  return (
    `${percent(m.determiner_noun)} of the determiner rows look most at their noun, not at ` +
    `their own “the” or “a”: to write le or la, un or une, the decoder needs the noun's gender, ` +
    `so it reads the noun. Attention shows what the model needs, not only which word it translates.`
  );
}

const FRENCH_DETERMINERS = new Set(["le", "la", "un", "une"]);
const ENGLISH_DETERMINERS = new Set(["the", "a"]);

/**
 * The noun of each noun phrase of a sentence of the task (docs/tasks.md: DET [adjectives] NOUN,
 * then VERB, then maybe a second phrase): the word before the verb, and the last word.
 */
function nounsOf(source: string[], dets: number[]): number[] {
  const verb = (dets[1] ?? source.length) - 1;
  return dets.length === 2 ? [verb - 1, source.length - 1] : [verb - 1];
}

export interface DeterminerRows {
  /** One sentence per French determiner whose row (in the named map) peaks elsewhere. */
  lines: string[];
  /** Whether one of them peaks on its noun: the gender lesson. */
  onNoun: boolean;
}

/**
 * For a translated sentence of the task: each French determiner whose row, in the named map,
 * peaks on another word than its own English determiner (the k-th French determiner translates
 * the k-th English one), said in words, and whether it is the phrase's noun.
 */
export function determinerRows(t: TranslationValue): DeterminerRows {
  const out: DeterminerRows = { lines: [], onNoun: false };
  const map = t.head === MEAN_OF_HEADS ? meanOfHeads(t.attention) : t.attention[t.head];
  if (!map || t.reference.length === 0) return out;
  const dets = t.source.flatMap((w, i) => (ENGLISH_DETERMINERS.has(w) ? [i] : []));
  const nouns = nounsOf(t.source, dets);
  const word = (i: number, row: number[]) => `“${t.key_tokens[i]}” (${row[i]!.toFixed(2)})`;
  let k = 0;
  t.target.forEach((french, j) => {
    if (!FRENCH_DETERMINERS.has(french)) return;
    const own = dets[k];
    const noun = nouns[k++];
    const row = map[j] ?? [];
    const peak = row.indexOf(Math.max(...row));
    if (own === undefined || noun === undefined || peak < 0 || peak === own) return;
    const onNoun = peak === noun;
    out.onNoun ||= onNoun;
    out.lines.push(
      `“${french}” (row ${j + 1}) looks most at ${onNoun ? "its noun " : ""}${word(peak, row)}, ` +
        `not at its own ${word(own, row)}${onNoun ? "" : ` nor at its noun ${word(noun, row)}`}.`,
    );
  });
  return out;
}
