/**
 * The Model view (loaded with import() the first time it opens, app/model-mode.ts): a small
 * Llama-style language model in the page, in its own worker (wasm/lm-client.ts). The shipped
 * King James model opens first; a user's llama2.c checkpoint replaces it. Four parts: the prompt
 * and generation (model-prompt.ts), every head on the text (model-heads.ts), the induction demo
 * (model-induction.ts) and opening a checkpoint (model-file.ts).
 */
import "./model.css";
import { el } from "../ui/dom";
import { idLabel, Vocabulary } from "../../state/lm-pieces";
import { lmSourceFields, rememberLmSource } from "../../state/lm-source";
import type { ModelLink, ModelName } from "../../state/model-link";
import type { StartStep } from "../../state/app-state";
import { Stage } from "../../wasm/enums";
import { openFiles, openKjv, type LmSession, type Opened } from "../../wasm/lm-client";
import type { ScenarioFile } from "../../wasm/types";
import { createPrompt, type PromptPanel } from "./model-prompt";
import { createHeads, type HeadsPanel } from "./model-heads";
import { createInduction, type InductionPanel } from "./model-induction";
import { createFilePanel } from "./model-file";
import { parseIds } from "./model-ids";

export interface ModelViewCallbacks {
  stepThrough(scenario: ScenarioFile, start: StartStep): void;
  /** The model and text shown changed: the link follows. */
  textShown(model: ModelName, text: string): void;
}

export interface ModelView {
  show(link: ModelLink): void;
}

interface Current {
  name: ModelName;
  title: string;
  session: LmSession;
  opened: Opened;
  vocabulary: Vocabulary | null;
}

const DEFAULT_TEXT = "And God said unto Moses,";
const HEADS_FAILED = "Heads not shown:";

function describe(c: Current): string {
  const k = c.opened.config;
  return (
    `${c.title}: ${k.n_layers} layers of ${k.n_heads} query heads over ${k.n_kv_heads} K/V ` +
    `heads (grouped-query attention), width ${k.dim}, RoPE, a vocabulary of ${k.vocab_size} ` +
    `tokens, a context of ${k.seq_len}; ${k.parameters.toLocaleString("en")} parameters, ` +
    `computed in float64 in a worker.`
  );
}

