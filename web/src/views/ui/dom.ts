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

/** Sets `e`'s text only when it differs: an equal write would still redo its layout. */
export function setText(e: HTMLElement, text: string): void {
  // A lone text node is rewritten, not replaced: the browser keeps its layout object and
  // only measures the new text again. No text leaves no node, so that :empty still matches.
  const node = e.firstChild;
  if (text !== "" && node instanceof Text && node === e.lastChild) {
    if (node.data !== text) node.data = text;
  } else if (e.textContent !== text) e.textContent = text;
}

/**
 * Keeps `n` children in `parent`, reusing those there: extra ones go from the end, missing ones
 * are made by `make(index)`. Returns the children, for the caller to rewrite in place.
 */
export function keepChildren<T extends Element>(
  parent: Element,
  n: number,
  make: (i: number) => T,
): HTMLCollectionOf<T> {
  while (parent.children.length > n) parent.lastElementChild!.remove();
  while (parent.children.length < n) parent.append(make(parent.children.length));
  return parent.children as HTMLCollectionOf<T>;
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

/*
 * A stepper may live in a shadow root (<attention-stepper>): look things up from its root node,
 * never through `document`, whose activeElement and event targets stop at the element.
 */

/** The class of a stepper's root element (views/layout sets it): the one scope a view searches
 * its own elements in again, since a page may hold several steppers. */
export const STEPPER_CLASS = "stepper";

/** The stepper that holds `node`, or its document or shadow root when it is in none. */
export function stepperOf(node: Element): ParentNode {
  return node.closest(`.${STEPPER_CLASS}`) ?? rootOf(node);
}

/** The document or shadow root that holds `node`. */
export function rootOf(node: Node): Document | ShadowRoot {
  const r = node.getRootNode();
  return r instanceof ShadowRoot ? r : (node.ownerDocument ?? document);
}

/** The focused element in `node`'s document or shadow root (inside it, not the host element). */
export function activeElementIn(node: Node): Element | null {
  return rootOf(node).activeElement;
}

/** Where an event really began, inside shadow roots too (`e.target` stops at their host). */
export function eventOrigin(e: Event): EventTarget | null {
  return e.composedPath()[0] ?? e.target;
}

/** Whether `e` began inside `node` (across shadow boundaries). */
export function eventFrom(e: Event, node: Node): boolean {
  return e.composedPath().includes(node);
}
