/** Types of core-bytes.js: text handed to the core (UTF-8 bytes) and user text in messages. */

/** `text` as UTF-8 bytes; a lone surrogate U+D800..U+DFFF is written as its 3-byte sequence. */
export function coreBytes(text: string): Uint8Array;

/** `text` on one plain line: control, separator and bidirectional characters as \uXXXX. */
export function printable(text: string): string;

/** `text` as JSON.stringify writes it when it holds a -0 literal (then 0), else `text` itself. */
export function asSerialised(text: string): string;
