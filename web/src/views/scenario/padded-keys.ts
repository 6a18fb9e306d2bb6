/**
 * The "Padded keys" control. Up to CHIP_MAX keys: a chip per key token, pressed = padded. Above
 * that, a text field of positions and ranges counted from 1 ("3, 7–9"): 512 chips were half of
 * the page's elements and cost long layouts, and no learner clicks through 512 chips anyway.
 */
import { escapeHtml } from "../matrix/matrix-model";

/** The most keys shown as chips; the query picker switches to a number field at the same size. */
export const CHIP_MAX = 64;

const ITEM = /^(\d+)(?:\s*[-–]\s*(\d+))?$/;

/**
 * The 0-based positions (ascending, once each) that `text` names among `keys` keys, or a message
 * naming the field and the limit. Items are separated by commas; a range is "7–9" or "7-9".
 */
export function parsePositions(text: string, keys: number): number[] | string {
  const found = new Set<number>();
  for (const raw of text.split(",")) {
    const item = raw.trim();
    if (!item) continue;
    const m = ITEM.exec(item);
    if (!m) {
      return `Padded keys: “${item}” is not a position or a range; write positions from 1 to ${keys}, e.g. 3, 7–9.`;
    }
    const first = Number(m[1]);
    const last = m[2] === undefined ? first : Number(m[2]);
    for (const x of [first, last]) {
      if (x < 1 || x > keys) {
        return `Padded keys: ${x} is out of range; the keys are numbered 1 to ${keys}.`;
      }
    }
    if (last < first) return `Padded keys: the range “${item}” goes down; write ${last}–${first}.`;
    for (let i = first; i <= last; i++) found.add(i - 1);
  }
  return [...found].sort((a, b) => a - b);
}

/** 0-based positions as the text field shows them: "3, 7–9" (counted from 1). */
export function formatPositions(padded: Iterable<number>): string {
  const sorted = [...new Set(padded)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    const [a, b] = [sorted[i]! + 1, sorted[j]! + 1];
    parts.push(a === b ? String(a) : `${a}–${b}`);
    i = j + 1;
  }
  return parts.join(", ");
}

export interface PaddedKeys {
  /** Shows `tokens` with the keys `padded` (0-based) marked, replacing what was typed. */
  set(tokens: string[], padded: readonly number[]): void;
  /** The key tokens changed (the sentence was edited): what was typed or pressed stays. */
  retoken(tokens: string[]): void;
  /** The padded keys (0-based); the last valid ones while the text field holds an error. */
  padded(): number[];
  /** What is wrong with the text field's positions, or null (always null with chips). */
  error(): string | null;
}

/** Bidi embeddings, overrides and isolates: a raw token's would reorder the chips after it. */
const BIDI = /[\u202A-\u202E\u2066-\u2069]/g;

/** `t` with each bidi control named as the core's labels name it ("⟨U+202E⟩"). */
const bidiNamed = (t: string) =>
  t.replace(BIDI, (c) => `⟨U+${c.charCodeAt(0).toString(16).toUpperCase()}⟩`);

/**
 * Fills `chips` (a container) or shows `field` (the text input), whichever fits the number of
 * keys; `changed` is called when the learner presses a chip (typing raises the form's input).
 */
export function createPaddedKeys(
  chips: HTMLElement,
  field: HTMLInputElement,
  hint: HTMLElement,
  changed: () => void,
): PaddedKeys {
  let padded = new Set<number>();
  let tokens: string[] = [];
  const asText = () => tokens.length > CHIP_MAX;

  function show(): void {
    padded = new Set([...padded].filter((i) => i < tokens.length));
    chips.hidden = asText();
    field.hidden = !asText();
    hint.textContent = asText()
      ? `Positions of the keys to pad, counted from 1 (1 to ${tokens.length}), e.g. 3, 7–9: no query attends to them.`
      : "Click a key token to pad it: no query attends to it.";
    chips.innerHTML = asText()
      ? ""
      : tokens
          .map(
            (t, i) =>
              `<button type="button" class="chip" data-i="${i}" aria-pressed="${padded.has(i)}">` +
              `<span class="chip-i">${i + 1}</span> ${escapeHtml(bidiNamed(t))}</button>`,
          )
          .join("");
  }

  /** The text field's positions, or the last valid ones. */
  function typed(): Set<number> {
    const p = parsePositions(field.value, tokens.length);
    return typeof p === "string" ? padded : new Set(p);
  }

  chips.addEventListener("click", (e) => {
    const chip = (e.target as HTMLElement).closest<HTMLElement>(".chip");
    if (!chip) return;
    const i = Number(chip.dataset.i);
    if (padded.has(i)) padded.delete(i);
    else padded.add(i);
    chip.setAttribute("aria-pressed", String(padded.has(i)));
    changed();
  });

  return {
    set(t, p) {
      tokens = t;
      padded = new Set(p);
      field.value = formatPositions([...padded].filter((i) => i < t.length));
      show();
    },
    retoken(t) {
      const wasText = asText();
      if (wasText) padded = typed();
      tokens = t;
      // What was typed stays while the field stays; chips become text as the sentence grows.
      if (!wasText && asText()) field.value = formatPositions(padded);
      show();
    },
    padded: () => [...(asText() ? typed() : padded)].filter((i) => i < tokens.length),
    error() {
      if (!asText()) return null;
      const p = parsePositions(field.value, tokens.length);
      return typeof p === "string" ? p : null;
    },
  };
}
