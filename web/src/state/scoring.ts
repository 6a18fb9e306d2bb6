/** What the page calls each scoring function (ScoreKind), for the pipeline figure. */
import { ScoreKind } from "../wasm/enums";

export interface ScoringInfo {
  /** Title of the per-head box of the pipeline ("Scaled dot-product attention"). */
  title: string;
  /** The Scores stage's box ("MatMul" as in the paper's figure) and small text: what S is. */
  box: string;
  scores: string;
}

export const SCORING: Record<ScoreKind, ScoringInfo> = {
  [ScoreKind.Dot]: { title: "Dot-product attention (Luong)", box: "MatMul", scores: "S = Q Kᵀ" },
  [ScoreKind.ScaledDot]: {
    title: "Scaled dot-product attention",
    box: "MatMul",
    scores: "S = Q Kᵀ",
  },
  [ScoreKind.General]: {
    title: "General (bilinear) attention (Luong)",
    box: "MatMul ×2",
    scores: "S = Q W_a Kᵀ",
  },
  [ScoreKind.Additive]: {
    title: "Additive attention (Bahdanau)",
    box: "Add, tanh",
    scores: "tanh(q W₁ + k W₂) v_aᵀ",
  },
};

/** The scoring function of a trace; a core without the field scores by the scaled dot product. */
export function scoringOf(score: ScoreKind | undefined): ScoringInfo {
  return SCORING[score ?? ScoreKind.ScaledDot] ?? SCORING[ScoreKind.ScaledDot];
}
