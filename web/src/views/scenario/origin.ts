/**
 * Where a scenario came from: its optional `title` and `source` (docs/scenario.md), e.g. a layer
 * of a real model converted by the Python package. Shown above the walk as plain text (never
 * HTML: the file is someone else's), hidden when the scenario says neither.
 */
import type { ScenarioFile } from "../../wasm/types";
import type { Panel } from "../ui/panel";

/** The sentence for `s`: "Title (from source)", "Title", "From source", or "" for neither. */
export function originText(s: Pick<ScenarioFile, "title" | "source">): string {
  if (s.title && s.source) return `${s.title} (from ${s.source})`;
  if (s.title) return s.title;
  if (s.source) return `From ${s.source}`;
  return "";
}

/** Shows `s`'s origin in `host` (a `<p>` of the layout), or hides it. */
export function showOrigin(host: HTMLElement, s: ScenarioFile): void {
  const text = originText(s);
  if (host.textContent !== text) host.textContent = text;
  host.hidden = text === "";
}

/** The origin line as a panel: rewritten for each new result. */
export function createOrigin(host: HTMLElement): Panel {
  return {
    render({ state, newResult }) {
      if (newResult) showOrigin(host, state.scenario);
    },
  };
}
