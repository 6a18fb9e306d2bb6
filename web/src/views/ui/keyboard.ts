import { eventFrom, STEPPER_CLASS } from "./dom";

/**
 * Page-wide keys, as listed in the visible "Keys" help: ←/→ step, space play/pause, Home/End
 * first/last, [ and ] previous/next head, ↑/↓ previous/next query. Ignored while typing in a field,
 * with a modifier held, or when a control (a matrix grid, a select) handled the key itself.
 */
export interface KeyActions {
  previous(): void;
  next(): void;
  first(): void;
  last(): void;
  togglePlay(): void;
  previousHead(): void;
  nextHead(): void;
  previousQuery(): void;
  nextQuery(): void;
}

/** Where keys belong to the element: text entry and selects. */
function isTextField(el: Element | null): boolean {
  if (!(el instanceof HTMLElement)) return false;
  if (el.isContentEditable) return true;
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return true;
  if (el instanceof HTMLInputElement) {
    return !["checkbox", "radio", "button", "submit", "reset", "range", "color"].includes(el.type);
  }
  return false;
}

/** Elements whose own activation key is space (keep it theirs). */
function spaceActivates(el: Element | null): boolean {
  return (
    el instanceof HTMLElement &&
    el.closest("button, a[href], summary, input, [role=button]") !== null
  );
}

export function installKeyboard(target: Document | HTMLElement, a: KeyActions): () => void {
  const onKey = (e: KeyboardEvent) => {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
    const el = e.target instanceof Element ? e.target : null;
    if (isTextField(el)) return;
    const actions: Record<string, (() => void) | undefined> = {
      ArrowLeft: a.previous,
      ArrowRight: a.next,
      Home: a.first,
      End: a.last,
      "[": a.previousHead,
      "]": a.nextHead,
      ArrowUp: a.previousQuery,
      ArrowDown: a.nextQuery,
      " ": spaceActivates(el) ? undefined : a.togglePlay,
    };
    const action = actions[e.key];
    if (!action) return;
    e.preventDefault();
    action();
  };
  // The app listens on the document; an embedded stepper only on its own element.
  const listener = onKey as EventListener;
  target.addEventListener("keydown", listener);
  return () => target.removeEventListener("keydown", listener);
}

/**
 * Whether a key event is for the stepper `root`: it comes from inside it, or from the page itself
 * (the body) when `root` is the page's only stepper or `claim` says it owns the page (presenting).
 */
export function keysBelongTo(root: HTMLElement, e: KeyboardEvent, claim = false): boolean {
  // The event's path, not e.target: in a shadow root the target seen by the document is the host.
  if (eventFrom(e, root)) return true;
  const doc = root.ownerDocument;
  const fromPage = e.target === doc.body || e.target === doc.documentElement;
  return fromPage && (claim || doc.querySelectorAll(`.${STEPPER_CLASS}`).length === 1);
}
