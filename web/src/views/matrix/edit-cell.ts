/**
 * Editing numbers in place. On an input matrix (X, the weights, the scoring matrices) a focused
 * cell opens a text box on double-click, Enter, F2 or when a digit, sign or point is typed. Enter
 * commits, Escape cancels. A refused value (the core judges it) leaves the box open with what was
 * typed and the core's message beside the cell; the cell keeps its value. Computed matrices say
 * they cannot be edited. Works wherever cells carry data-r / data-c (compact table, virtual grid).
 */
import { formatCell } from "../ui/format";
import type { MatrixSpec, MatrixView } from "./matrix-model";

/** Keys that start editing a focused cell with themselves as the first character. */
const STARTS_NUMBER = /^[0-9.+\-\u2212]$/;

let bubbleCount = 0;

/** A message box anchored under `cell` inside the figure (which is position: relative). */
function showBubble(fig: HTMLElement, cell: HTMLElement, text: string, alert: boolean, hint = "") {
  fig.querySelector(".edit-bubble")?.remove();
  const bubble = document.createElement("p");
  bubble.className = `edit-bubble${alert ? " error" : ""}`;
  bubble.id = `edit-bubble-${++bubbleCount}`;
  bubble.setAttribute("role", alert ? "alert" : "status");
  bubble.dataset.testid = "edit-message";
  const main = document.createElement(alert ? "strong" : "span");
  main.textContent = text;
  bubble.append(main);
  if (hint) bubble.append(` ${hint}`);
  fig.append(bubble);
  const cr = cell.getBoundingClientRect();
  const fr = fig.getBoundingClientRect();
  const left = Math.max(0, Math.min(cr.left - fr.left, fr.width - bubble.offsetWidth));
  bubble.style.left = `${left}px`;
  bubble.style.top = `${cr.bottom - fr.top + 4}px`;
  return bubble;
}

/** Where a displayed cell is stored (K is shown transposed, for one). */
function storedOf(spec: MatrixSpec, r: number, c: number): [number, number] {
  return spec.transposed ? [c, r] : [r, c];
}

function cellAt(target: EventTarget | null): HTMLElement | null {
  if (!(target instanceof HTMLElement) || target instanceof HTMLInputElement) return null;
  return target.closest<HTMLElement>("[data-r][data-c]");
}

/** Focuses the cell (r, c) of the figure `testId` of this stepper after it was redrawn. */
function refocus(scope: ParentNode, testId: string, r: number, c: number): void {
  const fig = scope.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
  const cell = fig?.querySelector<HTMLElement>(`[data-r="${r}"][data-c="${c}"]`);
  if (!fig || !cell) return;
  for (const t of fig.querySelectorAll<HTMLElement>('[data-r][tabindex="0"]')) t.tabIndex = -1;
  cell.tabIndex = 0;
  cell.focus();
}

/** Screen readers hear "edited" after the value (the marker itself is drawn by CSS). */
export function describeEdited(box: HTMLElement): void {
  for (const cell of box.querySelectorAll("[data-r][aria-description]"))
    if (!cell.classList.contains("edited")) cell.removeAttribute("aria-description");
  for (const cell of box.querySelectorAll(".edited"))
    cell.setAttribute("aria-description", "edited");
}

/**
 * Makes the cells of one matrix figure editable (or explains that they are not). `current` gives
 * the matrix on screen now: a step may update the figure in place with another step's matrix.
 */
