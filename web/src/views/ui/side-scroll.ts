/**
 * A box whose content may be wider than the box (a long formula on a phone): when it is, the box
 * says so. It gets the class "scrolls" (CSS fades the side with more, "at-start" / "at-end" say
 * which), `data-scrolls="true"`, a tooltip, and becomes a focusable region that keeps its
 * accessible name, where ←/→ and Home/End scroll it instead of stepping the page. Otherwise it is a
 * group: a role that may carry its aria-label (a plain div may not).
 */

/** Pixels one arrow key scrolls. */
const STEP_PX = 60;
const HINT = "Wider than the panel: scroll sideways (or focus it and use ←/→) to see the rest.";

/**
 * Watches `box` (which has `overflow-x: auto` and an aria-label) for overflow; returns what to
 * call after its content changes, which checks once the browser has laid the page out for its
 * next frame (a resize observation), so measuring never forces a layout of its own. Box resizes,
 * fonts loading and scrolling re-check.
 */
export function watchSideScroll(box: HTMLElement): () => void {
  box.setAttribute("role", "group");
  // Writes only what changed: each write would dirty the style or layout of the frame.
  const toggle = (name: string, on: boolean) => {
    if (box.classList.contains(name) !== on) box.classList.toggle(name, on);
  };
  const check = () => {
    const more = box.scrollWidth > box.clientWidth + 1;
    toggle("scrolls", more);
    toggle("at-start", box.scrollLeft <= 1);
    toggle("at-end", box.scrollLeft + box.clientWidth >= box.scrollWidth - 1);
    if (box.dataset.scrolls === String(more)) return;
    box.dataset.scrolls = String(more);
    if (more) {
      box.tabIndex = 0;
      box.setAttribute("role", "region");
      box.title = HINT;
    } else {
      box.removeAttribute("tabindex");
      box.setAttribute("role", "group");
      box.removeAttribute("title");
    }
  };
  box.addEventListener("scroll", check, { passive: true });
  box.addEventListener("keydown", (e) => {
    if (e.target !== box || !box.classList.contains("scrolls")) return;
    const to: Record<string, number> = {
      ArrowLeft: box.scrollLeft - STEP_PX,
      ArrowRight: box.scrollLeft + STEP_PX,
      Home: 0,
      End: box.scrollWidth,
    };
    const left = to[e.key];
    if (left === undefined || e.ctrlKey || e.metaKey || e.altKey) return;
    e.preventDefault(); // the page's keys skip handled events
    box.scrollTo({ left });
  });
  const resized = new ResizeObserver(check);
  resized.observe(box);
  // Observing anew reports the box after the next layout, whatever its size.
  const recheck = () => {
    resized.unobserve(box);
    resized.observe(box);
  };
  // A font that arrives later re-checks. Not `document.fonts.ready`: reading it forces a layout,
  // which at the stepper's start was the whole page's first one, in the task that built it.
  document.fonts?.addEventListener("loadingdone", recheck);
  return recheck;
}
