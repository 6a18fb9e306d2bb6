/** Types of core-bytes.js: how text is handed to the core (UTF-8 bytes, lone surrogates kept). */

/** `text` as UTF-8 bytes; a lone surrogate U+D800..U+DFFF is written as its 3-byte sequence. */
export function coreBytes(text: string): Uint8Array;
