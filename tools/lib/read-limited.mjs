// Reads a file for the commands, refusing one over the core's limit (web/src/wasm/core-limits.ts)
// before reading it: a regular file from its size, anything else (a pipe, /dev/zero) once
// limit + 1 bytes have come. Memory then stays within the limit and the answer comes at once.
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { MAX_FILE_BYTES, bytesText, tooLargeMessage } from "../../build/node/core-limits.js";

const CHUNK = 1 << 20;

/** The bytes of `path`, or {error: "…"} naming the limit. Throws what the system throws. */
export function readLimited(path) {
  const fd = openSync(path, "r");
  try {
    const stat = fstatSync(fd);
    if (stat.isFile()) {
      const error = tooLargeMessage(stat.size);
      if (error) return { error };
    }
    const chunks = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(CHUNK, MAX_FILE_BYTES + 1 - total));
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      chunks.push(chunk.subarray(0, n));
      total += n;
      if (total > MAX_FILE_BYTES) {
        const limit = bytesText(MAX_FILE_BYTES);
        return { error: `the file has more than ${limit}; a file may have at most ${limit}` };
      }
    }
    return { bytes: Buffer.concat(chunks, total) };
  } finally {
    closeSync(fd);
  }
}
