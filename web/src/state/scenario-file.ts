/**
 * Scenario files (docs/scenario.md): written laid out like the examples, read in the core's
 * worker (wasm/stored-files.ts), which judges the file itself (strict UTF-8 and JSON, every field
 * checked) so its message names the field or the line, and keeps a big file's matrices there;
 * Save's text is laid out there too (wasm/scenario-layout.ts), one way for every scenario.
 * The Save / Load buttons are views/scenario/file-controls.ts.
 */
import { ScenarioError, type Attention } from "../wasm/loader";
import { scenarioJson } from "../wasm/scenario-layout";
import type { ScenarioFile } from "../wasm/types";

// Save's layout, done in the worker (Attention.savedFile), which may hold the matrices.
export { scenarioJson };

/** Name of the downloaded file. */
export const SAVE_NAME = "scenario.json";

/**
 * The scenario in `file` once the core has accepted it, its big matrices as markers of the
 * worker's copy; otherwise the core's ScenarioError (field "" with the line and column for a
 * JSON syntax error, the byte where it is not UTF-8).
 */
export async function readScenarioFile(
  attention: Attention,
  file: Blob,
): Promise<ScenarioFile | ScenarioError> {
  try {
    return await attention.loadFile(file);
  } catch (e) {
    if (e instanceof ScenarioError) return e;
    throw e;
  }
}
