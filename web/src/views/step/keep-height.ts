/**
 * The step panel only grows while the learner steps through one scenario at one width: the
 * panels under it (heat maps, links, scenario) then stay where they are, so a step lays out and
 * repaints the step alone. A step with fewer matrices used to pull them up and the next push them
 * down: the whole page below repainted twice (1–1.5 ms a step at 48 tokens and at Hopkins).
 * Measured by a resize observation, after the browser's own layout: no layout of its own.
 */

/**
 * Keeps `host`'s tallest border box as its min-height (CSS var --step-min, border-box sizing, so
 * setting it never grows the box further); returns a reset (a new scenario).
 */
export function keepHeight(host: HTMLElement): () => void {
  let tallest = 0;
  let width = 0;
  const set = (px: string) => host.style.setProperty("--step-min", px);
  new ResizeObserver(([entry]) => {
    const box = entry?.borderBoxSize[0];
    if (!box) return;
    // Another width (a resized window, presentation mode) wraps differently: start again.
    if (Math.abs(box.inlineSize - width) > 0.5) {
      width = box.inlineSize;
      tallest = 0;
      set("0px");
    } else if (box.blockSize > tallest + 0.5) set(`${(tallest = box.blockSize)}px`);
  }).observe(host);
  return () => {
    tallest = 0;
    set("0px");
  };
}
