/**
 * Use it: the learner types a sentence (English from the lexicon; for copy, symbols), gets the
 * model's greedy output and its attention per head (translate: cross-attention, rows = French
 * words, columns = English words; copy: layer 2), with the determiner lesson; then one button
 * opens the learned attention of that sentence as a scenario in the stepper. A rejected sentence
 * gets the core's message (it names an unknown word and lists the lexicon); the text stays.
 */
import { elisions } from "../../state/french";
import { el, makeButton } from "../ui/dom";
import type { ScenarioFile } from "../../wasm/types";
import {
  TrainInputError,
  type AttentionSite,
  type TaskName,
  type TrainSession,
} from "../../wasm/train-client";
import type { TranslationValue } from "../../wasm/train-types";
import { createHeadMaps } from "./head-maps";
import { copyRowLabels } from "./copy-notes";
import { DEFAULT_TEXT, determinerRows, SENTENCE_HELP } from "./learn-text";

export interface Use {
  readonly element: HTMLElement;
  /** The model to use, its output shown at once for the text in the box (null: none yet). */
  setSession(session: TrainSession | null): void;
}

/** The attention sublayers a learner can step through, per task: [site, layer, label]. */
function sites(s: TrainSession): [AttentionSite, number, string][] {
  if (s.settings.task === "copy") {
    return [
      ["decoder-self", 1, "Layer 2 self-attention (the induction head)"],
      ["decoder-self", 0, "Layer 1 self-attention (the previous-token head)"],
    ];
  }
  const out: [AttentionSite, number, string][] = [
    ["cross", 0, "Cross-attention: French rows over English words"],
  ];
  if (s.settings.encoder_self_attention) {
    out.push(["encoder-self", 0, "Encoder self-attention: English over English"]);
  }
  out.push(["decoder-self", 0, "Decoder self-attention (causal)"]);
  return out;
}

/** Where a stepped-through scenario came from (the model aside). */
export interface UseOrigin {
  text: string;
  site: AttentionSite;
  layer: number;
}

/** The section's elements: the sentence form, the output, maps and lesson, "Step through it". */
function buildUseDom() {
  const element = el("section", "learn-use");
  element.setAttribute("aria-labelledby", "learn-use-title");
  const title = el("h3", "learn-sub", "Use it");
  title.id = "learn-use-title";
  const form = el("form", "learn-sentence");
  const label = el("label", "field", "Sentence");
  const input = el("input");
  input.type = "text";
  input.id = "learn-sentence";
  input.autocomplete = "off";
  input.spellcheck = false;
  label.htmlFor = input.id;
  const help = el("p", "hint");
  help.id = "learn-sentence-help";
  const error = el("p", "field-error");
  error.id = "learn-sentence-error";
  error.dataset.testid = "learn-error-sentence";
  error.setAttribute("role", "alert");
  error.hidden = true;
  input.setAttribute("aria-describedby", `${error.id} ${help.id}`);
  const go = makeButton("primary", "Translate");
  go.type = "submit";
  const row = el("div", "learn-sentence-row");
  row.append(input, go);
  form.append(label, row, error, help);
  const output = el("p", "learn-output");
  output.dataset.testid = "learn-output";
  output.setAttribute("aria-live", "polite");
  const maps = createHeadMaps("learn-use-map");
  maps.element.hidden = true;
  const lesson = el("div", "learn-lesson");
  lesson.dataset.testid = "determiner-lesson";
  const step = buildStepThrough();
  element.append(title, form, output, maps.element, lesson, ...step.parts);
  return { element, form, label, input, help, error, go, output, maps, lesson, ...step };
}

/** "Step through it": the attention sublayer to open, and the button. */
function buildStepThrough() {
  const stepTitle = el("h3", "learn-sub", "Step through it");
  const stepHelp = el(
    "p",
    "hint",
    "Open the learned attention of this sentence in the stepper: the model's own inputs X and " +
      "weights W, every head, step by step.",
  );
  const siteLabel = el("label", "field", "Attention");
  const site = el("select");
  site.id = "learn-site";
  siteLabel.htmlFor = site.id;
  const open = makeButton("step-through", "Step through it in the stepper");
  const stepRow = el("div", "learn-sentence-row");
  stepRow.append(site, open);
  return { site, open, parts: [stepTitle, stepHelp, siteLabel, stepRow] };
}
type UseDom = ReturnType<typeof buildUseDom>;

