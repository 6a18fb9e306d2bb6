/**
 * A matrix wider (or taller) than its room, on a phone or at d_model 512, says that it scrolls: a
 * visible cue beside its shape badge ("scroll →"), a faded edge where the rest is (matrix.css),
 * and its box becomes a focusable region named after the matrix, whose arrow keys scroll it
 * rather than step (as they do elsewhere on the page). Rechecked whenever the box is resized.
 */
import { el } from "../ui/dom";

/** Pixels one arrow key scrolls the box by. */
const STEP_PX = 60;

/**
 * Marks `box` (inside `fig`, whose caption row is `head`) while its content overflows it; returns
 * how to rename it when the box is reused for another matrix.
 */
export function markScrolling(
  box: HTMLElement,
  head: HTMLElement,
  name: string,
): (name: string) => void {
  const cue = el("span", "scroll-cue");
  cue.setAttribute("aria-hidden", "true");
  cue.hidden = true;
  head.append(cue);
  let shown = "";
  let how = "";

  const check = () => {
    const wide = box.scrollWidth > box.clientWidth + 1;
    const tall = box.scrollHeight > box.clientHeight + 1;
    const ways = [wide ? "→" : "", tall ? "↓" : ""].filter(Boolean).join(" ");
    if (ways === shown) return;
    shown = ways;
    cue.hidden = !ways;
    cue.textContent = `scroll ${ways}`;
    box.classList.toggle("scrolls", ways !== "");
    box.classList.toggle("scrolls-x", wide);
    if (ways) {
      box.tabIndex = 0;
      box.setAttribute("role", "region");
      how = wide && tall ? "sideways and down" : wide ? "sideways" : "down";
      box.setAttribute("aria-label", `${name}: scrolls ${how}`);
    } else {
      box.removeAttribute("tabindex");
      box.removeAttribute("role");
      box.removeAttribute("aria-label");
    }
  };
  new ResizeObserver(check).observe(box);
  // Renaming needs no measuring (which would force a layout while a step is being drawn).
  const rename = (next: string) => {
    name = next;
    if (box.hasAttribute("aria-label")) box.setAttribute("aria-label", `${name}: scrolls ${how}`);
  };
  // The faded edge goes once the last column is in view.
  box.addEventListener(
    "scroll",
    () => box.classList.toggle("at-end", box.scrollLeft + box.clientWidth >= box.scrollWidth - 1),
    { passive: true },
  );

  // With the focus on the box itself (not a cell), the arrows scroll it.
  box.addEventListener("keydown", (e) => {
    if (e.target !== box || !shown) return;
    const by: Record<string, [number, number]> = {
      ArrowLeft: [-STEP_PX, 0],
      ArrowRight: [STEP_PX, 0],
      ArrowUp: [0, -STEP_PX],
      ArrowDown: [0, STEP_PX],
    };
    const d = by[e.key];
    if (!d) return;
    e.preventDefault();
    e.stopPropagation();
    box.scrollBy(d[0], d[1]);
  });
  return rename;
}
