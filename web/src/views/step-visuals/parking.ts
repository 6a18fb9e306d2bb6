/**
 * The step's visual in `box`, and the reused ones (the weight bars, the reweighted values) kept
 * laid out between their steps. Per query a head walks scores, scale, softmax, weighted sum: the
 * bars and the table came back every fourth step and were laid out anew each time (the weighted
 * sum's table of a 48-token head: 15-18 ms of style, layout and paint). Now each has a slot that
 * is parked while another step shows (base.css: content-visibility: hidden, no height, out of
 * the accessibility tree and the tab order). A step with a visual of another kind (a split
 * figure, RoPE dials) drops them: the page then holds what it held before they were shown.
 */
import { el } from "../ui/dom";

export interface Parking {
  /** Shows `visual` (null: none), parking or dropping the others. */
  show(visual: HTMLElement | null): void;
  /** Whether a visual is shown. */
  shown(): boolean;
}

/** Parking in `box` for the visuals in `reused`. */
export function createParking(box: HTMLElement, reused: readonly HTMLElement[]): Parking {
  const slots = new Map<HTMLElement, HTMLElement>();
  let on = false;
  const drop = (v: HTMLElement) => {
    slots.get(v)?.remove();
    slots.delete(v);
  };
  return {
    shown: () => on,
    show(visual) {
      const parks = visual === null || reused.includes(visual);
      for (const v of [...slots.keys()])
        if (v !== visual && (!parks || !reused.includes(v))) drop(v);
      let slot = visual && slots.get(visual);
      if (visual && !slot) {
        slot = el("div", "visual-slot");
        slot.append(visual);
        slots.set(visual, slot);
        box.append(slot);
      }
      for (const s of slots.values()) s.classList.toggle("parked", s !== slot);
      on = visual !== null;
      box.classList.toggle("shows", on);
    },
  };
}
