/**
 * The scenario panel: preset, sentences, sizes, mask, padded keys (clickable key tokens, or
 * positions typed for long sentences: padded-keys.ts), positional encoding and seed. Apply hands the form values to the controller; a rejected field
 * gets the core's message beside it (aria-invalid + aria-describedby) and keeps what was typed.
 */
import { PRESETS } from "../../state/presets";
import { createPaddedKeys } from "./padded-keys";
import {
  formFieldFor,
  keyTokensOf,
  tokenize,
  type FormField,
  type FormValues,
  type ScoreName,
} from "./scenario-form";
import { formMessage } from "./form-messages";

export interface ScenarioPanel {
  /** Fills the form (after a preset is chosen); `presetId` "" marks it custom. */
  setValues(v: FormValues, presetId: string): void;
  values(): FormValues;
  /** Shows the core's message beside the form field for scenario-file `field`, in the form's words. */
  showError(field: string, message: string): void;
  clearErrors(): void;
}

export interface ScenarioActions {
  apply(values: FormValues): void;
  preset(id: string): void;
}

const FORM_HTML = `
<h2 class="panel-title">Scenario</h2>
<form class="scenario" novalidate>
  <label class="field" for="f-preset">Preset</label>
  <select id="f-preset" name="preset"></select>
  <p class="hint" id="preset-note"></p>
  <label class="field" for="f-sentence">Sentence</label>
  <input id="f-sentence" type="text" autocomplete="off" spellcheck="false" data-field="sentence" aria-describedby="h-sentence">
  <p class="hint" id="h-sentence"></p>
  <label class="field" for="f-keys">Key/value sentence</label>
  <input id="f-keys" type="text" autocomplete="off" spellcheck="false" data-field="keySentence" aria-describedby="h-keys" placeholder="empty: self-attention">
  <p class="hint" id="h-keys">Optional. A second sentence makes it cross-attention (m queries over n keys).</p>
  <div class="field-row">
    <div><label class="field" for="f-dmodel">d_model</label>
      <input id="f-dmodel" type="text" inputmode="numeric" data-field="dModel"></div>
    <div><label class="field" for="f-heads">Number of heads</label>
      <input id="f-heads" type="text" inputmode="numeric" data-field="heads" aria-describedby="h-heads"></div>
    <div><label class="field" for="f-seed">Seed</label>
      <input id="f-seed" type="text" inputmode="numeric" data-field="seed"></div>
  </div>
  <p class="hint" id="h-heads"></p>
  <div class="field-row">
    <div><label class="field" for="f-mask">Mask</label>
      <select id="f-mask" data-field="mask"><option value="none">none</option><option value="causal">causal</option></select></div>
    <label class="check"><input id="f-pe" type="checkbox" data-field="positional"> Positional encoding</label>
  </div>
  <label class="field" for="f-score">Score</label>
  <select id="f-score" data-field="score" aria-describedby="h-score">
    <option value="scaled_dot">Scaled dot product — Vaswani</option>
    <option value="dot">Dot product — Luong</option>
    <option value="general">General / bilinear qᵀW k — Luong</option>
    <option value="additive">Additive vᵀtanh(W₁q + W₂k) — Bahdanau</option>
  </select>
  <p class="hint" id="h-score">How each query is compared with each key. Applies at once.</p>
  <fieldset class="padded" data-field="padded" aria-describedby="h-padded">
    <legend>Padded keys</legend>
    <div class="chips"></div>
    <input id="f-padded" type="text" autocomplete="off" spellcheck="false" aria-label="Padded keys" aria-describedby="h-padded" hidden>
  </fieldset>
  <p class="hint" id="h-padded"></p>
  <label class="check" id="explicit-row" hidden><input id="f-explicit" type="checkbox" data-field="explicit"> Use the given matrices (X, W_Q, W_K, W_V, W_O, biases)</label>
  <button type="submit" class="primary">Apply</button>
  <p class="field-error general" data-slot="general" role="alert" hidden></p>
</form>`;

/** Scenario-file field shown by each slot when nothing more specific is known. */
const SLOT_FIELDS: Record<FormField, string> = {
  sentence: "query_tokens",
  keySentence: "key_tokens",
  dModel: "d_model",
  heads: "heads",
  seed: "seed",
  mask: "mask",
  padded: "padded_keys",
  positional: "positional_encoding",
  explicit: "x_q",
  score: "score",
  general: "scenario",
};

