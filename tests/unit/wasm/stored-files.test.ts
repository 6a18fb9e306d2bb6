// The scenario files the core's worker keeps (web/src/wasm/stored-files.ts): the bytes the core
// reads for a loaded file, with or without edits, are the bytes the page used to send (its text,
// re-serialised when it holds a -0), so every trace stays bit-identical; a big file's matrices
// reach the page as markers only, and Save's text is the one the page used to write.
import { describe, expect, it, vi } from "vitest";
import { asSerialised, coreBytes, NEGATIVE_ZERO } from "../../../web/src/wasm/core-bytes";
import { isMatrixRef } from "../../../web/src/wasm/matrix-ref";
import { scenarioJson } from "../../../web/src/wasm/scenario-layout";
import { appendEdits } from "../../../web/src/wasm/scenario-text";
import { minJsonLength } from "../../../web/src/wasm/json-size";
import {
  coreText,
  fullScenario,
  negativeZero,
  storeFile,
} from "../../../web/src/wasm/stored-files";
import type { FileOutline } from "../../../web/src/wasm/types";

const FIELDS = ["x_q", "w_q", "b_q"];

/**
 * The outline the core's checkFile gives of an accepted file (cpp/bindings/file_outline.h), for
 * these tests without the wasm (tests/wasm/check-file.test.mjs holds the core's own to the same
 * rule): each matrix field's value bytes, shape and JSON length, by a scan of the top level.
 */
const parseJson = JSON.parse; // not counted where a test counts the worker's parses
const space = (c?: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
function accept(bytes: Uint8Array): FileOutline {
  const parsed = parseJson(new TextDecoder().decode(bytes)) as Record<string, unknown>;
  const matrices: (string | number)[] = [];
  let depth = 0;
  let quoted = false;
  let begin = -1;
  let member = 0;
  const names = Object.keys(parsed);
  const close = (end: number) => {
    const name = names[member++]!;
    const v = parsed[name] as unknown[];
    if (!Array.isArray(v) || name === "padded_keys" || typeof v[0] === "string") return;
    if (typeof v[0] === "object" && !Array.isArray(v[0])) return; // edits
    const rows = Array.isArray(v[0]) ? v.length : 1;
    const cols = Array.isArray(v[0]) ? (v[0] as unknown[]).length : v.length;
    while (space(bytes[end - 1])) end--;
    matrices.push(name, begin, end, rows, cols, minJsonLength(v));
  };
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i];
    if (quoted) {
      if (c === 0x5c) i++;
      else if (c === 0x22) quoted = false;
    } else if (c === 0x22) quoted = true;
    else if (c === 0x5b || c === 0x7b) depth++;
    else if (depth === 1 && c === 0x3a) for (begin = i + 1; space(bytes[begin]);) begin++;
    else if (depth === 1 && c === 0x2c) close(i);
    if (!quoted && (c === 0x5d || c === 0x7d) && --depth === 0 && begin >= 0) close(i);
  }
  return { matrices };
}
let next = 1;
/** Stores `text` as a new file: its id and the page's copy. */
async function store(text: string | Uint8Array<ArrayBuffer>, check = accept) {
  const file = next++;
  return { file, scenario: await storeFile(new Blob([text]), file, check) };
}
/** What the page sent the core before: the loaded text (edits appended), -0 re-serialised. */
const before = (text: string, edits?: unknown[]) =>
  coreBytes(asSerialised(edits ? appendEdits(text, false, edits) : text));
const edits = [{ matrix: "x_q", row: 0, col: 1, value: 3 }];
const SMALL = `{
  "query_tokens": ["le", "chat"],
  "d_model": 2, "heads": 1,
  "x_q": [[1, 0.1], [0.5, 2]]
}
`;

describe("a loaded file's bytes for the core", () => {
  it("are the file's own, and its text with the edits appended", async () => {
    const { file, scenario } = await store(SMALL);
    expect(scenario.x_q).toEqual([
      [1, 0.1],
      [0.5, 2],
    ]);
    expect(coreText(`{"$file":${file}}`)).toEqual(before(SMALL));
    expect(coreText(`{"$file":${file},"edits":${JSON.stringify(edits)}}`)).toEqual(
      before(SMALL, edits),
    );
  });

  it("are re-serialised for a -0, and read after a BOM, as the page did", async () => {
    const negative = SMALL.replace("0.1", "-0");
    const a = await store(negative);
    expect(coreText(`{"$file":${a.file}}`)).toEqual(before(negative));
    expect(coreText(`{"$file":${a.file},"edits":${JSON.stringify(edits)}}`)).toEqual(
      before(negative, edits),
    );
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(SMALL)]);
    const b = await store(bom);
    expect(coreText(`{"$file":${b.file}}`)).toEqual(before(SMALL));
  });

  it("refuses what the core refuses, and a file over the size limit unread", async () => {
    const refuse = () => {
      throw new Error("x_q: not a matrix");
    };
    await expect(store(SMALL, refuse)).rejects.toThrow("x_q: not a matrix");
    const huge = { size: 2 ** 28, arrayBuffer: () => Promise.reject(new Error("read")) };
    await expect(storeFile(huge as unknown as Blob, 0, accept)).rejects.toThrow(
      /at most 134,217,728 bytes/,
    );
  });
});

