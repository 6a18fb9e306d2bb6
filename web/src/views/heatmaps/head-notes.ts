/**
 * Under the small multiples: whether the weights are random (no pattern to find), and what each
 * head does with the figure behind it (state/head-labels.ts), computed from the weights.
 */
import { headName } from "../../state/stages";
import { headLabel, randomWeightsNote } from "../../state/head-labels";
import type { ScenarioFile, TraceValue } from "../../wasm/types";
import { el } from "../ui/dom";

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

/** One line a head: "Head 2: sharp: 0.81 of a row's weight on one key on average (…)". */
export function showHeadLabels(notes: HeadNotes, trace: TraceValue): void {
  notes.labels.replaceChildren(
    ...trace.headTraces.map((_, h) => el("li", "", `${headName(h)}: ${headLabel(trace, h)}`)),
  );
}
