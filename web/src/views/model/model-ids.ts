/**
 * A prompt typed as token ids ("1, 450, 22"), for a checkpoint opened without its tokenizer:
 * each a whole number in [0, vocab), at least one.
 */
export function parseIds(text: string, vocab: number): number[] {
  const parts = text.split(/[\s,]+/).filter((p) => p !== "");
  if (parts.length === 0) throw new Error("prompt: type at least one token id (1 is BOS).");
  return parts.map((p) => {
    const id = Number(p);
    if (!/^\d+$/.test(p) || id >= vocab) {
      throw new Error(`prompt: “${p.slice(0, 20)}” is not a token id from 0 to ${vocab - 1}.`);
    }
    return id;
  });
}