describe("a -0 literal", () => {
  it("is found in the bytes where NEGATIVE_ZERO finds it in the text", () => {
    const pieces = ["-", "0", "0", ".", "e", "E", "+", "1", " ", ",", "]", '"', "é", "日"];
    let seed = 7;
    const next = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const found = { bytes: 0, text: 0 };
    for (let n = 0; n < 20_000; n++) {
      let text = "";
      for (let k = 1 + Math.floor(next() * 10); k > 0; k--) text += pieces[Math.floor(next() * 14)];
      const [bytes, inText] = [negativeZero(coreBytes(text)), NEGATIVE_ZERO.test(text)];
      if (bytes !== inText) expect(text).toBe(`found ${bytes} in its bytes, ${inText} in it`);
      found.bytes += Number(bytes);
      found.text += Number(inText);
    }
    expect(found.bytes).toBe(found.text);
    expect(found.text).toBeGreaterThan(500); // both answers were tried
  });
});

describe("a big file", () => {
  // 1.2 M numbers, none whole: over 4 MiB of JSON, more than any link carries.
  const big = {
    query_tokens: ["a", "b"],
    d_model: 1000,
    padded_keys: [1],
    x_q: [Array.from({ length: 1000 }, (_, i) => i / 7)],
    w_q: Array.from({ length: 1200 }, (_, r) =>
      Array.from({ length: 1000 }, (_, c) => r - c / 3 - 0.25),
    ),
    b_q: Array.from({ length: 1000 }, (_, i) => -i / 9),
  };
  const text = JSON.stringify(big);

  it("reaches the page as markers with their shapes", async () => {
    const { file, scenario } = await store(text);
    // (a failed check first: a diff of 1.2 M numbers would not end)
    expect(FIELDS.map((f) => isMatrixRef(scenario[f as "w_q"]))).toEqual([true, true, true]);
    expect(scenario.w_q).toEqual({ ref: file, rows: 1200, cols: 1000 });
    expect(scenario.b_q).toEqual({ ref: file, rows: 1, cols: 1000 });
    expect(scenario.query_tokens).toEqual(["a", "b"]);
    expect(scenario.padded_keys).toEqual([1]);
  });

  it("is put back whole where the page sends markers: to the core and to Save", async () => {
    const { scenario } = await store(text);
    const mask = { ...scenario, mask: "causal", edits };
    const full = { ...big, mask: "causal", edits };
    const same = (a: Uint8Array, b: Uint8Array) =>
      a.length === b.length && a.every((x, i) => x === b[i]);
    expect(same(coreText(JSON.stringify(mask)), coreBytes(JSON.stringify(full)))).toBe(true);
    expect(scenarioJson(fullScenario(JSON.stringify(mask))) === scenarioJson(full)).toBe(true);
  });

  it("is not parsed when loaded, and its numbers once, when first needed", async () => {
    const parse = vi.spyOn(JSON, "parse");
    const whole = () => parse.mock.calls.filter(([t]) => String(t).length > text.length / 2);
    try {
      const { scenario } = await store(text);
      expect(whole().length).toBe(0);
      const masked = JSON.stringify({ ...scenario, mask: "causal" });
      expect(coreText(masked).length).toBeGreaterThan(text.length);
      expect(whole().length).toBe(1);
      fullScenario(masked);
      fullScenario(JSON.stringify({ ...scenario, edits }));
      expect(whole().length).toBe(1);
    } finally {
      parse.mockRestore();
    }
  });

  it("is cut at its bytes after a BOM and longer characters, a -0 re-serialised", async () => {
    const other = text.replace('["a","b"]', '["café","日本"]').replace(/-0\.1+,/, "-0,");
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(other)]);
    const { file, scenario } = await store(bom);
    expect(scenario.query_tokens).toEqual(["café", "日本"]);
    expect(scenario.w_q).toEqual({ ref: file, rows: 1200, cols: 1000 });
    expect(scenario.b_q).toEqual({ ref: file, rows: 1, cols: 1000 });
    expect(scenario.padded_keys).toEqual([1]);
    const sent = coreText(`{"$file":${file}}`);
    const was = before(other);
    expect(sent.length === was.length && sent.every((x, i) => x === was[i])).toBe(true);
  });

  it("is named once no longer kept (the last three are)", async () => {
    const { file } = await store(text);
    for (let i = 0; i < 3; i++) await store(SMALL);
    expect(() => coreText(`{"$file":${file}}`)).toThrow("no longer held");
  });
});
