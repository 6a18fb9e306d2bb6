/**
 * The KV cache's bytes per token, for the grouped-query experiment: decoding keeps every past
 * token's key and value rows, kv_heads·d_k + kv_heads·d_v numbers per layer, so sharing K/V heads
 * divides the cache by heads / kv_heads. Plain arithmetic, no DOM.
 */

/** The sizes the cache depends on. */
export interface CacheSizes {
  heads: number;
  /** K/V heads of the scenario itself (heads without grouping). */
  kvHeads: number;
  dK: number;
  dV: number;
  layers: number;
  /** Bytes of one stored number: 8 for this stepper's doubles, 2 for bf16. */
  bytesPerValue: number;
}

/**
 * Llama 3 8B's attention (Meta's config.json: 32 layers, num_attention_heads 32,
 * num_key_value_heads 8, head_dim 4096 / 32 = 128), cached in bf16.
 */
export const LLAMA3_8B: CacheSizes & { name: string } = {
  name: "Llama 3 8B",
  heads: 32,
  kvHeads: 8,
  dK: 128,
  dV: 128,
  layers: 32,
  bytesPerValue: 2,
};

export interface CacheRow {
  kind: "MHA" | "GQA" | "MQA";
  kvHeads: number;
  /** K and V rows appended per token, over all layers. */
  bytesPerToken: number;
  /** This row's cache over multi-head attention's (1 for MHA). */
  ratio: number;
}

/** Bytes a token adds to the cache with `kvHeads` K/V heads. */
export function bytesPerToken(s: CacheSizes, kvHeads: number): number {
  return kvHeads * (s.dK + s.dV) * s.layers * s.bytesPerValue;
}

/**
 * MHA (kv = heads), GQA (the sizes' own kv, when strictly between) and MQA (kv = 1): one row
 * each, MHA first. With one head all three are the same cache, shown once.
 */
export function cacheRows(s: CacheSizes): CacheRow[] {
  const mha = bytesPerToken(s, s.heads);
  const row = (kind: CacheRow["kind"], kv: number): CacheRow => ({
    kind,
    kvHeads: kv,
    bytesPerToken: bytesPerToken(s, kv),
    ratio: bytesPerToken(s, kv) / mha,
  });
  const rows = [row("MHA", s.heads)];
  if (s.kvHeads > 1 && s.kvHeads < s.heads) rows.push(row("GQA", s.kvHeads));
  if (s.heads > 1) rows.push(row("MQA", 1));
  return rows;
}

/** "131,072 bytes (128 KiB)": a cache size in the experiment's table. */
export function cacheBytesText(n: number): string {
  const kib = n / 1024;
  const short = kib >= 1 ? ` (${Number.isInteger(kib) ? kib : kib.toFixed(1)} KiB)` : "";
  return `${n.toLocaleString("en-US")} bytes${short}`;
}

/** The query heads that read K/V head `kv` (Llama's repeat_kv: head i reads ⌊i / group⌋). */
export function headsOfKvHead(heads: number, kvHeads: number, kv: number): number[] {
  const group = heads / kvHeads;
  return Array.from({ length: group }, (_, i) => kv * group + i);
}
