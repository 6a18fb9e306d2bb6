/**
 * Token chips: each token's piece shown cleanly (state/lm-pieces.ts) over its id. A generated
 * token's chip is focusable and, on hover or focus, shows the model's 10 most likely next tokens
 * at that position with their probabilities (the distribution the token was picked from).
 */
import { el } from "../ui/dom";
import type { TopTokens } from "../../wasm/lm-client";

/** How the view names a token id (a piece's label, or "#id" without a tokenizer). */
export type Labeller = (id: number) => string;

/** One chip: the piece over its id. */
export function tokenChip(id: number, label: Labeller): HTMLElement {
  const chip = el("li", "lm-token");
  chip.append(el("span", "lm-piece", label(id)), el("span", "lm-id", String(id)));
  return chip;
}

/** The top-10 table shown beside a generated token. */
function topTable(top: TopTokens, picked: number, label: Labeller): HTMLElement {
  const box = el("div", "lm-top");
  box.setAttribute("role", "tooltip");
  const table = el("table");
  table.append(el("caption", "", "Most likely next tokens here"));
  top.ids.forEach((id, i) => {
    const row = el("tr");
    if (id === picked) row.className = "picked";
    const p = top.probs[i] ?? 0;
    const bar = el("span", "lm-bar");
    bar.style.width = `${Math.max(1, Math.round(p * 60))}px`;
    const cell = el("td", "lm-prob", p.toFixed(3));
    cell.prepend(bar);
    row.append(el("td", "lm-piece", label(id)), cell);
    table.append(row);
  });
  box.append(table);
  return box;
}

let tips = 0;

/** A generated token's chip, with its top-10 on hover and focus (keyboard: Tab to it). */
export function generatedChip(id: number, top: TopTokens, label: Labeller): HTMLElement {
  const chip = tokenChip(id, label);
  chip.classList.add("generated");
  chip.tabIndex = 0;
  const tip = topTable(top, id, label);
  tip.id = `lm-top-${++tips}`;
  chip.setAttribute("aria-describedby", tip.id);
  chip.append(tip);
  return chip;
}

/** A list of chips for `ids`, labelled for screen readers. */
export function chipList(name: string): HTMLOListElement {
  const list = el("ol", "lm-tokens");
  list.setAttribute("aria-label", name);
  return list;
}
