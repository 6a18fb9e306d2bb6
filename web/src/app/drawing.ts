/**
 * When the controller draws: a state is drawn once the parts of its result that its render reads
 * are on the page (render-reads.ts), in the same task when they are, otherwise after one or two
 * requests to the core's worker. A read of a part not loaded yet stops the render: the part is
 * loaded and the render made again (a forgotten part costs a round trip, never a wrong screen).
 * After each drawing, once it is painted, the neighbouring steps' parts are loaded meanwhile, the
 * next ones eight at a time.
 */
import { stepBy, type AppState } from "../state/app-state";
import { allLoaded, NotLoadedError, preload } from "../wasm/lazy-run";
import { afterPaint } from "../views/ui/after-layout";
import { renderReads } from "./render-reads";

/** Steps loaded at once when the next one is missing: one request to the worker per AHEAD. */
const AHEAD = 8;

/**
 * What the likely next moves read, loaded meanwhile to be drawn at once: back, and forward; when
 * the next step is not loaded, the AHEAD steps after this one (stepping on, a request every step
 * cost 0.2–0.4 ms of scripting: a message each way and its promises).
 */
function nearbyReads(s: AppState) {
  const next = renderReads(stepBy(s, 1));
  const later = allLoaded(next)
    ? []
    : Array.from({ length: AHEAD - 1 }, (_, i) => stepBy(s, i + 2));
  return [...renderReads(stepBy(s, -1)), ...next, ...later.flatMap(renderReads)];
}

export interface Drawing {
  /** Draws the current state if it is not drawn yet; `again` redraws the one drawn (play state). */
  draw(again?: boolean): void;
  /** The state on screen. */
  drawn(): AppState | null;
  /** Forgets what is on screen: the next drawing starts from scratch (a new scenario). */
  reset(): void;
}

export function createDrawing(
  current: () => AppState | null,
  render: (prev: AppState | null, s: AppState) => void,
  say: (text: string) => void,
): Drawing {
  let drawn: AppState | null = null;
  /** The parts being loaded for a drawing, if any; it runs again once they are in. */
  let loading: Promise<boolean> | null = null;

  function draw(again = false): void {
    const s = current();
    if (loading || !s || (s === drawn && !again)) return;
    const reads = () => renderReads(s);
    if (!allLoaded(reads())) return wait(preload(reads), s);
    try {
      render(again ? s : drawn, s);
      drawn = s;
      // Not in the drawing's task: the worker's answers would share its cores (a run's first step).
      afterPaint(() => void preload(() => nearbyReads(s)).catch(() => undefined));
    } catch (e) {
      if (!(e instanceof NotLoadedError)) throw e;
      wait(e.load(), s);
    }
  }

  /**
   * Draws again once `parts` (read by state `s`) are loaded, or says why they could not be. A
   * failed load of a state already replaced (its run released by a newer one) still draws the
   * current state: otherwise it would stay undrawn until the next move.
   */
  function wait(parts: Promise<void>, s: AppState): void {
    loading = parts.then(
      () => true,
      (e: unknown) => {
        // Said, not retried: the next move draws again. A state already replaced says nothing.
        if (current() !== s) return false;
        say(
          `Could not load this step from the core: ${e instanceof Error ? e.message : String(e)}`,
        );
        return false;
      },
    );
    void loading.then((loaded) => {
      loading = null;
      if (loaded || current() !== s) draw();
    });
  }

  return {
    draw,
    drawn: () => drawn,
    reset: () => (drawn = null),
  };
}
