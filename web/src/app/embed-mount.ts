/**
 * Starts one embedded stepper (in an <attention-stepper> element's shadow root or the iframe embed
 * page): shows the rejected options as a message above it, fetches a `src` scenario file, checks
 * the start step against the scenario, applies the theme and height, and keeps the current step
 * in view inside the embed's own scroll box.
 */
import { startApp, type Stepper } from "./app";
import type { View } from "../state/app-state";
import type { EmbedConfig, EmbedOptionError } from "../state/embed-options";
import { checkStart } from "../state/embed-start";
import { messageBox, reveal, revealResult } from "../views/embed/embed-parts";
import { fromText } from "../wasm/scenario-text";
import type { ScenarioFile } from "../wasm/types";
import { afterLayout } from "../views/ui/after-layout";

/** Fetches and parses the scenario file at `src` (relative to the page). */
async function fetchScenario(src: string, doc: Document): Promise<ScenarioFile> {
  const url = new URL(src, doc.baseURI);
  let response: Response;
  try {
    response = await fetch(url);
  } catch (e) {
    throw new Error(`could not fetch "${src}" (${(e as Error).message}).`, { cause: e });
  }
  if (!response.ok) throw new Error(`could not fetch "${src}" (HTTP ${response.status}).`);
  // Decoded strictly: response.text() would turn bytes that are not UTF-8 into U+FFFD silently.
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(await response.arrayBuffer());
  } catch (e) {
    throw new Error(`"${src}" is not UTF-8 text; a scenario file must be.`, { cause: e });
  }
  try {
    // The core reads the file's own text (it skips a BOM): a repeated field is its to name.
    return fromText(JSON.parse(text.replace(/^\uFEFF/, "")) as ScenarioFile, text);
  } catch (e) {
    throw new Error(`"${src}" is not valid JSON (${(e as Error).message}).`, { cause: e });
  }
}

/**
 * After each move to another step once the stepper has started, scrolls the embed's own scroll
 * box (never the host page) before the next paint (measuring now would force a layout in every
 * step).
 */
function keepStepInView(stepper: () => Stepper | null): (view: View) => void {
  let last = "";
  return (view) => {
    const key = `${view.stage}/${view.head}/${view.query}/${view.granularity}`;
    if (key === last) return;
    last = key;
    const s = stepper();
    if (s) revealNow(s);
  };
}

/**
 * Scrolls the embed's box to the current step's title and result before the next paint; on
 * opening at a named stage (`first`), to the result first.
 */
function revealNow(s: Stepper, first = false): void {
  const parts = { box: s.layout.box, step: s.layout.step, result: () => s.resultFigure() };
  // Once the browser has laid the step out (after-layout.ts): an animation frame came before
  // that layout and forced one of its own.
  afterLayout(s.layout.step, () => (first ? revealResult : reveal)(parts));
}

/**
 * Empties `host` (an element, or a shadow root) and starts a stepper in it with `config`.
 * `label` names the source of the options in messages ("attribute" or "parameter").
 */
export async function mountEmbed(
  host: HTMLElement | ShadowRoot,
  config: EmbedConfig,
  label: string,
): Promise<Stepper> {
  const doc = host.ownerDocument;
  host.replaceChildren();
  const show = messageBox(host);
  const say = (e: EmbedOptionError) => `Attention Stepper: the ${label} ${e.message} ${e.outcome}`;
  const messages = config.errors.map(say);
  show(messages);
  const root = doc.createElement("div");
  root.className = "embedded";
  // Keys (arrows, space, [ ]) act on this stepper only, once it has the focus; focused, it is
  // announced by name.
  root.tabIndex = 0;
  root.setAttribute("role", "group");
  root.setAttribute("aria-label", "Attention Stepper");
  // embed.css: the height (a checked CSS length), or as tall as the content for "auto".
  if (config.height === "auto") root.classList.add("auto-height");
  else if (config.height) root.style.setProperty("--embed-height", config.height);
  root.classList.toggle("controls-minimal", config.controls === "minimal");
  host.append(root);
  const options = { ...config.options };
  if (config.src !== undefined) {
    try {
      options.scenario = await fetchScenario(config.src, doc);
    } catch (e) {
      messages.push(`Attention Stepper: the ${label} src: ${(e as Error).message}`);
      show(messages);
    }
  }
  // The opening step shows from the top (a named stage excepted, below); later moves scroll.
  let started: Stepper | null = null;
  const onView = keepStepInView(() => started);
  const stepper = await startApp(root, { ...options, onView });
  started = stepper;
  const result = stepper.result();
  const view = stepper.view();
  if (options.start && result && view) {
    messages.push(...checkStart(options.start, result, view).map(say));
    show(messages);
  }
  if (config.theme) stepper.setTheme(config.theme);
  // A named stage is what the author wants read: its result is brought into view at once.
  if (options.start?.stage !== undefined) revealNow(stepper, true);
  return stepper;
}
