/**
 * Scenario files (docs/scenario.md): read in the core's worker (wasm/stored-files.ts, through
 * Attention.loadFile), which judges the file itself (strict UTF-8 and JSON, every field checked)
 * so its message names the field or the line, and keeps a big file's matrices there; Save's text
 * is laid out there too (Attention.savedFile, wasm/scenario-layout.ts), one way for every
 * scenario. The Save / Load buttons are views/scenario/file-controls.ts.
 */
import { scenarioJson } from "../wasm/scenario-layout";

/** A scenario as the text of a file, laid out like the examples. */
export { scenarioJson };

/** Name of the downloaded file. */
export const SAVE_NAME = "scenario.json";
