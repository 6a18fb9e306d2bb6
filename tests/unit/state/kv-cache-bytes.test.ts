// The grouped-query experiment's arithmetic (state/kv-cache-bytes.ts), checked against figures
// worked out by hand from Llama 3 8B's published sizes.
import { describe, expect, it } from "vitest";
import {
  bytesPerToken,
  cacheBytesText,
  cacheRows,
  headsOfKvHead,
  LLAMA3_8B,
} from "../../../web/src/state/kv-cache-bytes";

describe("KV-cache bytes per token", () => {
  it("Llama 3 8B: 8 KV heads · (128 + 128) · 32 layers · 2 bytes = 128 KiB", () => {
    expect(bytesPerToken(LLAMA3_8B, 8)).toBe(131072);
    const rows = cacheRows(LLAMA3_8B);
    expect(rows.map((r) => [r.kind, r.kvHeads, r.bytesPerToken, r.ratio])).toEqual([
      ["MHA", 32, 524288, 1],
      ["GQA", 8, 131072, 0.25],
      ["MQA", 1, 16384, 1 / 32],
    ]);
    expect(cacheBytesText(131072)).toBe("131,072 bytes (128 KiB)");
  });
  it("a small scenario in doubles: no GQA row without grouping, one row with one head", () => {
    const small = { heads: 2, kvHeads: 2, dK: 4, dV: 3, layers: 1, bytesPerValue: 8 };
    expect(cacheRows(small).map((r) => [r.kind, r.bytesPerToken])).toEqual([
      ["MHA", 112],
      ["MQA", 56],
    ]);
    expect(cacheRows({ ...small, heads: 1, kvHeads: 1 })).toHaveLength(1);
    expect(cacheBytesText(112)).toBe("112 bytes");
  });
  it("query heads sharing a K/V head, as repeat_kv groups them", () => {
    expect(headsOfKvHead(8, 2, 1)).toEqual([4, 5, 6, 7]);
    expect(headsOfKvHead(4, 1, 0)).toEqual([0, 1, 2, 3]);
    expect(headsOfKvHead(4, 4, 3)).toEqual([3]);
  });
});
