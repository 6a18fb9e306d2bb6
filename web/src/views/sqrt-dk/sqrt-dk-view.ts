/**
 * The "Why √d_k?" experiment's openers: a button in the top bar and, on Scale steps, a link in
 * the step view. Only these are in the first load: the dialog, its sweep and charts
 * (sqrt-dk-dialog.ts, line-chart.ts) are loaded with import() the first time one is clicked.
 */
import { makeButton } from "../ui/dom";
import type { Panel } from "../ui/panel";
import { Stage } from "../../wasm/enums";
import type { SqrtDkDialog, SqrtDkSource } from "./sqrt-dk-dialog";

export interface SqrtDkDeps extends SqrtDkSource {
  /** Where the "Why √d_k?" button goes (the top bar's tools). */
  bar: HTMLElement;
  /** Puts the Scale step's link in the step view (its `afterFormulas`). */
  placeLink(link: HTMLElement): void;
}

/** The dialog, as a panel: on Scale steps it shows its link in the step view. */
export interface SqrtDkView extends Panel {
  open(): Promise<void>;
}

/** The "Why √d_k?" button in the top bar, and the Scale step's link (placed by the panel). */
function openers(bar: HTMLElement, open: () => void): HTMLButtonElement {
  const why = makeButton(
    "small why-top",
    "Why √d_k?",
    "The experiment: what goes wrong without dividing by √d_k",
  );
  why.addEventListener("click", open);
  bar.append(why);
  const link = makeButton("small why-sqrt", "Why √d_k? Open the experiment");
  link.addEventListener("click", open);
  return link;
}

export function createSqrtDkView(root: HTMLElement, deps: SqrtDkDeps): SqrtDkView {
  let dialog: Promise<SqrtDkDialog> | null = null;
  const view: SqrtDkView = {
    async open() {
      dialog ??= import("./sqrt-dk-dialog").then((m) => m.createSqrtDkDialog(root, deps));
      (await dialog).open();
    },
    render({ step, newStep }) {
      if (!newStep) return;
      if (step.stage !== Stage.Scale) link.remove();
      else if (!link.parentNode) deps.placeLink(link);
    },
  };
  const link = openers(deps.bar, () => void view.open());
  return view;
}
