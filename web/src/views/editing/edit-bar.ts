/**
 * The edit bar: Undo, Redo, Reset edits and how many cells are edited. Like the step controls it
 * uses aria-disabled (a focused button keeps the focus when it runs out) and never owns state.
 */
export interface EditBarActions {
  undo(): void;
  redo(): void;
  reset(): void;
}

export interface EditBarView {
  canUndo: boolean;
  canRedo: boolean;
  edited: number;
  /** Said instead of the usual hint while nothing is edited ("3 edits cleared: …"); "" for none. */
  note: string;
}

export interface EditBar {
  update(v: EditBarView): void;
}

function button(label: string, text: string, keys: string, onClick: () => void) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "small";
  b.textContent = text;
  b.setAttribute("aria-label", label);
  if (keys) b.setAttribute("aria-keyshortcuts", keys);
  b.title = keys ? `${label} (${keys.replace("Control", "Ctrl")})` : label;
  b.addEventListener("click", () => {
    if (b.getAttribute("aria-disabled") !== "true") onClick();
  });
  return b;
}

export function createEditBar(host: HTMLElement, a: EditBarActions): EditBar {
  const bar = document.createElement("div");
  bar.className = "edit-bar";
  bar.setAttribute("role", "group");
  bar.setAttribute("aria-label", "Edits");
  const undo = button("Undo edit", "↶ Undo", "Control+Z", a.undo);
  const redo = button("Redo edit", "↷ Redo", "Control+Shift+Z", a.redo);
  const reset = button("Reset edits", "Reset edits", "", a.reset);
  const count = document.createElement("output");
  count.className = "edit-count";
  count.dataset.testid = "edit-count";
  bar.append(undo, redo, reset, count);
  host.append(bar);
  return {
    update(v) {
      undo.setAttribute("aria-disabled", String(!v.canUndo));
      redo.setAttribute("aria-disabled", String(!v.canRedo));
      reset.setAttribute("aria-disabled", String(v.edited === 0));
      count.textContent =
        v.edited > 0
          ? `${v.edited} cell${v.edited === 1 ? "" : "s"} edited`
          : v.note || "No edits yet: double-click a number of X or of a W to change it.";
      count.classList.toggle("none", v.edited === 0 && !v.note);
    },
  };
}
