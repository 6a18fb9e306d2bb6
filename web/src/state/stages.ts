/** What the front end says about each Stage: names for the pipeline, headings and pickers. */
import { Stage } from "../wasm/enums";

export interface StageInfo {
  /** Box text in the pipeline figure, as in the paper ("MatMul", "SoftMax", ...). */
  box: string;
  /** Small text under the box: what it computes. */
  detail: string;
  /** Heading of the step view. */
  title: string;
}

/** Indexed by the Stage value. */
export const STAGE_INFO: Record<Stage, StageInfo> = {
  [Stage.ProjectQ]: { box: "Linear", detail: "→ Q", title: "Linear: project the queries" },
  [Stage.ProjectK]: { box: "Linear", detail: "→ K", title: "Linear: project the keys" },
  [Stage.ProjectV]: { box: "Linear", detail: "→ V", title: "Linear: project the values" },
  [Stage.Scores]: { box: "MatMul", detail: "S = Q Kᵀ", title: "MatMul: scores Q Kᵀ" },
  [Stage.Scale]: { box: "Scale", detail: "S / √d_k", title: "Scale by 1/√d_k" },
  [Stage.Mask]: { box: "Mask (opt.)", detail: "masked → −∞", title: "Mask" },
  [Stage.Softmax]: { box: "SoftMax", detail: "per row", title: "SoftMax over each row" },
  [Stage.WeightedSum]: { box: "MatMul", detail: "O = A V", title: "MatMul: weighted sum A V" },
  [Stage.Concat]: { box: "Concat", detail: "heads side by side", title: "Concat the heads" },
  [Stage.OutputProjection]: {
    box: "Linear",
    detail: "Concat · W_O",
    title: "Linear: output projection",
  },
  [Stage.RopeK]: { box: "RoPE", detail: "K → K̄", title: "RoPE: rotate the keys" },
  [Stage.RopeQ]: { box: "RoPE", detail: "Q → Q̄", title: "RoPE: rotate the queries" },
  [Stage.Alibi]: { box: "ALiBi", detail: "S̃ + B", title: "ALiBi: add the distance bias" },
};

/** Every stage in the order of the walk (the appended RoPE and ALiBi stages in their place). */
export const WALK: readonly Stage[] = [
  Stage.ProjectQ,
  Stage.ProjectK,
  Stage.ProjectV,
  Stage.RopeK,
  Stage.RopeQ,
  Stage.Scores,
  Stage.Scale,
  Stage.Alibi,
  Stage.Mask,
  Stage.Softmax,
  Stage.WeightedSum,
  Stage.Concat,
  Stage.OutputProjection,
];

/** A stage's place in the walk (the core's stage_order): what "nearest stage" measures. */
export function stageOrder(stage: Stage): number {
  return WALK.indexOf(stage);
}

/** Concat and the output projection: one step for all heads. */
export function isAllHeadsStage(stage: Stage): boolean {
  return stage === Stage.Concat || stage === Stage.OutputProjection;
}

/** Stages repeated for every head (drawn inside the "× h" box of the figure). */
export const PER_HEAD_STAGES: readonly Stage[] = WALK.slice(
  stageOrder(Stage.RopeK),
  stageOrder(Stage.Concat),
);

/** Stages whose steps are one per query in per-query granularity. */
export function isPerQueryStage(stage: Stage): boolean {
  return stageOrder(stage) >= stageOrder(Stage.RopeQ) && !isAllHeadsStage(stage);
}

/** Stages that multiply two matrices (an operator "·" between the operands). */
export function isMatMulStage(stage: Stage): boolean {
  return (
    stage === Stage.ProjectQ ||
    stage === Stage.ProjectK ||
    stage === Stage.ProjectV ||
    stage === Stage.Scores ||
    stage === Stage.WeightedSum ||
    stage === Stage.OutputProjection
  );
}

/** How a head is named on screen; the same numbering as the core's labels (Q_1 is head 1). */
export function headName(head: number): string {
  return `Head ${head + 1}`;
}
