/**
 * Editing numbers in place. On an input matrix (X, the weights, the scoring matrices) a focused
 * cell opens a text box on double-click, Enter, F2 or when a digit, sign or point is typed. Enter
 * commits, Escape cancels. A refused value (the core judges it) leaves the box open with what was
 * typed and the core's message beside the cell; the cell keeps its value. Computed matrices say
 * they cannot be edited. Works wherever cells carry data-r / data-c (compact table, virtual grid).
 */
import { stepperOf } from "../ui/dom";
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

/** Focuses the cell (r, c) of the figure in slot `slot` of this stepper after it was redrawn. */
function refocus(scope: ParentNode, slot: string, r: number, c: number): void {
  const fig = scope.querySelector<HTMLElement>(`[data-slot="${slot}"]`);
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

/** The text box over cell (r, c) of `spec`, holding `initial`. */
function editorInput(cell: HTMLElement, spec: MatrixSpec, r: number, c: number, initial: string) {
  const input = document.createElement("input");
  input.type = "text";
  input.inputMode = "decimal";
  input.autocomplete = "off";
  input.spellcheck = false;
  input.className = "cell-editor";
  input.setAttribute("aria-label", `Edit ${spec.plain} row ${r + 1}, column ${c + 1}`);
  input.style.width = `${Math.max(cell.clientWidth, 72)}px`;
  input.value = initial;
  return input;
}

/** One open text box: the cell, what it showed, and the value it started from. */
interface Open {
  input: HTMLInputElement;
  cell: HTMLElement;
  spec: MatrixSpec;
  r: number;
  c: number;
  before: number;
  shown: string;
  initial: string;
  /** The first character typed, or null when opened with the value selected. */
  first: string | null;
}

/** The editing of one matrix figure's cells. */
class CellEditor {
  private open: HTMLInputElement | null = null;
  private busy = false;

  constructor(
    private readonly fig: HTMLElement,
    private readonly current: () => { view: MatrixView; spec: MatrixSpec },
  ) {}

  private refuse(cell: HTMLElement, spec: MatrixSpec): void {
    showBubble(
      this.fig,
      cell,
      `${spec.plain} is computed from other matrices, so it cannot be edited. ` +
        "Edit an input instead: X or a weight matrix.",
      false,
    );
  }

  start(cell: HTMLElement, first: string | null): void {
    const { view, spec } = this.current();
    if (!spec.edit) return this.refuse(cell, spec);
    // A virtual grid redraws on scroll and may have dropped an open box.
    if (this.open?.isConnected) return;
    const r = Number(cell.dataset.r);
    const c = Number(cell.dataset.c);
    const before = view.value(r, c);
    const shown = cell.textContent ?? "";
    const initial = first ?? String(before);
    const input = editorInput(cell, spec, r, c, initial);
    cell.textContent = "";
    cell.append(input);
    cell.classList.add("editing");
    this.open = input;
    input.focus();
    if (first === null) input.select();
    this.listen({ input, cell, spec, r, c, before, shown, initial, first });
  }

  private listen(o: Open): void {
    o.input.addEventListener("keydown", (e) => {
      // The text box owns every key: no stepping, no moving between cells while typing.
      e.stopPropagation();
      if (e.key === "Enter") {
        e.preventDefault();
        void this.tryCommit(o, false);
      } else if (e.key === "Escape") {
        e.preventDefault();
        this.close(o, true);
      }
    });
    o.input.addEventListener("blur", () => {
      // Leaving an unchanged or refused box keeps it as it is only while it has an error.
      if (this.busy || this.open !== o.input || o.input.getAttribute("aria-invalid") === "true")
        return;
      void this.tryCommit(o, true);
    });
  }

  private close(o: Open, refocusCell: boolean): void {
    this.open = null;
    this.fig.querySelector(".edit-bubble")?.remove();
    o.cell.classList.remove("editing");
    o.input.remove();
    o.cell.textContent = o.shown;
    if (refocusCell) o.cell.focus();
  }

  private async tryCommit(o: Open, fromBlur: boolean): Promise<void> {
    const { input, spec, r, c } = o;
    if (input.value.trim() === o.initial.trim() && o.first === null)
      return this.close(o, !fromBlur);
    const [sr, sc] = storedOf(spec, r, c);
    const scope = stepperOf(this.fig);
    // A successful commit redraws the page, which removes the box and fires its blur: ignore it
    // while the core judges the value.
    let message: string | null;
    this.busy = true;
    try {
      message = await spec.edit!.commit(sr, sc, input.value);
    } finally {
      this.busy = false;
    }
    if (message === null) {
      // Done: the page was redrawn with the new numbers; the focus goes back to the cell.
      this.open = null;
      if (!fromBlur) refocus(scope, spec.testId, r, c);
      return;
    }
    input.setAttribute("aria-invalid", "true");
    const bubble = showBubble(
      this.fig,
      o.cell,
      /[.!?]$/.test(message) ? message : `${message}.`,
      true,
      `The cell keeps ${formatCell(o.before)}. Fix the number and press Enter, or Escape to cancel.`,
    );
    input.setAttribute("aria-describedby", bubble.id);
    if (!fromBlur) input.focus();
  }

  /** Whether a text box is open. */
  get editing(): boolean {
    return this.open !== null;
  }
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
  const editor = new CellEditor(fig, current);
  describeEdited(box);
  box.addEventListener("dblclick", (e) => {
    const cell = cellAt(e.target);
    const { spec } = current();
    // On a drillable (computed) matrix a double-click is two clicks of the drill-down: no refusal.
    if (cell && (spec.edit || !spec.onActivate)) editor.start(cell, null);
  });
  box.addEventListener("keydown", (e) => {
    const cell = cellAt(e.target);
    if (!cell || e.ctrlKey || e.metaKey || e.altKey) return;
    const typed = STARTS_NUMBER.test(e.key);
    const opens = e.key === "F2" || (current().spec.edit !== undefined && e.key === "Enter");
    if (!typed && !opens) return;
    e.preventDefault();
    e.stopPropagation();
    editor.start(cell, typed ? e.key : null);
  });
  box.addEventListener("focusout", (e) => {
    if (!editor.editing && !fig.contains(e.relatedTarget as Node | null)) {
      fig.querySelector(".edit-bubble:not(.error)")?.remove();
    }
  });
}
