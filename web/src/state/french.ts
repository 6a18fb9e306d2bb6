/**
 * Where the toy French of the translate task (docs/tasks.md) differs from real French: the task
 * never elides, so "le oiseau" is its reference although French writes "l'oiseau". A translation
 * that matches such a reference is not called correct French.
 */

const VOWEL_START = /^[aeiouyhâàéèêîôû]/;

/** "le oiseau" → ["le oiseau → l'oiseau"]: each le/la before a vowel (or mute h), with its fix. */
export function elisions(words: readonly string[]): string[] {
  const found: string[] = [];
  words.forEach((w, i) => {
    const next = words[i + 1];
    if ((w === "le" || w === "la") && next && VOWEL_START.test(next)) {
      found.push(`${w} ${next} → l'${next}`);
    }
  });
  return found;
}
