/**
 * The drill-down panel of the step view: a non-modal dialog with a heading, a close button and
 * the numbers behind one cell. Opening moves the focus to its heading (so a screen reader reads
 * the panel's name); Escape or the button closes it and gives the focus back to the cell.
 */
import { activeElementIn, el, eventFrom, eventOrigin, makeButton } from "../ui/dom";

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

  const api: DrillPanel = {
    open(text, parts) {
      const active = activeElementIn(panel);
      // Re-opening from inside the panel keeps the original way back.
      if (!panel.contains(active)) returnTo = active instanceof HTMLElement ? active : null;
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
      if (restoreFocus && returnTo?.isConnected) returnTo.focus();
      returnTo = null;
    },
    get isOpen() {
      return !panel.hidden;
    },
  };
  close.addEventListener("click", () => api.close(true));
  panel.ownerDocument.addEventListener("keydown", (e) => {
    if (e.key !== "Escape" || panel.hidden || e.defaultPrevented) return;
    // Another stepper's Escape is not ours (several may share a page).
    const stepper = panel.closest(".stepper");
    if (stepper && !eventFrom(e, stepper)) return;
    // Escape in a field (a cell being edited) belongs to that field.
    const origin = eventOrigin(e);
    if (origin instanceof Element && origin.closest("input, textarea, select")) return;
    e.preventDefault();
    api.close(true);
  });
  return api;
}
