/**
 * A big matrix of a loaded scenario file, left in the core's worker: the page holds this marker
 * in its place (wasm/stored-files.ts makes them). The worker puts the numbers back wherever the
 * scenario goes to the core or to a saved file, so the page never parses nor holds them.
 */

/** Matrix `field` of the file the worker stores as `ref`: (rows, cols), a bias (1, cols). */
export interface MatrixRef {
  ref: number;
  rows: number;
  cols: number;
}

/** Whether a scenario file's matrix field holds a marker (a matrix is an array, never an object). */
export function isMatrixRef(v: unknown): v is MatrixRef {
  return typeof v === "object" && v !== null && !Array.isArray(v) && "ref" in v;
}
