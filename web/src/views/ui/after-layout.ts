/**
 * Measuring after the browser's own layout of the next frame. A measure (getBoundingClientRect,
 * scrollWidth) taken in a step's task or in an animation frame comes before that layout and forces
 * one of its own over everything the step has just changed (2–3 ms a step at the Hopkins size).
 * A resize observation comes after it: observing an element anew reports it once the next frame
 * is laid out, whatever its size, and there the layout is already done.
 */

/** What waits for each observed element's next report. */
const waiting = new Map<Element, (() => void)[]>();
const observer =
  typeof ResizeObserver === "function"
    ? new ResizeObserver((entries) => {
        for (const { target } of entries) {
          const fs = waiting.get(target) ?? [];
          waiting.delete(target);
          observer?.unobserve(target);
          for (const f of fs) f();
        }
      })
    : null;

/**
 * Runs `f` once the frame after this task is laid out, before it is painted (so a scroll it
 * makes shows in that frame). `target` is any element in the document.
 */
export function afterLayout(target: Element, f: () => void): void {
  if (!observer) return void requestAnimationFrame(f);
  const fs = waiting.get(target);
  if (fs) return void fs.push(f);
  waiting.set(target, [f]);
  observer.observe(target);
}

/** What waits for the next frame (`next`), then each painted frame's batch in order (`batches`). */
let next: (() => void)[] = [];
const batches: (() => void)[][] = [];
/** One channel for every call: a channel is a pipe to make and to close, each step. */
let channel: MessageChannel | null = null;

function runBatch(): void {
  for (const f of batches.shift() ?? []) f();
}

/**
 * Runs `f` in a task of its own once the next frame is painted: for work the frame does not show
 * (loading the neighbouring steps), which would otherwise share that frame's task, or its cores.
 * A hidden page paints no frame: `f` then waits until it is shown again.
 */
export function afterPaint(f: () => void): void {
  next.push(f);
  if (next.length > 1) return;
  requestAnimationFrame(() => {
    batches.push(next);
    next = [];
    if (!channel) {
      channel = new MessageChannel();
      channel.port1.onmessage = runBatch;
    }
    // The message's task comes after this frame's paint (a message is not an animation frame).
    channel.port2.postMessage(null);
  });
}

/** The class of a part put off (base.css: skipped, content-visibility: hidden, until removed). */
const PUT_OFF = "shown-after-paint";

/**
 * Shows `element` one frame after this task's: for a part below the rest whose first layout
 * would make the page's first frames one long task.
 */
export function showAfterPaint(element: Element): void {
  element.classList.add(PUT_OFF);
  afterPaint(() => element.classList.remove(PUT_OFF));
}

/** Shows `element` at once if showAfterPaint put it off: for a measure that needs it laid out. */
export function showNow(element: Element): void {
  element.classList.remove(PUT_OFF);
}
