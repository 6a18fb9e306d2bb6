/**
 * The drill-down panel of the step view: a non-modal dialog with a heading, a close button and
 * the numbers behind one cell. Opening moves the focus to its heading (so a screen reader reads
 * the panel's name); Escape or the button closes it and gives the focus back to the cell.
 * Escape works wherever the stepper's keys do: inside it, or from the page itself (the focus on
 * the body after a click on plain text) when it is the page's only stepper.
 */
import { activeElementIn, el, eventOrigin, makeButton, STEPPER_CLASS, stepperOf } from "../ui/dom";
import { keysBelongTo } from "../ui/keyboard";

/** A cell's place: its matrix figure's test id and its data-r / data-c, to find it again. */
function placeOf(target: HTMLElement | null): string | null {
  const cell = target?.closest<HTMLElement>("[data-r][data-c]");
  const figure = cell?.closest<HTMLElement>("figure[data-slot]");
  if (!cell || !figure) return null;
  return `figure[data-slot="${figure.dataset.slot}"] [data-r="${cell.dataset.r}"][data-c="${cell.dataset.c}"]`;
}

export interface DrillPanel {
  /** Shows `parts` under the heading `title`; the focus moves to the heading. */
  open(title: string, parts: HTMLElement[]): void;
  /** Hides the panel; `restoreFocus` gives the focus back to where it was before opening. */
  close(restoreFocus?: boolean): void;
  readonly isOpen: boolean;
}

export function createDrillPanel(host: HTMLElement): DrillPanel {
  const panel = el("section", "drill");
  panel.setAttribute("role", "dialog");
  panel.setAttribute("aria-modal", "false");
  panel.setAttribute("aria-labelledby", "drill-title");
  panel.dataset.testid = "drill-panel";
  panel.hidden = true;
  const header = el("div", "drill-head");
  const title = el("h3", "drill-title");
  title.id = "drill-title";
  title.tabIndex = -1;
  const close = makeButton("small drill-close", "Close");
  close.setAttribute("aria-label", "Close the drill-down (Escape)");
  header.append(title, close);
  const body = el("div", "drill-body");
  panel.append(header, body);
  host.append(panel);

  let returnTo: HTMLElement | null = null;
  let returnPlace: string | null = null;

  // The element to give the focus back to: the opener, or (if the matrices were redrawn since,
  // e.g. a virtual grid scrolled) the cell in the same place of the same matrix.
  function wayBack(): HTMLElement | null {
    if (returnTo?.isConnected) return returnTo;
    return returnPlace ? stepperOf(panel).querySelector<HTMLElement>(returnPlace) : null;
  }

  const api: DrillPanel = {
    open(text, parts) {
      const active = activeElementIn(panel);
      // Re-opening from inside the panel keeps the original way back.
      if (!panel.contains(active)) {
        returnTo = active instanceof HTMLElement ? active : null;
        returnPlace = placeOf(returnTo);
      }
      title.textContent = text;
      body.replaceChildren(...parts);
      panel.hidden = false;
      title.focus({ preventScroll: true });
      panel.scrollIntoView({ block: "nearest" });
    },
    close(restoreFocus = false) {
      if (panel.hidden) return;
      panel.hidden = true;
      body.replaceChildren();
      if (restoreFocus) wayBack()?.focus();
      returnTo = null;
      returnPlace = null;
    },
    get isOpen() {
      return !panel.hidden;
    },
  };
  close.addEventListener("click", () => api.close(true));
  panel.ownerDocument.addEventListener("keydown", (e) => {
    if (e.key !== "Escape" || panel.hidden || e.defaultPrevented) return;
    // Another stepper's Escape is not ours (several may share a page).
    const stepper = panel.closest<HTMLElement>(`.${STEPPER_CLASS}`);
    if (!stepper || !keysBelongTo(stepper, e)) return;
    // Escape in a field (a cell being edited) belongs to that field.
    const origin = eventOrigin(e);
    if (origin instanceof Element && origin.closest("input, textarea, select")) return;
    e.preventDefault();
    api.close(true);
  });
  return api;
}
