/** MathML of LaTeX `tex` (the subset the core writes) as one inline `<math>`. */
export function texToMathML(tex: string): string;
/** MathML of `tex` in display style: one `<math>` per line-break piece when `split` (default). */
export function texToMathPieces(tex: string, split?: boolean): string[];