function part(title: string, body: HTMLElement): HTMLElement {
  const box = el("section", "lm-part");
  const id = `lm-${title.toLowerCase().replace(/\W+/g, "-")}`;
  const h = el("h3", "", title);
  h.id = id;
  box.setAttribute("aria-labelledby", id);
  box.append(h, body);
  return box;
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * The link that opens (layer, head, query) of the shipped model over `text` in the stepper: the
 * scenario is the whole layer (cpp/lm/head_scenario.h), shown on that head (`h`, from 0).
 */
function stepLink(text: string, layer: number, head: number, q: number): string {
  const fields = lmSourceFields({ model: "kjv", text, layer, head });
  const step = [
    ["s", String(Stage.Softmax)],
    ["h", String(head)],
    ["q", String(q)],
    ["g", "0"],
  ];
  return `#${new URLSearchParams([...fields, ...step]).toString().replace(/\+/g, "%20")}`;
}

class ModelViewImpl implements ModelView {
  private readonly intro = el("p", "lm-intro", "Loading the model…");
  private current: Current | null = null;
  /** The text whose heads are shown, as the link names it. */
  private shownText = "";
  private opening: Promise<void> | null = null;
  private readonly prompt: PromptPanel;
  private readonly heads: HeadsPanel;
  private readonly induction: InductionPanel;
  private readonly label = (id: number) => this.current?.vocabulary?.label(id) ?? idLabel(id);

  constructor(
    section: HTMLElement,
    private readonly message: HTMLElement,
    private readonly cb: ModelViewCallbacks,
  ) {
    const title = el("h2", "", "Model: a real language model, every head steppable");
    title.id = "model-title";
    this.prompt = createPrompt({
      tokenize: (text) => this.tokenize(text),
      generate: (ids, o, onToken) => this.open().session.generate(ids, o, onToken),
      stop: () => void this.current?.session.request({ type: "stop" }),
      textOf: (ids) => this.current?.vocabulary?.text(ids) ?? ids.join(", "),
      textChanged: (text, ids) => void this.showHeads(text, ids),
    });
    this.heads = createHeads({
      linkOf: (layer, head, q) =>
        this.current?.name === "kjv" ? stepLink(this.shownText, layer, head, q) : "",
      stepThrough: (layer, head, q) => void this.stepThrough(layer, head, q),
    });
    this.induction = createInduction((seed) =>
      this.open().session.request({ type: "induction", seed }),
    );
    const file = createFilePanel(
      (m, t) => this.openUserFiles(m, t),
      (t) => this.say(t),
    );
    section.append(
      title,
      this.intro,
      part("Prompt and generation", this.prompt.element),
      part("Every head on this text", this.heads.element),
      part("Induction demo", this.induction.element),
      part("Your own llama2.c checkpoint", file.element),
    );
  }

  private say(text: string): void {
    this.message.textContent = text;
  }

  /** The model open now (the view's parts appear once one is). */
  private open(): Current {
    if (!this.current) throw new Error("the model is not open yet");
    return this.current;
  }

  private tokenize(text: string): Promise<number[]> {
    const c = this.open();
    if (!c.vocabulary) return Promise.resolve(parseIds(text, c.opened.config.vocab_size));
    return c.session.request({ type: "encode", text });
  }

  /** The heads over the text: for a tokenizer, the text cut again (as the link will cut it). */
  private async showHeads(text: string, ids: number[]): Promise<void> {
    const c = this.open();
    this.shownText = text;
    this.cb.textShown(c.name, text);
    try {
      const cut = c.vocabulary ? await this.tokenize(text) : ids;
      const weights = await c.session.request({ type: "attention", ids: cut });
      const group = c.opened.config.n_heads / c.opened.config.n_kv_heads;
      this.heads.draw({ weights, ids: cut, labels: cut.map(this.label), group });
      if (this.message.textContent?.startsWith(HEADS_FAILED)) this.say("");
    } catch (e) {
      this.say(`${HEADS_FAILED} ${errorText(e)}`);
    }
  }

  private async stepThrough(layer: number, head: number, query: number): Promise<void> {
    const c = this.open();
    const text = this.shownText;
    try {
      const ids = await this.tokenize(text);
      const tokens = ids.map(this.label);
      const request = { type: "scenario", ids, layer, head, tokens } as const;
      const scenario = (await c.session.request(request)) as ScenarioFile;
      if (c.name === "kjv") rememberLmSource(scenario, { model: "kjv", text, layer, head });
      this.cb.stepThrough(scenario, { stage: Stage.Softmax, head, query });
    } catch (e) {
      this.say(`Not opened: ${errorText(e)}`);
    }
  }

  private use(next: Current, text: string): void {
    this.current?.session.dispose();
    this.current = next;
    this.intro.textContent = describe(next);
    this.induction.reset();
    this.prompt.setText(text, this.label, !next.vocabulary);
  }

  private async openUserFiles(model: File, tokenizer: File | null): Promise<void> {
    this.say(`Reading ${model.name}…`);
    try {
      const [m, t] = await Promise.all([model.arrayBuffer(), tokenizer?.arrayBuffer() ?? null]);
      const { session, opened } = await openFiles(m, t);
      const vocabulary = opened.pieces ? new Vocabulary(opened.pieces) : null;
      const text = vocabulary ? "Once upon a time" : "1";
      this.use({ name: "file", title: model.name, session, opened, vocabulary }, text);
      const how = tokenizer ? ` with ${tokenizer.name}` : " (no tokenizer: type ids)";
      this.say(`Opened ${model.name}${how}.`);
    } catch (e) {
      this.say(`Not opened (the model shown stays): ${errorText(e)}`);
    }
  }

  show(link: ModelLink): void {
    this.say(link.problem);
    const c = this.current;
    if (c) {
      if (link.text && link.text !== this.shownText && c.name === "kjv") {
        this.prompt.setText(link.text, this.label, false);
      }
      return;
    }
    this.opening ??= openKjv().then(
      ({ session, opened }) => {
        const vocabulary = new Vocabulary(opened.pieces!);
        const title = "The King James model";
        this.use({ name: "kjv", title, session, opened, vocabulary }, link.text || DEFAULT_TEXT);
      },
      (e: unknown) => {
        this.opening = null;
        this.say(`The model did not load: ${errorText(e)}`);
      },
    );
  }
}

export function createModelView(
  section: HTMLElement,
  message: HTMLElement,
  cb: ModelViewCallbacks,
): ModelView {
  return new ModelViewImpl(section, message, cb);
}
