/**
 * The core's messages speak the scenario file ("query_tokens[1] is 1000 bytes long"); beside the
 * form they should speak the form: its labels, words counted from 1, lengths in characters.
 * Messages this does not recognise keep the core's words, with the field names replaced by labels.
 */
import { tokenize, type FormValues } from "./scenario-form";
import { MODERN_LABELS } from "./modern-form";

/** What the form calls each scenario-file field it has a control for. */
const LABELS: Record<string, string> = {
  query_tokens: "the sentence",
  key_tokens: "the key/value sentence",
  heads: "Number of heads",
  window: "Window size",
  block_q: "B_r",
  block_k: "B_c",
  ...MODERN_LABELS,
};

const TOKEN_LENGTH =
  /^(query|key)_tokens\[(\d+)\] is (\d+) bytes long; it must be between 1 and (\d+) bytes$/;
const TOKEN_COUNT = /^(query|key)_tokens has (\d+) tokens; it must have at most (\d+)$/;
const NO_TOKENS = /^query_tokens is empty; it must have between 1 and (\d+) tokens$/;

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "hippopotamus…" for a long word; at most 16 characters of it. */
function quoteWord(word: string): string {
  const chars = Array.from(word);
  return `“${chars.length > 16 ? `${chars.slice(0, 15).join("")}…` : word}”`;
}

/** `message` (the core's, about scenario-file `field`) in the words of the form showing `v`. */
export function formMessage(field: string, message: string, v: FormValues): string {
  let m = TOKEN_LENGTH.exec(message);
  if (m) {
    const [, side, index, bytes, limit] = m;
    const sentence = side === "query" ? v.sentence : v.keySentence;
    const word = tokenize(sentence)[Number(index)] ?? "";
    const chars = Array.from(word).length;
    const wide = chars !== Number(bytes) ? ` (${bytes} bytes in UTF-8)` : "";
    return (
      `Word ${Number(index) + 1} of ${LABELS[`${side}_tokens`]}, ${quoteWord(word)}, has ` +
      `${chars} characters${wide}; a word may have at most ${limit} ` +
      `(fewer for accented letters or emoji, which take 2 to 4 bytes each).`
    );
  }
  m = TOKEN_COUNT.exec(message);
  if (m) {
    const [, side, count, limit] = m;
    const label = LABELS[`${side}_tokens`];
    return `${capitalize(label)} has ${count} words; it may have at most ${limit}.`;
  }
  m = NO_TOKENS.exec(message);
  if (m) return `The sentence is empty: type between 1 and ${m[1]} words.`;
  if (!(field in LABELS)) return message;
  // Any other message about a labelled field: its label, and words counted from 1.
  const label = LABELS[field];
  return capitalize(
    message
      .replace(/ when d_k or d_v is not given/, "")
      .replace(new RegExp(`^${field}\\[(\\d+)\\]`), (_, i: string) => {
        return `word ${Number(i) + 1} of ${label}`;
      })
      .replace(new RegExp(`^${field}\\b`), label),
  );
}
