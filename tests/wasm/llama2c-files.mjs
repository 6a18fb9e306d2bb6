// llama2.c's version-0 files written from JavaScript, to test the readers on checkpoints of the
// sizes Karpathy published (stories260K, stories15M), which cannot be downloaded here. The layout
// is run.c's memory_map_weights and export.py's legacy_export: seven int32 (dim, hidden_dim,
// n_layers, n_heads, n_kv_heads, vocab_size (negative: the classifier is not shared), seq_len),
// then float32 tensors, each (out, in) and per kind across layers, the legacy RoPE tables
// freq_cis_real and freq_cis_imag (seq_len, head_size / 2) after the final norm, and wcls last
// when not shared. tokenizer.bin is tokenizer.py's export: int32 max_token_length, then per
// piece float32 score, int32 length, the bytes.
import { closeSync, openSync, writeFileSync, writeSync, ftruncateSync } from "node:fs";

/** Karpathy's stories260K header (tinyllamas/stories260K/stories260K.bin). */
export const STORIES_260K = {
  dim: 64,
  hidden_dim: 172,
  n_layers: 5,
  n_heads: 8,
  n_kv_heads: 4,
  vocab_size: 512,
  seq_len: 512,
  shared: true,
};
/** Karpathy's stories15M header (tinyllamas/stories15M.bin), with its 32000-piece vocabulary. */
export const STORIES_15M = {
  dim: 288,
  hidden_dim: 768,
  n_layers: 6,
  n_heads: 6,
  n_kv_heads: 6,
  vocab_size: 32000,
  seq_len: 256,
  shared: true,
};

/** The float32 tensors of a header, in file order: [name, count]. */
export function tensors(c) {
  const hs = c.dim / c.n_heads;
  const kv = c.n_kv_heads * hs;
  const L = c.n_layers;
  const list = [
    ["embedding", c.vocab_size * c.dim],
    ["rms_att", L * c.dim],
    ["wq", L * c.dim * c.dim],
    ["wk", L * kv * c.dim],
    ["wv", L * kv * c.dim],
    ["wo", L * c.dim * c.dim],
    ["rms_ffn", L * c.dim],
    ["w1", L * c.hidden_dim * c.dim],
    ["w2", L * c.dim * c.hidden_dim],
    ["w3", L * c.hidden_dim * c.dim],
    ["rms_final", c.dim],
    ["freq_cis_real", (c.seq_len * hs) / 2],
    ["freq_cis_imag", (c.seq_len * hs) / 2],
  ];
  if (!c.shared) list.push(["wcls", c.vocab_size * c.dim]);
  return list;
}

/** The file's size in bytes: the header and every tensor. */
export const checkpointBytes = (c) => 28 + 4 * tensors(c).reduce((n, [, k]) => n + k, 0);

function header(c) {
  const h = [c.dim, c.hidden_dim, c.n_layers, c.n_heads, c.n_kv_heads];
  h.push(c.shared ? c.vocab_size : -c.vocab_size, c.seq_len);
  return Buffer.from(new Int32Array(h).buffer);
}

/**
 * A checkpoint of header `c` with seeded weights: norm gains 1, every other tensor uniform in
 * ±`scale` (xorshift32), the RoPE tables as llama2.c's export writes them.
 */
export function writeCheckpoint(path, c, seed = 1, scale = 0.08) {
  const hs = c.dim / c.n_heads;
  let s = seed >>> 0 || 1;
  const next = () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
  const parts = [header(c)];
  for (const [name, n] of tensors(c)) {
    const t = new Float32Array(n);
    if (name.startsWith("rms")) t.fill(1);
    else if (name.startsWith("freq_cis")) {
      const sin = name.endsWith("imag");
      for (let p = 0, k = 0; p < c.seq_len; p++) {
        for (let i = 0; i < hs / 2; i++, k++) {
          const angle = p * 10000 ** ((-2 * i) / hs);
          t[k] = sin ? Math.sin(angle) : Math.cos(angle);
        }
      }
    } else for (let i = 0; i < n; i++) t[i] = (2 * next() - 1) * scale;
    parts.push(Buffer.from(t.buffer));
  }
  writeFileSync(path, Buffer.concat(parts));
}

/** A checkpoint of header `c` whose tensors are all zero, written sparse (no time, no disk). */
export function writeZeroCheckpoint(path, c) {
  const fd = openSync(path, "w");
  writeSync(fd, header(c));
  ftruncateSync(fd, checkpointBytes(c));
  closeSync(fd);
}

/**
 * A tokenizer.bin of `n` pieces laid out as a sentencepiece BPE export: <unk>, "\n<s>\n",
 * "\n</s>\n", the byte pieces <0x00>…<0xFF> at 3–258, " " and the characters of `text`, then
 * merges (each a piece plus one character, both already pieces): the prefixes of " word" for the
 * words of `text`, scores falling by one from 0 so earlier merges win, as sentencepiece's do.
 */
export function writeTokenizer(path, n, text = SAMPLE) {
  const pieces = ["<unk>", "\n<s>\n", "\n</s>\n"];
  const scores = [0, 0, 0];
  for (let b = 0; b < 256; b++) {
    pieces.push(`<0x${b.toString(16).toUpperCase().padStart(2, "0")}>`);
    scores.push(0);
  }
  const known = new Set(pieces);
  const add = (p, score) => {
    if (pieces.length >= n || known.has(p)) return;
    known.add(p);
    pieces.push(p);
    scores.push(score);
  };
  for (const ch of ` ${text}`) add(ch, -1e4);
  let rank = 0;
  for (const word of text.split(/\s+/)) {
    const w = ` ${word}`;
    for (let k = 2; k <= w.length; k++) add(w.slice(0, k), -rank++);
  }
  for (let i = 0; pieces.length < n; i++) add(`<extra ${i}>`, -1e5);
  const bytes = pieces.map((p) => Buffer.from(p, "utf8"));
  const out = [Buffer.from(new Int32Array([Math.max(...bytes.map((b) => b.length))]).buffer)];
  bytes.forEach((b, i) => {
    const entry = Buffer.alloc(8);
    entry.writeFloatLE(scores[i], 0);
    entry.writeInt32LE(b.length, 4);
    out.push(entry, b);
  });
  writeFileSync(path, Buffer.concat(out));
  return pieces;
}

const SAMPLE =
  "Once upon a time, there was a little girl named Lily. She loved to play outside in the sun. " +
  "One day, she saw a big red ball in the park. She ran to it and said: Can I play with you? " +
  "Her mom smiled and they played together all day long until the sky turned dark and quiet.";
