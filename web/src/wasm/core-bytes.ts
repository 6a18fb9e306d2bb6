// Text between users and the core. How text reaches the C++ core: as UTF-8 bytes, never as a JS
// string. Given a JS string, Embind
// encodes it itself and turns a lone UTF-16 surrogate (with the unit after it) into some other
// character, silently. Here a lone surrogate keeps its own three-byte form (ED A0..BF xx), which
// is not UTF-8, so the core refuses it and says where. And how user text is shown in a message
// made outside the core, escaped as the core's own messages do (cpp/core/scenario/quote.h).
// Shared by the page, the command line and the node tests (which import its build for node,
// build/node/, made by tools/make/build-node.mjs).

const encoder = new TextEncoder();
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** `text` as UTF-8 bytes; a lone surrogate U+D800..U+DFFF is written as its 3-byte sequence. */
export function coreBytes(text: string): Uint8Array {
  if (!LONE_SURROGATE.test(text)) return encoder.encode(text);
  const out: number[] = [];
  // The string iterator yields code points, and a lone surrogate on its own.
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x80) out.push(cp);
    else if (cp < 0x800) out.push(0xc0 | (cp >> 6), 0x80 | (cp & 63));
    else if (cp < 0x10000) out.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
    else {
      out.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63));
      out.push(0x80 | (cp & 63));
    }
  }
  return Uint8Array.from(out);
}

/** A -0 literal (-0, -0.00, -0e5): JSON.stringify writes it as 0. */
export const NEGATIVE_ZERO = /-0(?:\.0*)?(?:[eE][+-]?\d+)?(?![\d.eE])/;

/**
 * A scenario text as JSON.stringify would write it, as far as the numbers go. A loaded file's own
 * text goes to the core (wasm/loader.ts) and reads as the same doubles as its re-serialised form
 * except -0, which the page used to turn into 0 by parsing and serialising it: a text with a -0
 * literal is serialised (in the core's worker), any other is returned as it is.
 */
export function asSerialised(text: string): string {
  if (!NEGATIVE_ZERO.test(text)) return text;
  try {
    return JSON.stringify(JSON.parse(text.replace(/^\uFEFF/, "")));
  } catch {
    return text; // not JSON: the core names what is wrong
  }
}

/** Control, separator, zero-width and bidirectional characters, and the BOM. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;

/** `text` on one plain line: those characters as \uXXXX escapes, the rest as it is. */
export function printable(text: string): string {
  return text.replace(
    CONTROL,
    (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`,
  );
}

/**
 * `text` for a message: its first `max` characters, printable, and "…" when cut (a 100 KB
 * argument is not echoed whole).
 */
export function shownText(text: string, max = 40): string {
  const chars = [...text];
  return printable(chars.length > max ? `${chars.slice(0, max).join("")}…` : text);
}
