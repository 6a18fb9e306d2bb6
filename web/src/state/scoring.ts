/** What the page calls each scoring function (ScoreKind), for the pipeline figure. */
import { ScoreKind } from "../wasm/enums";
import { SCORES } from "../wasm/registry";

export interface ScoringInfo {
  /** Title of the per-head box of the pipeline ("Scaled dot-product attention"). */
  title: string;
  /** The Scores stage's box ("MatMul" as in the paper's figure) and small text: what S is. */
  box: string;
  scores: string;
}

/** Each score kind's words, from the core's variant table (cpp/core/kernels/variants.cpp). */
export const SCORING = Object.fromEntries(
  SCORES.map((v) => [v.kind, { title: v.title, box: v.box, scores: v.symbol }]),
) as Record<ScoreKind, ScoringInfo>;

/** The scoring function of a trace; a core without the field scores by the scaled dot product. */
export function scoringOf(score: ScoreKind | undefined): ScoringInfo {
  return SCORING[score ?? ScoreKind.ScaledDot] ?? SCORING[ScoreKind.ScaledDot];
}
