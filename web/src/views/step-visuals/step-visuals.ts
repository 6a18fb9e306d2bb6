/**
 * What the step view shows between its formulas and its matrices, as one panel: the current
 * query's weights as bars (SoftMax), the reweighted values (weighted sum; a long sentence's
 * folded, folded.ts), and the split/concat figure (projections, Concat). Kept and updated in
 * place from step to step (a split/concat figure is built once per trace, stage and head).
 */
import { Stage } from "../../wasm/enums";
import type { StepValue, TraceValue } from "../../wasm/types";
import { createReweighted, reweightedScrolls } from "../matrix/reweighted";
import { createBarChart } from "../ui/bar-chart";
import { el, quoted } from "../ui/dom";
import type { Panel } from "../ui/panel";
import { renderSplitConcat } from "./split-concat";
import { createFolded } from "./folded";
import { createParking } from "./parking";

export interface StepVisuals extends Panel {
  /** The box the visual is drawn in (holding earlier ones parked, parking.ts). */
  readonly box: HTMLElement;
  /** Whether the step shows a visual. */
  shown(): boolean;
}

/** A box `fill` fills once its module has loaded: the RoPE dials and the GQA note are shown only
 * for scenarios that use them, so their code stays out of the first load. */
function filledLater(fill: () => Promise<HTMLElement | null>): HTMLElement {
  const box = el("div", "filled-later");
  void fill().then((e) => box.replaceChildren(...(e ? [e] : [])));
  return box;
}

/** With grouped-query attention, the K and V projections' split figure followed by who shares
 * the K/V head and what the cache saves. */
function withGqa(
  trace: TraceValue,
  step: StepValue,
  split: HTMLElement | null,
): HTMLElement | null {
  const kv = step.stage === Stage.ProjectK || step.stage === Stage.ProjectV;
  if (!kv || step.head < 0 || trace.kvHeads === trace.numHeads) return split;
  const box = el("div", "kv-visuals");
  box.append(
    ...(split ? [split] : []),
    filledLater(async () => {
      const { renderGqaNote } = await import("./gqa-note");
      return renderGqaNote(trace, step.head);
    }),
  );
  return box;
}

/**
 * The visuals panel; `place` puts its box where it goes on the page (the step view's
 * `afterFormulas`), once.
 */
export function createStepVisuals(place: (box: HTMLElement) => void): StepVisuals {
  const box = el("div", "step-visuals");
  place(box);
  const bars = createBarChart("weights-bars");
  const reweighted = createReweighted();
  const folded = createFolded(reweighted.element);
  let splits = new Map<string, HTMLElement | null>();
  let shown: { trace: TraceValue; step: StepValue; query: number } | null = null;
  const park = createParking(box, [bars.element, folded.element]);

  /** The visual for the step's kind, updated for it, or null. */
  function visualFor(trace: TraceValue, step: StepValue, query: number): HTMLElement | null {
    const head = step.head;
    if (step.stage === Stage.Softmax && head >= 0) {
      const w = trace.headTraces[head]!.weights;
      const n = w.cols;
      bars.show({
        caption: `Weights of query ${quoted(trace.queryLabels[query])} in head ${head + 1} (row ${query + 1} of A): one bar per key, a full bar is 1`,
        labels: trace.keyLabels,
        values: w.data.subarray(query * n, (query + 1) * n),
        masked: (j) => trace.hasMask && trace.mask.data[query * trace.mask.cols + j] === 0,
      });
      return bars.element;
    }
    if (step.stage === Stage.WeightedSum && head >= 0) {
      const keys = trace.headTraces[head]!.v.rows;
      folded.show(
        reweightedScrolls(keys),
        `Reweighted values: one line per key (${keys} keys)`,
        () => reweighted.show(trace, head, query),
      );
      return folded.element;
    }
    if (step.stage === Stage.RopeQ && head >= 0 && trace.rope) {
      return filledLater(async () => {
        const { renderRopeDials } = await import("./rope-dials");
        return renderRopeDials(trace, head, query);
      });
    }
    const key = `${step.stage}:${head}`;
    if (!splits.has(key)) splits.set(key, withGqa(trace, step, renderSplitConcat(trace, step)));
    return splits.get(key)!;
  }

  return {
    box,
    shown: () => park.shown(),
    // On whole-matrix steps the bars and rows follow the focused query.
    render({ state, step }) {
      const trace = state.result.trace;
      const q = step.query >= 0 ? step.query : state.focus.query;
      if (shown && shown.trace === trace && shown.step === step && shown.query === q) return;
      if (shown?.trace !== trace) splits = new Map();
      shown = { trace, step, query: q };
      const visual = visualFor(trace, step, q);
      park.show(visual);
    },
  };
}
