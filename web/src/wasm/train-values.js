// What the training module returns, as the plain values of train-client.ts: matrices as rows of
// numbers (they cross to the page by postMessage). Plain JavaScript (types in train-values.d.ts)
// so that the worker, the command line and the node tests share it.

/** The module's AttentionSite values by the client's names (checked by tests/wasm/train.test.mjs). */
export const ATTENTION_SITES = Object.freeze({ cross: 0, "encoder-self": 1, "decoder-self": 2 });

/** A {rows, cols, data} matrix as rows of plain numbers. */
export function rowsOf(m) {
  const rows = [];
  for (let r = 0; r < m.rows; r++)
    rows.push(Array.from(m.data.subarray(r * m.cols, (r + 1) * m.cols)));
  return rows;
}

export function snapshotValue(raw) {
  return { ...raw, attention: raw.attention.map((heads) => heads.map(rowsOf)) };
}

export function translationValue(raw) {
  return { ...raw, attention: raw.attention.map(rowsOf) };
}

/** Metrics read from JSON: null (NaN written out) back to NaN. */
export function metricsFromJson(json) {
  return Object.fromEntries(Object.entries(json).map(([k, v]) => [k, v === null ? NaN : v]));
}

/** The checks of a run file's fields that the Learn view relies on; a message, or "". */
export function runFileProblem(run, task) {
  if (typeof run !== "object" || run === null || run.format !== "attention-stepper-run") {
    return 'the run file\'s format must be "attention-stepper-run"';
  }
  if (run.task !== task) return `the run file is of task "${run.task}", not "${task}"`;
  const lists = ["watched", "losses", "snapshots"].filter((k) => !Array.isArray(run[k]));
  if (lists.length > 0) return `the run file has no list of ${lists.join(", ")}`;
  const objects = ["config", "metrics"].filter((k) => typeof run[k] !== "object" || !run[k]);
  if (objects.length > 0) return `the run file has no ${objects.join(", ")}`;
  return "";
}
