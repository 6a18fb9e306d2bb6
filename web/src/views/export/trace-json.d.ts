/** Types of trace-json.js: the documented trace JSON (docs/scenario.md, "The trace"). */
import type { MatrixValue, RunResult } from "../../wasm/types";

/** A matrix as arrays of rows; -Infinity (masked) written as null. */
export type JsonRows = (number | null)[][];

export function rowsOf(m: MatrixValue): JsonRows;

/** The documented trace of one run (snake_case fields); with `withSteps`, the steps as well. */
export function traceToJson(result: RunResult, withSteps?: boolean): Record<string, unknown>;
