/**
 * The prompt and generation: a text typed (or token ids, for a checkpoint opened without its
 * tokenizer), its tokens as the model cuts them (BOS first), and Generate: tokens streamed one by
 * one from the worker's KV cache, greedy (temperature 0) or sampled with a seed, each new token's
 * top 10 on hover or focus. A bad setting is named with its limit; what was typed stays.
 */
import { el, makeButton } from "../ui/dom";
import { chipList, generatedChip, tokenChip, type Labeller } from "./model-tokens";
import type { Ended, LmToken } from "../../wasm/lm-client";

export interface GenerateOptions {
  steps: number;
  temperature: number;
  seed: number;
}

export interface PromptCallbacks {
  /** The ids of a prompt (BOS first), or an error naming why not. */
  tokenize(text: string): Promise<number[]>;
  generate(ids: number[], o: GenerateOptions, onToken: (t: LmToken) => void): Promise<Ended>;
  stop(): void;
  /** The text changed (typed, or grown by generation): its link and its heads follow. */
  textChanged(text: string, ids: number[]): void;
  /** The text of ids (prompt and generated). */
  textOf(ids: number[]): string;
}

const FIELDS = [
  { name: "steps", label: "New tokens", value: "40", min: 1, max: 256, whole: true },
  {
    name: "temperature",
    label: "Temperature (0 = greedy)",
    value: "0",
    min: 0,
    max: 5,
    whole: false,
  },
  { name: "seed", label: "Seed", value: "1", min: 0, max: 2147483647, whole: true },
] as const;

const ENDED: Record<Ended, string> = {
  steps: "done",
  bos: "stopped: the model chose BOS (a new passage)",
  context: "stopped: the model's context is full",
  stopped: "stopped",
};

/** Reads the settings; a message naming the first bad one and its limit. */
function readSettings(inputs: HTMLInputElement[]): GenerateOptions | string {
  const out: Record<string, number> = {};
  for (const [i, f] of FIELDS.entries()) {
    const text = inputs[i]!.value.trim();
    const v = Number(text);
    const ok = text !== "" && Number.isFinite(v) && (!f.whole || Number.isInteger(v));
    if (!ok || v < f.min || v > f.max) {
      const kind = f.whole ? "a whole number" : "a number";
      return `${f.name}: “${text.slice(0, 20)}” must be ${kind} from ${f.min} to ${f.max}.`;
    }
    out[f.name] = v;
  }
  return out as unknown as GenerateOptions;
}

export interface PromptPanel {
  element: HTMLElement;
  /** Sets the prompt (from a link) and cuts it into tokens. */
  setText(text: string, label: Labeller, idsOnly: boolean): void;
}

/** The prompt's elements: its box and tokens, the settings with Generate and Stop, the output. */
function buildPrompt() {
  const element = el("div", "lm-prompt");
  const promptLabel = el("label", "", "Prompt");
  const prompt = el("textarea");
  prompt.id = "lm-prompt";
  prompt.rows = 2;
  promptLabel.htmlFor = prompt.id;
  const tokens = chipList("Prompt tokens");
  const settings = el("div", "lm-settings");
  const inputs = FIELDS.map((f) => {
    const input = el("input");
    input.id = `lm-${f.name}`;
    input.value = f.value;
    input.inputMode = "decimal";
    const label = el("label", "", f.label);
    label.htmlFor = input.id;
    settings.append(label, input);
    return input;
  });
  const generate = makeButton("primary", "Generate");
  const stop = makeButton("", "Stop");
  stop.disabled = true;
  settings.append(generate, stop);
  const status = el("p", "status lm-gen-status");
  status.setAttribute("role", "status");
  const output = chipList("Generated tokens");
  const text = el("p", "lm-text");
  text.setAttribute("aria-label", "The text: prompt and generated");
  element.append(promptLabel, prompt, tokens, settings, status, output, text);
  return { element, promptLabel, prompt, tokens, inputs, generate, stop, status, output, text };
}

export function createPrompt(cb: PromptCallbacks): PromptPanel {
  const { element, promptLabel, prompt, tokens, inputs, generate, stop, status, output, text } =
    buildPrompt();
  let label: Labeller = String;
  let ids: number[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function tokenize(): Promise<boolean> {
    try {
      ids = await cb.tokenize(prompt.value);
    } catch (e) {
      status.textContent = e instanceof Error ? e.message : String(e);
      return false;
    }
    tokens.replaceChildren(...ids.map((id) => tokenChip(id, label)));
    status.textContent = `${ids.length} tokens (BOS first).`;
    output.replaceChildren();
    text.textContent = cb.textOf(ids);
    cb.textChanged(prompt.value, ids);
    return true;
  }

  prompt.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(() => void tokenize(), 250);
  });

  generate.addEventListener("click", () => void run());
  stop.addEventListener("click", () => cb.stop());

  async function run(): Promise<void> {
    const o = readSettings(inputs);
    if (typeof o === "string") {
      status.textContent = o;
      return;
    }
    clearTimeout(timer);
    if (!(await tokenize())) return;
    const all = [...ids];
    generate.disabled = true;
    stop.disabled = false;
    status.textContent = "Generating…";
    try {
      const ended = await cb.generate(ids, o, (t) => {
        all.push(t.id);
        output.append(generatedChip(t.id, t.top, label));
        text.textContent = cb.textOf(all);
      });
      status.textContent = `${all.length - ids.length} tokens generated (${ENDED[ended]}).`;
      cb.textChanged(cb.textOf(all), all);
    } catch (e) {
      status.textContent = `Not generated: ${e instanceof Error ? e.message : String(e)}`;
    } finally {
      generate.disabled = false;
      stop.disabled = true;
    }
  }

  return {
    element,
    setText(value, labeller, idsOnly) {
      label = labeller;
      promptLabel.textContent = idsOnly ? "Prompt: token ids, separated by commas" : "Prompt";
      prompt.value = value;
      void tokenize();
    },
  };
}
