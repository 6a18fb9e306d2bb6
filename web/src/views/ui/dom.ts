/** Small DOM helpers shared by the views. */

/** A new element with a class and, optionally, text. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className = "",
  text = "",
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text) e.textContent = text;
  return e;
}

/** A <button type="button"> (never a form's submit) with a class, its text and a tooltip. */
export function makeButton(className: string, text: string, title = ""): HTMLButtonElement {
  const b = el("button", className, text);
  b.type = "button";
  if (title) b.title = title;
  return b;
}

/** A token in quotes, as the core's sentences write it: 'Michael'. */
export const quoted = (token: string | undefined): string => `'${token ?? "?"}'`;

let nextId = 0;

/**
 * A wide table in a horizontal scroll box, captioned by a paragraph outside the box (so the
 * caption wraps to the panel's width instead of scrolling away) that also names the table.
 */
export function captionedTable(caption: string, table: HTMLTableElement, boxClass: string) {
  const fig = el("figure", "tfig");
  const text = el("p", "tcaption", caption);
  text.id = `tcaption-${++nextId}`;
  table.setAttribute("aria-labelledby", text.id);
  const box = el("div", boxClass);
  box.append(table);
  fig.append(text, box);
  return fig;
}
