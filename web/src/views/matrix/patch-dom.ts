/**
 * Makes a live subtree equal to a model subtree (a parsed template) by changing only what
 * differs: a node of the same kind, name and attributes is kept and its children patched in
 * turn, a text node gets its new text, anything else is replaced by a copy of the model's node.
 * A step's formula with numbers differs from the last one mostly in its digits, so the browser
 * restyles and lays out those few text nodes instead of ~120 new MathML elements.
 */

/** Whether elements `a` and `b` have the same name and the same attributes. */
function sameElement(a: Element, b: Element): boolean {
  if (a.tagName !== b.tagName || a.namespaceURI !== b.namespaceURI) return false;
  const attrs = b.attributes;
  if (a.attributes.length !== attrs.length) return false;
  for (let i = 0; i < attrs.length; i++) {
    const x = attrs[i]!;
    if (a.getAttributeNS(x.namespaceURI, x.localName) !== x.value) return false;
  }
  return true;
}

/** Whether `live` can be kept for `model`: same kind and, for an element, same name and attributes. */
function keeps(live: Node, model: Node): boolean {
  if (live.nodeType !== model.nodeType) return false;
  if (model instanceof Element) return sameElement(live as Element, model);
  return model.nodeType === Node.TEXT_NODE;
}

/** Patches the children of `live` to equal those of `model` (which stays untouched). */
export function patchChildren(live: Node, model: Node): void {
  let l = live.firstChild;
  for (let m = model.firstChild; m; m = m.nextSibling) {
    if (l && keeps(l, m)) {
      if (m.nodeType === Node.TEXT_NODE) {
        if ((l as Text).data !== (m as Text).data) (l as Text).data = (m as Text).data;
      } else patchChildren(l, m);
      l = l.nextSibling;
    } else {
      const copy = m.cloneNode(true);
      live.insertBefore(copy, l);
    }
  }
  // What the model does not have goes.
  while (l) {
    const next = l.nextSibling;
    l.remove();
    l = next;
  }
}
