/**
 * The scenario files the page loaded, kept in the core's worker (core-worker.ts), so the page's
 * main thread never reads, parses nor holds a 50 MB layer. A file is read from its File once and
 * judged by the core (strict UTF-8 and JSON, every field), which says where its matrices are
 * (checkFile); it is kept under an id. The page gets its fields, a big file's matrices as markers
 * (matrix-ref.ts) cut in where their numbers were, so only the small rest is parsed here; the
 * numbers are parsed once, when first needed (a marker to put back, Save). What the page sends
 * back names them: `{"$file": id}` (with an edits field: the file's own text with the edits
 * appended, as scenario-text.ts writes it), or a scenario whose matrix fields hold markers.
 */
import { asSerialised, coreBytes } from "./core-bytes";
import { tooLargeMessage } from "./core-limits";
import { KEPT_FILES } from "./core-protocol";
import { isMatrixRef } from "./matrix-ref";
import { scenarioJson } from "./scenario-layout";
import { appendEdits } from "./scenario-text";
import type { FileOutline, ScenarioFile } from "./types";

/** A file that is not to be read or a mark that names no file kept: its message. */
export class StoredError extends Error {}

interface Stored {
  /** What the core reads: the file's bytes (after a BOM; re-serialised if it has a -0). */
  bytes: Uint8Array;
  /** Whether the file is `{}` (an edits field appended then needs no comma). */
  empty: boolean;
  /** The parsed file, every number in it; null until first needed (valuesOf). */
  parsed: Record<string, unknown> | null;
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

/** A file's bytes (UTF-8, no BOM) parsed. */
const parse = (bytes: Uint8Array) =>
  JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;

/** Every number of file `s`: its bytes parsed the first time (~0.2-0.5 s for a 51 MB layer). */
function valuesOf(s: Stored): Record<string, unknown> {
  s.parsed ??= parse(s.bytes);
  return s.parsed;
}

const isDigit = (c: number | undefined) => c !== undefined && c >= 0x30 && c <= 0x39;
/** A digit, '.', 'e' or 'E': what may not follow a -0 literal (NEGATIVE_ZERO's lookahead). */
const inNumber = (c: number | undefined) => isDigit(c) || c === 0x2e || c === 0x65 || c === 0x45;

/**
 * Whether UTF-8 `b` holds a -0 literal as core-bytes.ts's NEGATIVE_ZERO finds one in its text
 * (asSerialised), read from the bytes: no 51 MB string is decoded, and it takes half the time.
 * The same matches: the pattern's characters are ASCII, and no byte of a longer UTF-8 character is.
 */
export function negativeZero(b: Uint8Array): boolean {
  for (let i = b.indexOf(0x2d); i >= 0; i = b.indexOf(0x2d, i + 1)) {
    if (b[i + 1] !== 0x30) continue; // "-0"
    let j = i + 2;
    if (b[j] === 0x2e) while (b[++j] === 0x30); // ".000"
    if (b[j] === 0x65 || b[j] === 0x45) {
      let k = b[j + 1] === 0x2b || b[j + 1] === 0x2d ? j + 2 : j + 1; // "e+", "e-"
      const digits = k;
      while (isDigit(b[k])) k++;
      if (k > digits) j = k;
    }
    if (!inNumber(b[j])) return true;
  }
  return false;
}

/** `bytes` without a UTF-8 BOM (the core skips it; the page's TextDecoder dropped it). */
const withoutBom = (b: Uint8Array) =>
  b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? b.subarray(3) : b;

/**
 * The page's copy of file `read` when its matrices together take over MARKED_OVER characters of
 * JSON (as json-size.ts counts them; the core counts them in `o`): the file with each matrix's
 * bytes replaced by its marker, so that their numbers are not parsed. Null for a smaller file,
 * whose copy is the file as parsed.
 */
function pageView(id: number, read: Uint8Array, o: FileOutline): Record<string, unknown> | null {
  const m = o.matrices as number[]; // [field, begin, end, rows, cols, json] per matrix
  let size = 0;
  for (let i = 0; i < m.length; i += 6) size += m[i + 5]!;
  if (size <= MARKED_OVER) return null;
  const decoder = new TextDecoder();
  let text = "";
  let at = 0;
  for (let i = 0; i < m.length; i += 6) {
    const [begin, end, rows, cols] = m.slice(i + 1, i + 5);
    text += decoder.decode(read.subarray(at, begin)) + JSON.stringify({ ref: id, rows, cols });
    at = end!;
  }
  return JSON.parse(text + decoder.decode(read.subarray(at))) as Record<string, unknown>;
}

/**
 * Reads `blob` as a scenario file, refused with the core's own message (a ScenarioError's
 * {field, message} thrown by `check`) or a size over the limit; kept as `id`. Returns the
 * page's copy.
 */
export async function storeFile(
  blob: Blob,
  id: number,
  check: (bytes: Uint8Array) => FileOutline,
): Promise<ScenarioFile> {
  const tooLarge = tooLargeMessage(blob.size);
  if (tooLarge) throw new StoredError(tooLarge);
  const read = new Uint8Array(await blob.arrayBuffer());
  const outline = check(read);
  const marked = pageView(id, read, outline);
  let bytes = withoutBom(read);
  let parsed = marked ? null : parse(bytes);
  // A -0 literal: the core reads the file as JSON.stringify writes it, as the page used to send.
  if (negativeZero(bytes)) {
    parsed ??= parse(bytes);
    bytes = coreBytes(JSON.stringify(parsed));
  }
  const page = marked ?? parsed!;
  stored.set(id, { bytes, empty: Object.keys(page).length === 0, parsed });
  for (const old of stored.keys()) if (stored.size > KEPT_FILES) stored.delete(old);
  return page as unknown as ScenarioFile;
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
    value[k] = valuesOf(file(v.ref))[k];
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
  const add = new TextEncoder().encode(appendEdits("{}", own.empty, edits).slice(1));
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
