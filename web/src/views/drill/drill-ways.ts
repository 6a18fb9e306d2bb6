/**
 * Which matrices' cells open a drill-down, by registry id, and how: read by the drill-down's
 * hooks in the first load (drill.ts) and by the parts it loads on the first drill (drill-parts.ts).
 */
import { DrillKind, MatrixId } from "../../wasm/enums";
import type { ProjectionKind } from "../../wasm/loader";
import type { ProductKind } from "./drill-product";

/** How a cell is drilled: a row times a column (with the core's projection drill, or drillFinal
 * for Y), a score, a weight, or a head's output. */
export type DrillWay =
  | { kind: "product"; product: ProductKind; projection: ProjectionKind | null }
  | { kind: "score" | "weight" | "output" };

/** The matrices whose cells open a drill-down, by registry id, and how. */
export const DRILLS = new Map<MatrixId, DrillWay>([
  [MatrixId.Q, { kind: "product", product: "q", projection: DrillKind.Query }],
  [MatrixId.K, { kind: "product", product: "k", projection: DrillKind.Key }],
  [MatrixId.V, { kind: "product", product: "v", projection: DrillKind.Value }],
  [MatrixId.Output, { kind: "product", product: "y", projection: null }],
  [MatrixId.Scores, { kind: "score" }],
  [MatrixId.Scaled, { kind: "score" }],
  [MatrixId.Masked, { kind: "score" }],
  [MatrixId.Weights, { kind: "weight" }],
  [MatrixId.HeadOutput, { kind: "output" }],
]);
