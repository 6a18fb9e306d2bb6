/**
 * Grouped-query attention beside the K and V projections: which query heads share this head's
 * K/V head, and the KV cache's bytes per token for MHA, GQA and MQA at this scenario's sizes and
 * at Llama 3 8B's (state/kv-cache-bytes.ts), so a learner sees what sharing saves.
 */
import {
  cacheBytesText,
  cacheRows,
  headsOfKvHead,
  LLAMA3_8B,
  type CacheSizes,
} from "../../state/kv-cache-bytes";
import type { TraceValue } from "../../wasm/types";
import { captionedTable, el } from "../ui/dom";

/** "heads 1, 2 share K/V head 1": who reads the K/V head of query head `head` (numbered from 1). */
export function sharingText(trace: TraceValue, head: number): string {
  const group = trace.numHeads / trace.kvHeads;
  const kv = Math.floor(head / group);
  const heads = headsOfKvHead(trace.numHeads, trace.kvHeads, kv).map((h) => h + 1);
  if (trace.kvHeads === trace.numHeads) {
    return `Every head has its own K/V head (multi-head attention: kv_heads = heads = ${trace.numHeads}).`;
  }
  const kind = trace.kvHeads === 1 ? "multi-query attention" : "grouped-query attention";
  return (
    `Head ${head + 1} reads K/V head ${kv + 1} = ⌊${head} / (${trace.numHeads} / ` +
    `${trace.kvHeads})⌋ + 1, shared by heads ${heads.join(", ")} (${kind}): K and V are computed ` +
    `${trace.kvHeads} times, not ${trace.numHeads}.`
  );
}

/** One table row per cache kind: kind, K/V heads, bytes per token, share of MHA's. */
function cacheTable(s: CacheSizes, caption: string): HTMLElement {
  const table = el("table", "kv-cache-table");
  const head = table.createTHead().insertRow();
  for (const t of ["", "K/V heads", "bytes per token", "of MHA's"]) {
    const th = el("th", "", t);
    th.scope = "col";
    head.append(th);
  }
  const body = table.createTBody();
  for (const r of cacheRows(s)) {
    const tr = body.insertRow();
    const th = el("th", "", r.kind);
    th.scope = "row";
    tr.append(th);
    for (const t of [String(r.kvHeads), cacheBytesText(r.bytesPerToken), `${r.ratio * 100}%`]) {
      tr.insertCell().textContent = t;
    }
  }
  return captionedTable(caption, table, "kv-cache-box");
}

/** The note for `head`: who shares its K/V head, and the two cache tables. */
export function renderGqaNote(trace: TraceValue, head: number): HTMLElement {
  const box = el("div", "gqa-note");
  box.append(el("p", "gqa-sharing", sharingText(trace, head)));
  const here: CacheSizes = {
    heads: trace.numHeads,
    kvHeads: trace.kvHeads,
    dK: trace.dK,
    dV: trace.dV,
    layers: 1,
    bytesPerValue: 8,
  };
  box.append(
    cacheTable(
      here,
      `KV cache per token at this scenario's sizes: kv_heads · (d_k + d_v) = ` +
        `${trace.kvHeads} · (${trace.dK} + ${trace.dV}) numbers of 8 bytes, one layer.`,
    ),
    cacheTable(
      LLAMA3_8B,
      `At ${LLAMA3_8B.name}'s sizes: 32 layers, 32 heads, 8 K/V heads, d_k = d_v = 128, ` +
        `2-byte bf16 numbers.`,
    ),
  );
  return box;
}
