/**
 * Under the small multiples: whether the weights are random (no pattern to find), and what each
 * head does with the figure behind it (state/head-labels.ts), computed from the weights.
 */
import { headName } from "../../state/stages";
import { headLabel, randomWeightsNote } from "../../state/head-labels";
import type { ScenarioFile, TraceValue } from "../../wasm/types";
import { el } from "../ui/dom";
import { alignedHead } from "../../state/alignment";

const fixed2 = (x: number) => x.toFixed(2);

/** The notes' elements: the random-weights line and the list of head labels. */
export function buildHeadNotes() {
  const random = el("p", "random-note");
  random.hidden = true;
  const labels = el("ul", "head-labels");
  labels.setAttribute("aria-label", "What each head does");
  return { random, labels };
}
export type HeadNotes = ReturnType<typeof buildHeadNotes>;

/** "Random weights (seed 42): …" when the scenario's weights come from its seed; else hidden. */
export function showRandomNote(notes: HeadNotes, scenario: ScenarioFile): void {
  const text = randomWeightsNote(scenario);
  notes.random.hidden = text === null;
  notes.random.textContent = text ?? "";
}

/**
 * One line a head: "Head 2: sharp: 0.81 of a row's weight on one key on average (…)"; for a
 * translation, first the weight it puts on the outlined words each French word translates, the
 * best head (the one a translation opens on) named so. A generator that yields after each head
 * (4 heads × 512 × 512 weights: one head a piece, views/ui/slices.ts), then shows them all.
 */
export function* headLabelSteps(notes: HeadNotes, trace: TraceValue): Generator<void> {
  const aligned = alignedHead(trace);
  const alignment = (h: number) => {
    if (!aligned) return "";
    const a = aligned.scores[h]!;
    const best = h === aligned.head ? " (the best: the head this opens on)" : "";
    const crossed = a.crossed > 0 ? `${a.crossedPeaks}/${a.crossed} crossed, ` : "";
    return `${crossed}${a.peaks}/${a.rows} rows peak on the translated word, mean weight ${fixed2(a.weight)} on it${best}; `;
  };
  const items: HTMLElement[] = [];
  for (let h = 0; h < trace.headTraces.length; h++) {
    yield;
    items.push(el("li", "", `${headName(h)}: ${alignment(h)}${headLabel(trace, h)}`));
  }
  if (aligned) {
    const note = el(
      "li",
      "alignment-note",
      "Dashed outlines: the English word each French word translates (the task's lexicon).",
    );
    items.unshift(note);
  }
  notes.labels.replaceChildren(...items);
}
