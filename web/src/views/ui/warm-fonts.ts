/**
 * Has the browser find the stepper's fonts while the core loads, one face a task, before the
 * first step is laid out.
 *
 * Why: Chromium on Linux asks the browser process, and waits, for each family of a stack it tries
 * (ui-monospace, "SFMono-Regular" and "Cascadia Mono" before "DejaVu Sans Mono"; four math fonts)
 * and for each size of a face it uses. Each answer took 2–14 ms of waiting here, and a 512-token
 * link's first layout asked them all at once: one task of 42–57 ms wall for 8–13 ms of CPU
 * (traces of the link opened in a fresh browser). The answers are kept for the page's life, so
 * asking early, in short tasks, leaves that layout its own work only.
 *
 * The faces are those a 512-token link's first step shows (a font change only loses the gain).
 */

/** A weight, a family (the stepper's variables, base.css; null: the math font) and sizes in px. */
type Face = readonly [weight: number, family: string | null, sizes: readonly number[]];
const FACES: readonly Face[] = [
  [400, "var(--sans)", [11, 12, 13, 15, 16]],
  [600, "var(--sans)", [11, 12, 13, 15, 16, 20]],
  [700, "var(--sans)", [12, 13, 14, 15, 18]],
  [400, "var(--mono)", [10, 11, 12, 13]],
  [600, "var(--mono)", [11, 12]],
  // The formulas' math font (theme.css), at the sizes MathML sets.
  [400, null, [12, 12.8, 15, 16]],
];

/** One box: the face at each size, laid out (and so its fonts found) when measured. */
function sampleOf(doc: Document, [weight, family, sizes]: Face): HTMLElement {
  const box = doc.createElement("div");
  box.className = "font-warm";
  box.setAttribute("aria-hidden", "true");
  box.style.cssText = "position:fixed;left:0;top:0;visibility:hidden;pointer-events:none";
  for (const px of sizes) {
    const line = doc.createElement("div");
    line.style.font = `${weight} ${px}px ${family ?? "serif"}`;
    if (family) line.textContent = "Aa 0.1234 −…×";
    else line.innerHTML = "<math><mi>s</mi><mo>=</mo><mn>0.1234</mn></math>";
    box.append(line);
  }
  return box;
}

/** Sizes a task: a face's first lookup waits on the browser for each family its stack tries. */
const SIZES_A_TASK = 2;

/** Lays out one sample a task, then removes it; returns at once. */
export function warmFonts(doc: Document): void {
  const faces = FACES.flatMap(([weight, family, sizes]) =>
    Array.from({ length: Math.ceil(sizes.length / SIZES_A_TASK) }, (_, k): Face => {
      const some = sizes.slice(k * SIZES_A_TASK, (k + 1) * SIZES_A_TASK);
      return [weight, family, some];
    }),
  );
  const next = (): void => {
    const face = faces.shift();
    if (!face) return;
    const box = sampleOf(doc, face);
    doc.body.append(box);
    void box.offsetWidth; // the layout that finds the fonts
    box.remove();
    setTimeout(next, 0);
  };
  setTimeout(next, 0);
}
