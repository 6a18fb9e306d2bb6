/**
 * The stepper's layout, built inside any root element (the page, an embedded <attention-stepper>,
 * the iframe embed page). Ids are made unique per instance, so several steppers can share a page.
 */
import { PANELS, type PanelName } from "../../state/stepper-options";
import { STEPPER_CLASS } from "../ui/dom";
import { showAfterPaint } from "../ui/after-layout";

export interface Layout {
  root: HTMLElement;
  header: HTMLElement;
  /** The product's name in the top bar (the app page puts its view switch after it). */
  brand: HTMLElement;
  /** The box of the walk (pipeline, step, side panels), scrolled inside an embed. */
  box: HTMLElement;
  controls: HTMLElement;
  tools: HTMLElement;
  status: HTMLElement;
  /** Where the scenario came from (its title and source), when it says. */
  origin: HTMLElement;
  pipeline: HTMLElement;
  step: HTMLElement;
  heatmaps: HTMLElement;
  /** A query word's links to the keys (hidden with the heat maps). */
  links: HTMLElement;
  scenario: HTMLElement;
  keys: HTMLElement;
  announcer: HTMLElement;
}

const LAYOUT_HTML = `<a class="skip" href="#step">Skip to the current step</a>
<header class="topbar" data-part="header" data-testid="topbar">
  <div class="brand" data-part="brand">
    <p class="brand-name">Attention Stepper</p>
    <p>Step through Transformer attention like a debugger.</p>
  </div>
  <div data-part="controls" class="controls"></div>
  <div data-part="tools" class="tools"></div>
</header>
<p data-part="status" class="status" role="status"></p>
<p data-part="origin" class="origin" role="note" data-testid="origin" hidden></p>
<div class="layout" data-part="box">
  <nav data-part="pipeline" class="panel pipeline"></nav>
  <section id="step" data-part="step" class="panel step" tabindex="-1"></section>
  <aside class="side">
    <section data-part="heatmaps" class="panel heatmaps" aria-label="Attention weights"></section>
    <section data-part="links" class="panel links"></section>
    <section data-part="scenario" class="panel scenario-panel" aria-label="Scenario"></section>
    <section data-part="keys" class="panel keys" aria-labelledby="keys-title"></section>
  </aside>
</div>
<div data-part="announcer" class="sr-only" aria-live="polite" aria-atomic="true"></div>`;

let instances = 0;

/** Fills `root` with the stepper's layout. */
export function createLayout(root: HTMLElement): Layout {
  root.classList.add(STEPPER_CLASS);
  root.innerHTML = LAYOUT_HTML;
  const part = (name: string): HTMLElement => {
    const el = root.querySelector<HTMLElement>(`[data-part="${name}"]`);
    if (!el) throw new Error(`layout has no ${name}`);
    return el;
  };
  const step = part("step");
  // The side panels (the scenario's form: 18 fields, 5 menus) come one frame after the rest: in
  // the page's first frame they were 5 of its 13 ms of layout.
  const side = root.querySelector(".side");
  if (side) showAfterPaint(side);
  // Focus the step view by script: a "#step" link cannot reach into a shadow root, and on the
  // app page it would rewrite the URL's hash, which holds the view.
  root.querySelector(".skip")?.addEventListener("click", (e) => {
    e.preventDefault();
    step.focus();
  });
  return {
    root,
    header: part("header"),
    brand: part("brand"),
    box: part("box"),
    controls: part("controls"),
    tools: part("tools"),
    status: part("status"),
    origin: part("origin"),
    pipeline: part("pipeline"),
    step,
    heatmaps: part("heatmaps"),
    links: part("links"),
    scenario: part("scenario"),
    keys: part("keys"),
    announcer: part("announcer"),
  };
}

/**
 * Renames every id inside `root` to a per-instance one and rewrites the references to it
 * (label for, aria-*, href="#…"), so two steppers on one page never share an id. Call it once the
 * renderers have built their DOM: they keep element references and never look ids up later.
 */
export function scopeIds(root: HTMLElement): void {
  const prefix = `as${++instances}-`;
  const renamed = new Map<string, string>();
  for (const el of root.querySelectorAll<HTMLElement>("[id]")) {
    renamed.set(el.id, prefix + el.id);
    el.id = prefix + el.id;
  }
  const rename = (list: string) =>
    list
      .split(/\s+/)
      .map((id) => renamed.get(id) ?? id)
      .join(" ");
  for (const attr of ["for", "aria-describedby", "aria-labelledby", "aria-controls"]) {
    for (const el of root.querySelectorAll<HTMLElement>(`[${attr}]`)) {
      el.setAttribute(attr, rename(el.getAttribute(attr) ?? ""));
    }
  }
  for (const a of root.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')) {
    const id = (a.getAttribute("href") ?? "").slice(1);
    const scoped = renamed.get(id);
    if (scoped) a.setAttribute("href", `#${scoped}`);
  }
}

/** Hides the named panels (an embedder's choice); the step view is always shown. */
export function hidePanels(layout: Layout, hide: ReadonlySet<PanelName>): void {
  for (const name of PANELS) if (name !== "algorithm") layout[name].hidden = hide.has(name);
  layout.root.classList.toggle("no-algorithm", hide.has("algorithm"));
  layout.links.hidden = hide.has("heatmaps");
  const noSide = hide.has("heatmaps") && hide.has("scenario") && hide.has("keys");
  layout.root.classList.toggle("no-side", noSide);
  layout.root.classList.toggle("no-pipeline", hide.has("pipeline"));
}
