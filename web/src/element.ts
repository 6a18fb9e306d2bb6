/**
 * <attention-stepper>: a stepper for any page, with one script tag (built as attention-stepper.js;
 * its wasm and fonts load relative to the script, wherever the host page is):
 *
 *   <script type="module" src="attention-stepper.js"></script>
 *   <attention-stepper preset="scratch" stage="softmax" query="1" hide="scenario,keys"></attention-stepper>
 *
 * Attributes (numbers are 1-based: head="2" is the second head): preset, src (a scenario file's
 * URL), scenario (inline JSON), stage (a name such as "softmax", or 1 … 10), head, query,
 * granularity ("query" | "matrix"), hide (comma list of header, controls, tools, pipeline,
 * heatmaps, scenario, keys), theme ("light" | "dark"), autoplay. A bad attribute is named in a
 * message inside the element and ignored. Light DOM (KaTeX's fonts need it); the styles are added
 * to the document once, scoped to the stepper so the host page keeps its own.
 */
import katexCss from "katex/dist/katex.min.css?inline";
import appCss from "./styles.css?inline";
import errorCss from "./styles/embed-error.css?inline";
// Imported by export-menu.ts, so not in styles.css.
import exportCss from "./views/export/export.css?inline";
import { mountEmbed } from "./app/embed-mount";
import { OPTION_NAMES, parseEmbedOptions } from "./state/embed-options";

export const TAG = "attention-stepper";
const STYLE_ID = "attention-stepper-styles";

/** Adds the stepper's and KaTeX's CSS to `doc` once; the app's rules only apply inside steppers. */
function injectStyles(doc: Document): void {
  if (doc.getElementById(STYLE_ID)) return;
  const style = doc.createElement("style");
  style.id = STYLE_ID;
  // @scope keeps class names such as .panel or .hint from restyling the host page (its root is
  // the element, so rules for .stepper itself still match); without it (older browsers) the rules
  // still work, only less isolated.
  const app = `${appCss}\n${exportCss}`;
  const scoped = "CSSScopeRule" in window ? `@scope (${TAG}) {\n${app}\n}` : app;
  style.textContent = `${katexCss}\n${scoped}\n${errorCss}\n${TAG} { display: block; }`;
  doc.head.append(style);
}

export class AttentionStepperElement extends HTMLElement {
  static readonly observedAttributes = [...OPTION_NAMES];
  #connected = false;
  #pending = false;

  connectedCallback(): void {
    this.#connected = true;
    injectStyles(this.ownerDocument);
    this.#schedule();
  }

  disconnectedCallback(): void {
    this.#connected = false;
  }

  attributeChangedCallback(_name: string, oldValue: string | null, value: string | null): void {
    if (oldValue !== value && this.#connected) this.#schedule();
  }

  /** Starts (or restarts, after attributes change) once per task, with all attributes set. */
  #schedule(): void {
    if (this.#pending) return;
    this.#pending = true;
    queueMicrotask(() => {
      this.#pending = false;
      if (this.#connected) void this.#start();
    });
  }

  async #start(): Promise<void> {
    const config = parseEmbedOptions((name) => this.getAttribute(name));
    try {
      await mountEmbed(this, config, "attribute");
    } catch {
      // The stepper's status line already says why (e.g. the wasm core did not load).
    }
  }
}

if (!customElements.get(TAG)) customElements.define(TAG, AttentionStepperElement);

declare global {
  interface HTMLElementTagNameMap {
    [TAG]: AttentionStepperElement;
  }
}
