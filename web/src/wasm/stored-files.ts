/**
 * The scenario files the page loaded, kept in the core's worker (core-worker.ts), so the page's
 * main thread never reads, parses nor holds a 50 MB layer. A file is read from its File once,
 * judged by the core (strict UTF-8 and JSON, every field), parsed here, and kept under an id; the
 * page gets its fields, a big file's matrices as markers (matrix-ref.ts). What the page sends
 * back names them: `{"$file": id}` (with an edits field: the file's own text with the edits
 * appended, as scenario-text.ts writes it), or a scenario whose matrix fields hold markers.
 */
import { asSerialised, coreBytes } from "./core-bytes";
import { tooLargeMessage } from "./core-limits";
import { KEPT_FILES } from "./core-protocol";
import { minJsonLength } from "./json-size";
import { isMatrixRef } from "./matrix-ref";
import { scenarioJson } from "./scenario-layout";
import { appendEdits } from "./scenario-text";
import type { ScenarioFile } from "./types";

/** A file that is not to be read or a mark that names no file kept: its message. */
export class StoredError extends Error {}

interface Stored {
  /** What the core reads: the file's bytes (after a BOM; re-serialised if it has a -0). */
  bytes: Uint8Array;
  /** The parsed file, every number in it. */
  values: Record<string, unknown>;
}

/**
 * Files kept by the page's id, oldest first; the page's undo may go back to the one loaded
 * before, and the page hands a restarted worker the same files again (loader.ts).
 */
const stored = new Map<number, Stored>();

/**
 * Matrices whose JSON takes more than this are left here as markers: no link could carry them
 * (a link inflates to at most 4 MiB of JSON, state/url-compress.ts); what one can is ≤ ~10 MB of
 * text, parsed on the page in a few tens of milliseconds.
 */
const MARKED_OVER = 4 * 1024 * 1024;

/** The file stored as `id`, or a StoredError naming it as gone. */
function file(id: number): Stored {
  const s = stored.get(id);
  if (!s) throw new StoredError("the loaded file is no longer held by the core; load it again");
  return s;
}

/** `bytes` without a UTF-8 BOM (the core skips it; the page's TextDecoder dropped it). */
const withoutBom = (b: Uint8Array) =>
  b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? b.subarray(3) : b;

/**
 * Whether field `key` holds a matrix or a bias: of a file's arrays, the tokens are strings, the
 * edits objects, and padded_keys the only other numbers (docs/scenario.md).
 */
const isMatrixField = (key: string, v: unknown) =>
  Array.isArray(v) && key !== "padded_keys" && (Array.isArray(v[0]) || typeof v[0] === "number");

/** The page's copy of `values`: each matrix field a marker when together they are big. */
function pageView(id: number, values: Record<string, unknown>) {
  const matrices = Object.keys(values).filter((f) => isMatrixField(f, values[f]));
  const size = matrices.reduce((sum, f) => sum + minJsonLength(values[f]), 0);
  if (size <= MARKED_OVER) return values;
  const view = { ...values };
  for (const f of matrices) {
    const m = values[f] as unknown[];
    const cols = Array.isArray(m[0]) ? (m[0] as unknown[]).length : m.length;
    view[f] = { ref: id, rows: Array.isArray(m[0]) ? m.length : 1, cols };
  }
  return view;
}

/**
 * Reads `blob` as a scenario file, refused with the core's own message (a ScenarioError's
 * {field, message} returned by `check`) or a size over the limit; kept as `id`. Returns the
 * page's copy.
 */
export async function storeFile(
  blob: Blob,
  id: number,
  check: (bytes: Uint8Array) => void,
): Promise<ScenarioFile> {
  const tooLarge = tooLargeMessage(blob.size);
  if (tooLarge) throw new StoredError(tooLarge);
  const read = new Uint8Array(await blob.arrayBuffer());
  check(read);
  const text = new TextDecoder().decode(read);
  const values = JSON.parse(text) as Record<string, unknown>;
  const own = withoutBom(read);
  const bytes = asSerialised(text) === text ? own : coreBytes(JSON.stringify(values));
  stored.set(id, { bytes, values });
  for (const old of stored.keys()) if (stored.size > KEPT_FILES) stored.delete(old);
  return pageView(id, values) as unknown as ScenarioFile;
}

/** `text` with every marker replaced by its numbers; null when it names no stored file. */
export function expanded(text: string): Record<string, unknown> | null {
  if (!text.includes('"ref"') && !text.includes('"$file"')) return null;
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null; // not JSON: the core names what is wrong
  }
  if (typeof value !== "object" || value === null) return null;
  let named = false;
  for (const [k, v] of Object.entries(value)) {
    if (!isMatrixRef(v)) continue;
    value[k] = file(v.ref).values[k];
    named = true;
  }
  return named || "$file" in value ? value : null;
}

/** The last text resolved and its bytes: the drills and sweeps of one scenario send one text. */
let last: { text: string; bytes: Uint8Array } | null = null;

/** The bytes the core reads for a scenario text from the page (see the top of this file). */
export function coreText(text: string): Uint8Array {
  if (last?.text === text) return last.bytes;
  const value = expanded(text);
  let bytes: Uint8Array;
  if (value === null) bytes = coreBytes(asSerialised(text));
  else if ("$file" in value) {
    const own = file(Number(value.$file));
    const edits = value.edits as unknown[] | undefined;
    bytes = edits ? withEdits(own, edits) : own.bytes;
  } else bytes = coreBytes(JSON.stringify(value));
  last = { text, bytes };
  return bytes;
}

/**
 * The bytes of a stored file with an edits field appended, as appendEdits writes it after its
 * text: the closing brace (JSON whitespace only after it, the core checked) replaced.
 */
function withEdits(own: Stored, edits: readonly unknown[]): Uint8Array {
  const empty = Object.keys(own.values).length === 0;
  const add = new TextEncoder().encode(appendEdits("{}", empty, edits).slice(1));
  let end = own.bytes.length;
  while (end > 0 && own.bytes[end - 1] !== 0x7d) end--;
  const out = new Uint8Array(end - 1 + add.length);
  out.set(own.bytes.subarray(0, end - 1));
  out.set(add, end - 1);
  return out;
}

/** A scenario text from the page with its markers' numbers put back. */
export function fullScenario(text: string): Record<string, unknown> {
  return expanded(text) ?? (JSON.parse(text) as Record<string, unknown>);
}

/** The file Save writes for a scenario text from the page, markers filled in. */
export function savedFile(text: string): Blob {
  return new Blob([scenarioJson(fullScenario(text))], { type: "application/json;charset=utf-8" });
}
