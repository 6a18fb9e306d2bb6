/**
 * The step's formulas and matrices, one slot per stage. Per query a head walks scores, scale,
 * softmax, weighted sum, so consecutive steps never share a stage: patched in one place, every
 * step rebuilt its formulas' structure and rewrote every cell. Each stage now keeps its own
 * slot, parked while another stage shows (base.css: content-visibility: hidden, no height, out
 * of the accessibility tree and the tab order, layout kept). The next query's step of that stage
 * then changes only what differs: a few numbers of the formula, the marked row.
 */
import { el } from "../ui/dom";
import type { MatrixFigure } from "../matrix/matrix";
import { watchSideScroll } from "../ui/side-scroll";

/** One stage's formulas and figures. */
export interface StageSlot {
  readonly formulas: HTMLElement;
  readonly symbols: HTMLElement;
  readonly numbers: HTMLElement;
  readonly operands: HTMLElement;
  readonly figures: Map<string, MatrixFigure>;
  readonly checkSymbols: () => void;
  readonly checkNumbers: () => void;
}

function createSlot(formulaBox: HTMLElement, operandBox: HTMLElement): StageSlot {
  const formulas = el("div", "formulas");
  const symbols = el("div", "formula symbols");
  const numbers = el("div", "formula numbers");
  formulas.append(symbols, numbers);
  const operands = el("div", "operands");
  operands.setAttribute("role", "group"); // named with its matrices (step-view.ts)
  formulaBox.append(formulas);
  operandBox.append(operands);
  return {
    formulas,
    symbols,
    numbers,
    operands,
    figures: new Map(),
    checkSymbols: watchSideScroll(symbols),
    checkNumbers: watchSideScroll(numbers),
  };
}

export interface StageSlots {
  /** The slot on screen (none before the first step). */
  current(): StageSlot | null;
  /** Shows `stage`'s slot (made on its first step), parking the one shown before. */
  show(stage: number): StageSlot;
  /** Drops every slot but the one shown: a new trace (its stages' last steps are of another). */
  dropParked(): void;
}

/** The slots in `formulaBox` and `operandBox`. */
export function createStageSlots(formulaBox: HTMLElement, operandBox: HTMLElement): StageSlots {
  const slots = new Map<number, StageSlot>();
  let current: StageSlot | null = null;
  // A parked slot is out of the accessibility tree already; its names go too, so that a name
  // (like a test id) finds the step on screen only.
  const park = (s: StageSlot, parked: boolean) => {
    s.formulas.classList.toggle("parked", parked);
    s.operands.classList.toggle("parked", parked);
    for (const [box, name] of [
      [s.symbols, "Formula"],
      [s.numbers, "Formula with this step's numbers"],
    ] as const)
      if (parked) box.removeAttribute("aria-label");
      else box.setAttribute("aria-label", name);
    // A figure shown again is named by its show (matrix.ts).
    if (parked) for (const f of s.figures.values()) f.park();
  };
  return {
    current: () => current,
    show(stage: number): StageSlot {
      let slot = slots.get(stage);
      if (!slot) slots.set(stage, (slot = createSlot(formulaBox, operandBox)));
      if (slot !== current) {
        if (current) park(current, true);
        park(slot, false);
        current = slot;
      }
      return slot;
    },
    dropParked() {
      for (const [stage, s] of slots)
        if (s !== current) {
          s.formulas.remove();
          s.operands.remove();
          slots.delete(stage);
        }
    },
  };
}