export function wireCellEditing(
  fig: HTMLElement,
  box: HTMLElement,
  current: () => { view: MatrixView; spec: MatrixSpec },
): void {
  let open: HTMLInputElement | null = null;
  let busy = false;

  function refuse(cell: HTMLElement, spec: MatrixSpec): void {
    showBubble(
      fig,
      cell,
      `${spec.plain} is computed from other matrices, so it cannot be edited. ` +
        "Edit an input instead: X or a weight matrix.",
      false,
    );
  }

  function start(cell: HTMLElement, first: string | null): void {
    const { view, spec } = current();
    const hook = spec.edit;
    if (!hook) return refuse(cell, spec);
    // A virtual grid redraws on scroll and may have dropped an open box.
    if (open?.isConnected) return;
    const r = Number(cell.dataset.r);
    const c = Number(cell.dataset.c);
    const before = view.value(r, c);
    const shown = cell.textContent ?? "";
    const input = document.createElement("input");
    input.type = "text";
    input.inputMode = "decimal";
    input.autocomplete = "off";
    input.spellcheck = false;
    input.className = "cell-editor";
    input.setAttribute("aria-label", `Edit ${spec.plain} row ${r + 1}, column ${c + 1}`);
    input.style.width = `${Math.max(cell.clientWidth, 72)}px`;
    const initial = first ?? String(before);
    input.value = initial;
    cell.textContent = "";
    cell.append(input);
    cell.classList.add("editing");
    open = input;
    input.focus();
    if (first === null) input.select();

    const close = (refocusCell: boolean) => {
      open = null;
      fig.querySelector(".edit-bubble")?.remove();
      cell.classList.remove("editing");
      input.remove();
      cell.textContent = shown;
      if (refocusCell) cell.focus();
    };
    const tryCommit = async (fromBlur: boolean) => {
      if (input.value.trim() === initial.trim() && first === null) return close(!fromBlur);
      const [sr, sc] = storedOf(spec, r, c);
      const scope: ParentNode = fig.closest(".stepper") ?? fig.ownerDocument;
      // A successful commit redraws the page, which removes the box and fires its blur: ignore it
      // while the core judges the value.
      let message: string | null;
      busy = true;
      try {
        message = await hook.commit(sr, sc, input.value);
      } finally {
        busy = false;
      }
      if (message === null) {
        // Done: the page was redrawn with the new numbers; the focus goes back to the cell.
        open = null;
        if (!fromBlur) refocus(scope, spec.testId, r, c);
        return;
      }
      input.setAttribute("aria-invalid", "true");
      const bubble = showBubble(
        fig,
        cell,
        /[.!?]$/.test(message) ? message : `${message}.`,
        true,
        `The cell keeps ${formatCell(before)}. Fix the number and press Enter, or Escape to cancel.`,
      );
      input.setAttribute("aria-describedby", bubble.id);
      if (!fromBlur) input.focus();
    };
    input.addEventListener("keydown", (e) => {
      // The text box owns every key: no stepping, no moving between cells while typing.
      e.stopPropagation();
      if (e.key === "Enter") {
        e.preventDefault();
        void tryCommit(false);
      } else if (e.key === "Escape") {
        e.preventDefault();
        close(true);
      }
    });
    input.addEventListener("blur", () => {
      // Leaving an unchanged or refused box keeps it as it is only while it has an error.
      if (busy || open !== input || input.getAttribute("aria-invalid") === "true") return;
      void tryCommit(true);
    });
  }

  describeEdited(box);
  box.addEventListener("dblclick", (e) => {
    const cell = cellAt(e.target);
    const { spec } = current();
    // On a drillable (computed) matrix a double-click is two clicks of the drill-down: no refusal.
    if (cell && (spec.edit || !spec.onActivate)) start(cell, null);
  });
  box.addEventListener("keydown", (e) => {
    const cell = cellAt(e.target);
    if (!cell || e.ctrlKey || e.metaKey || e.altKey) return;
    const typed = STARTS_NUMBER.test(e.key);
    const opens = e.key === "F2" || (current().spec.edit !== undefined && e.key === "Enter");
    if (!typed && !opens) return;
    e.preventDefault();
    e.stopPropagation();
    start(cell, typed ? e.key : null);
  });
  box.addEventListener("focusout", (e) => {
    if (!open && !fig.contains(e.relatedTarget as Node | null)) {
      fig.querySelector(".edit-bubble:not(.error)")?.remove();
    }
  });
}