export function createScenarioPanel(host: HTMLElement, actions: ScenarioActions): ScenarioPanel {
  host.innerHTML = FORM_HTML;
  const form = host.querySelector("form")!;
  const q = <T extends HTMLElement>(sel: string) => form.querySelector<T>(sel)!;
  const preset = q<HTMLSelectElement>("#f-preset");
  preset.append(...PRESETS.map((p) => new Option(p.name, p.id)), new Option("Custom", ""));
  const sentence = q<HTMLInputElement>("#f-sentence");
  const keys = q<HTMLInputElement>("#f-keys");
  const dModel = q<HTMLInputElement>("#f-dmodel");
  const heads = q<HTMLInputElement>("#f-heads");
  const seed = q<HTMLInputElement>("#f-seed");
  const mask = q<HTMLSelectElement>("#f-mask");
  const pe = q<HTMLInputElement>("#f-pe");
  const score = q<HTMLSelectElement>("#f-score");
  const explicit = q<HTMLInputElement>("#f-explicit");
  const explicitRow = q<HTMLElement>("#explicit-row");
  // Looked up once: ids are renamed per stepper after construction (views/layout/layout.ts scopeIds).
  const sentenceHint = q<HTMLElement>("#h-sentence");
  const headsHint = q<HTMLElement>("#h-heads");
  const presetNote = q<HTMLElement>("#preset-note");
  const paddedText = q<HTMLInputElement>("#f-padded");
  const padding = createPaddedKeys(q(".chips"), paddedText, q("#h-padded"), () => {
    preset.value = "";
  });
  let explicitMatrices: FormValues["explicit"] = null;

  // One error slot after each control, found by the control's data-field.
  const controls = new Map<FormField, HTMLElement>();
  const slots = new Map<FormField, HTMLElement>();
  const general = q<HTMLElement>('[data-slot="general"]');
  general.id = "err-general";
  slots.set("general", general);
  for (const c of form.querySelectorAll<HTMLElement>("[data-field]")) {
    const f = c.dataset.field as FormField;
    controls.set(f, c);
    const slot = document.createElement("p");
    slot.className = "field-error";
    slot.id = `err-${f}`;
    slot.hidden = true;
    // A checkbox sits inside its label: the message goes after the label.
    const isCheckbox = c instanceof HTMLInputElement && c.type === "checkbox";
    (isCheckbox ? c.parentElement! : c).after(slot);
    slots.set(f, slot);
  }
  for (const [f, slot] of slots) slot.dataset.testid = `error-${SLOT_FIELDS[f]}`;

  function renderHints(): void {
    const m = tokenize(sentence.value).length;
    sentenceHint.textContent = `Words separated by spaces are the tokens: ${m} token${m === 1 ? "" : "s"} (m = ${m}).`;
    const d = Number(dModel.value);
    const h = Number(heads.value);
    headsHint.textContent =
      Number.isInteger(d) && Number.isInteger(h) && h > 0
        ? `d_k = d_v = d_model / h = ${d} / ${h}${d % h === 0 ? ` = ${d / h}` : " (not a whole number)"}`
        : "";
  }

  function values(): FormValues {
    return {
      sentence: sentence.value,
      keySentence: keys.value,
      dModel: dModel.value,
      heads: heads.value,
      seed: seed.value,
      mask: mask.value === "causal" ? "causal" : "none",
      padded: padding.padded(),
      positional: pe.checked,
      explicit: explicitMatrices,
      useExplicit: explicitMatrices !== null && explicit.checked,
      score: score.value as ScoreName,
    };
  }

  /** Applies the form, unless the typed padded keys are not valid (their message names why). */
  function apply(): void {
    const bad = padding.error();
    if (bad) panel.showError("padded_keys", bad);
    else actions.apply(values());
  }

  form.addEventListener("input", (e) => {
    if (e.target === preset) return;
    preset.value = "";
    if (e.target === sentence || e.target === keys) padding.retoken(keyTokensOf(values()));
    renderHints();
  });
  score.addEventListener("change", apply);
  preset.addEventListener("change", () => {
    if (preset.value) actions.preset(preset.value);
  });
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    apply();
  });

  const panel: ScenarioPanel = {
    setValues(v, presetId) {
      preset.value = presetId;
      presetNote.textContent = PRESETS.find((p) => p.id === presetId)?.description ?? "";
      sentence.value = v.sentence;
      keys.value = v.keySentence;
      dModel.value = v.dModel;
      heads.value = v.heads;
      seed.value = v.seed;
      mask.value = v.mask;
      pe.checked = v.positional;
      score.value = v.score;
      explicitMatrices = v.explicit;
      explicitRow.hidden = v.explicit === null;
      explicit.checked = v.useExplicit;
      padding.set(keyTokensOf(v), v.padded);
      renderHints();
    },
    values,
    showError(field, message) {
      panel.clearErrors();
      const f = formFieldFor(field);
      const slot = slots.get(f)!;
      slot.dataset.testid = `error-${field || "scenario"}`;
      slot.textContent = formMessage(field, message, values());
      slot.hidden = false;
      const control = controls.get(f);
      if (control) {
        // The padded keys' text field, when shown, is marked as well as its fieldset.
        const typed = f === "padded" && !paddedText.hidden;
        for (const c of typed ? [control, paddedText] : [control]) {
          c.setAttribute("aria-invalid", "true");
          const described = c.getAttribute("aria-describedby") ?? "";
          c.setAttribute("aria-describedby", `${slot.id} ${described}`.trim());
        }
        (typed ? paddedText : (control.querySelector<HTMLElement>("button") ?? control)).focus();
      }
    },
    clearErrors() {
      for (const [f, slot] of slots) {
        slot.hidden = true;
        slot.textContent = "";
        slot.dataset.testid = `error-${SLOT_FIELDS[f]}`;
      }
      // The slots' ids as scopeIds renamed them ("as1-err-sentence").
      const slotIds = new Set([...slots.values()].map((slot) => slot.id));
      for (const c of [...controls.values(), paddedText]) {
        c.removeAttribute("aria-invalid");
        const ids = (c.getAttribute("aria-describedby") ?? "").split(/\s+/);
        const kept = ids.filter((id) => id && !slotIds.has(id));
        if (kept.length > 0) c.setAttribute("aria-describedby", kept.join(" "));
        else c.removeAttribute("aria-describedby");
      }
    },
  };
  return panel;
}
