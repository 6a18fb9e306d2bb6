/**
 * A llama2.c vocabulary's pieces on screen and as text. Pure: no DOM.
 *
 * A piece is bytes. On screen (label): a byte piece "<0x0A>" is shown as the byte it stands for,
 * with the invisible ones named by a sign (↵ newline, ⇥ tab, ␣ space, other control or non-ASCII
 * bytes as "⟨0xAB⟩"); in a text piece a space is "␣" and a newline "↵"; BOS and EOS are "<s>",
 * "</s>". As text (run.c's decode): a byte piece is its byte, and a piece after BOS loses its
 * leading space; the bytes of a run of tokens are decoded as UTF-8 together, so a character
 * split over byte tokens comes out whole.
 */

/** The vocabulary's pieces: piece i is bytes[ends[i - 1], ends[i]). */
export interface PieceTable {
  bytes: Uint8Array;
  ends: Int32Array;
}

const BYTE_PIECE = /^<0x([0-9A-F]{2})>$/;
const SIGNS: Readonly<Record<number, string>> = { 0x0a: "↵", 0x09: "⇥", 0x20: "␣", 0x0d: "⏎" };
const decoder = new TextDecoder();
const BOS = 1;
const EOS = 2;

/** The byte a piece "<0xAB>" stands for, or null. */
function bytePiece(text: string): number | null {
  const m = BYTE_PIECE.exec(text);
  return m ? parseInt(m[1]!, 16) : null;
}

/** How byte `b` is shown on its own. */
function byteLabel(b: number): string {
  const sign = SIGNS[b];
  if (sign) return sign;
  if (b > 0x20 && b < 0x7f) return String.fromCharCode(b);
  return `⟨0x${b.toString(16).toUpperCase().padStart(2, "0")}⟩`;
}

export class Vocabulary {
  private readonly texts: string[] = [];

  constructor(private readonly table: PieceTable) {
    for (let i = 0; i < table.ends.length; i++) this.texts.push(decoder.decode(this.raw(i)));
  }

  get size(): number {
    return this.texts.length;
  }

  /** The bytes of piece `id` as stored. */
  private raw(id: number): Uint8Array {
    const start = id > 0 ? this.table.ends[id - 1]! : 0;
    return this.table.bytes.subarray(start, this.table.ends[id]);
  }

  /** Piece `id` as shown in a token chip. */
  label(id: number): string {
    if (id === BOS) return "<s>";
    if (id === EOS) return "</s>";
    const text = this.texts[id];
    if (text === undefined) return `#${id}`;
    const b = bytePiece(text);
    if (b !== null) return byteLabel(b);
    return text.replace(/ /g, "␣").replace(/\n/g, "↵");
  }

  /** The bytes token `id` adds to a text after token `prev` (run.c's decode). */
  bytesOf(prev: number, id: number): Uint8Array {
    if (id === BOS || id === EOS || id >= this.size) return new Uint8Array(0);
    const text = this.texts[id]!;
    const b = bytePiece(text);
    if (b !== null) return Uint8Array.of(b);
    const raw = this.raw(id);
    return prev === BOS && raw[0] === 0x20 ? raw.subarray(1) : raw;
  }

  /** The text of `ids`, each decoded after its predecessor. */
  text(ids: readonly number[]): string {
    const parts = ids.map((id, i) => this.bytesOf(i > 0 ? ids[i - 1]! : -1, id));
    const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      all.set(p, at);
      at += p.length;
    }
    return decoder.decode(all);
  }
}

/** Labels for ids without a vocabulary (a checkpoint opened without tokenizer.bin). */
export function idLabel(id: number): string {
  return id === BOS ? "<s>" : `#${id}`;
}
