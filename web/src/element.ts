/**
 * <attention-stepper>: a stepper for any page, with one script tag (built as attention-stepper.js;
 * its wasm and fonts load relative to the script, wherever the host page is):
 *
 *   <script type="module" src="attention-stepper.js"></script>
 *   <attention-stepper preset="scratch" stage="softmax" query="1" hide="scenario,keys"></attention-stepper>
 *
 * Attributes (numbers are 1-based: head="2" is the second head): preset, src (a scenario file's
 * URL), scenario (inline JSON), stage (a name such as "softmax", or 1 … 13), head, query,
 * granularity ("query" | "matrix"), algorithm-step (the KV cache's or FlashAttention's step),
 * hide (comma list of header, controls, tools, pipeline, heatmaps, scenario, keys, algorithm),
 * theme ("light" | "dark"), height (a CSS length; 600px by default),
 * autoplay. A bad attribute is named in a message inside the element and ignored.
 *
 * The stepper lives in an open shadow root, so the host page's CSS cannot restyle it and its CSS
 * cannot restyle the page. Formulas are MathML in the browser's own math font: no font to add.
 */
import hostCss from "./styles/element-host.css?inline";
import appCss from "./styles.css?inline";
import errorCss from "./styles/embed-error.css?inline";
// Imported by the lazily loaded views (export menu, presentation mode's fit, the KV cache and
// FlashAttention, the √d_k dialog, line charts), so not in styles.css: a shadow root gets no CSS
// a module injects.
import exportCss from "./views/export/export.css?inline";
import presentCss from "./views/present/present.css?inline";
import algorithmCss from "./views/algorithm/algorithm.css?inline";
import xpCss from "./views/sqrt-dk/sqrt-dk.css?inline";
import chartCss from "./views/ui/line-chart.css?inline";
import { mountEmbed } from "./app/embed-mount";
import { OPTION_NAMES, parseEmbedOptions } from "./state/embed-options";

export const TAG = "attention-stepper";

/** One parsed sheet per document, shared by all its steppers' shadow roots. */
const sheets = new WeakMap<Document, CSSStyleSheet>();

function stepperSheet(doc: Document): CSSStyleSheet {
  let sheet = sheets.get(doc);
  if (!sheet) {
    sheet = new (doc.defaultView ?? window).CSSStyleSheet();
    const lazyCss = [exportCss, presentCss, algorithmCss, xpCss, chartCss];
    sheet.replaceSync([hostCss, appCss, ...lazyCss, errorCss].join("\n"));
    sheets.set(doc, sheet);
  }
  return sheet;
}

export class AttentionStepperElement extends HTMLElement {
  static readonly observedAttributes = [...OPTION_NAMES];
  #connected = false;
  #pending = false;

  connectedCallback(): void {
    this.#connected = true;
    const doc = this.ownerDocument;
    if (!this.shadowRoot) {
      this.attachShadow({ mode: "open" }).adoptedStyleSheets = [stepperSheet(doc)];
    }
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
      if (this.#connected && this.shadowRoot) void this.#start(this.shadowRoot);
    });
  }

  async #start(shadow: ShadowRoot): Promise<void> {
    const config = parseEmbedOptions((name) => this.getAttribute(name));
    try {
      await mountEmbed(shadow, config, "attribute");
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