/** The output line: the model's words and whether they are the reference's. */
function outputText(t: TranslationValue, copy: boolean): string {
  // The toy French never elides: matching "le oiseau" is the task's answer, not good French.
  const unelided = copy ? [] : elisions(t.target);
  const verdict =
    t.reference.length === 0
      ? " (not a sentence of the task, so there is no reference)"
      : t.reference.join(" ") !== t.target.join(" ")
        ? ` ✗ the correct one is “${t.reference.join(" ")}”`
        : unelided.length > 0
          ? ` = the task's answer, but real French elides: ${unelided.join(", ")}`
          : " ✓ correct";
  // A model trained a step or two may stop at once: say so rather than show nothing.
  const words = t.target.length > 0 ? t.target.join(" ") : "(no word: the model stops at once)";
  return `${copy ? "Copy" : "French"}: ${words}${verdict}`;
}

/** The translation's output, its maps, and (translate) the determiner lesson. */
function showTranslation(d: UseDom, t: TranslationValue, copy: boolean): void {
  d.output.textContent = outputText(t, copy);
  d.maps.element.hidden = false;
  d.maps.draw({
    title: copy ? "Layer 2 self-attention of the copy" : "Cross-attention",
    // A copy's rows are named as in "Watch it form": by the symbol each position reads.
    rows: copy ? copyRowLabels(t.key_tokens, t.target) : t.target,
    cols: t.key_tokens,
    heads: t.attention,
    named: t.head,
  });
  const rows = copy ? null : determinerRows(t);
  d.lesson.replaceChildren();
  if (rows && rows.lines.length > 0) d.lesson.append(el("p", "", rows.lines.join(" ")));
  if (rows?.onNoun) {
    d.lesson.append(
      el(
        "p",
        "hint",
        "A lesson in itself: the French determiner agrees with its noun's gender (le or " +
          "la, un or une), so its row reads the noun rather than the English “the” or “a”.",
      ),
    );
  }
}

export function createUse(stepThrough: (scenario: ScenarioFile, origin: UseOrigin) => void): Use {
  const d = buildUseDom();
  let session: TrainSession | null = null;
  let choices: [AttentionSite, number, string][] = [];

  /** A rejected sentence: its message; the output of an earlier one goes, the text stays. */
  const showError = (e: unknown): void => {
    const message = e instanceof TrainInputError ? e.message : `Not done: ${String(e)}`;
    clearOutput();
    d.error.textContent = message;
    d.error.hidden = false;
    d.input.setAttribute("aria-invalid", "true");
  };
  const clearOutput = () => {
    d.output.textContent = "";
    d.maps.element.hidden = true;
    d.lesson.replaceChildren();
  };
  const clearError = () => {
    d.error.hidden = true;
    d.input.removeAttribute("aria-invalid");
  };

  async function translate(): Promise<void> {
    const s = session;
    if (!s) return;
    clearError();
    try {
      const t = await s.translate(d.input.value);
      if (s === session) showTranslation(d, t, s.settings.task === "copy");
    } catch (e) {
      if (s === session) showError(e);
    }
  }

  d.form.addEventListener("submit", (e) => {
    e.preventDefault();
    void translate();
  });
  d.open.addEventListener("click", () => {
    const s = session;
    const choice = choices[d.site.selectedIndex];
    if (!s || !choice) return;
    clearError();
    const [where, layer] = choice;
    const text = d.input.value.trim();
    s.scenario(text, where, layer, -1).then(
      (scenario) => s === session && stepThrough(scenario, { text, site: where, layer }),
      (e: unknown) => s === session && showError(e),
    );
  });

  let shownTask: TaskName | null = null;
  return {
    element: d.element,
    setSession(s) {
      session = s;
      clearOutput();
      clearError();
      d.go.disabled = d.open.disabled = !s;
      if (!s) return;
      const task = s.settings.task;
      // A new task gets its own example text; the same task keeps what was typed.
      if (task !== shownTask) d.input.value = DEFAULT_TEXT[task];
      shownTask = task;
      d.help.textContent = SENTENCE_HELP[task];
      d.label.textContent = task === "copy" ? "Symbols to copy" : "English sentence";
      d.go.textContent = task === "copy" ? "Copy" : "Translate";
      choices = sites(s);
      d.site.replaceChildren(...choices.map(([, , text]) => new Option(text)));
      if (d.input.value.trim()) void translate();
    },
  };
}
