/**
 * The scenario panel: preset, sentences, sizes, mask, padded keys (clickable key tokens, or
 * positions typed for long sentences: padded-keys.ts), positional encoding and seed. Apply hands the form values to the controller; a rejected field
 * gets the core's message beside it (aria-invalid + aria-describedby) and keeps what was typed.
 */
import { PRESETS } from "../../state/presets";
import type { AlgorithmName } from "../../wasm/algorithm-types";
import { MASKS, type MaskName } from "../../wasm/registry";
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
import {
  fillModern,
  MODERN_HTML,
  modernControls,
  readModern,
  renderModern,
} from "./modern-controls";

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
      <select id="f-mask" data-field="mask" aria-describedby="h-mask"></select></div>
    <div id="window-row" hidden><label class="field" for="f-window">Window size</label>
      <input id="f-window" type="text" inputmode="numeric" data-field="window" aria-describedby="h-mask"></div>
    <label class="check"><input id="f-pe" type="checkbox" data-field="positional"> Positional encoding</label>
  </div>
  <p class="hint" id="h-mask"></p>
${MODERN_HTML}
  <label class="field" for="f-score">Score</label>
  <select id="f-score" data-field="score" aria-describedby="h-score">
    <option value="scaled_dot">Scaled dot product — Vaswani</option>
    <option value="dot">Dot product — Luong</option>
    <option value="general">General / bilinear qᵀW k — Luong</option>
    <option value="additive">Additive vᵀtanh(W₁q + W₂k) — Bahdanau</option>
  </select>
  <p class="hint" id="h-score">How each query is compared with each key. Applies at once.</p>
  <div class="field-row">
    <div><label class="field" for="f-algorithm">Algorithm</label>
      <select id="f-algorithm" data-field="algorithm" aria-describedby="h-algorithm">
        <option value="standard">Standard</option>
        <option value="kv-cache">KV cache</option>
        <option value="flash">FlashAttention</option>
      </select></div>
    <div class="block-size" hidden><label class="field" for="f-block-q">B_r (query rows)</label>
      <input id="f-block-q" type="text" inputmode="numeric" data-field="blockQ"></div>
    <div class="block-size" hidden><label class="field" for="f-block-k">B_c (key rows)</label>
      <input id="f-block-k" type="text" inputmode="numeric" data-field="blockK"></div>
  </div>
  <p class="hint" id="h-algorithm">The same heads computed another way, stepped through below the step. Applies at once.</p>
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
  window: "window",
  padded: "padded_keys",
  positional: "positional_encoding",
  explicit: "x_q",
  score: "score",
  algorithm: "algorithm",
  blockQ: "block_q",
  blockK: "block_k",
  general: "scenario",
  kvHeads: "kv_heads",
  rope: "rope",
  ropeTheta: "rope.theta",
  ropeDims: "rope.dims",
  positionOffset: "position_offset",
  sinks: "sink_tokens",
  alibi: "alibi",
};

/** The mask kinds of the core's variant table, by their file words. */
function maskSelect(select: HTMLSelectElement): HTMLSelectElement {
  select.append(...MASKS.map((k) => new Option(k.name, k.name)));
  return select;
}

/** The form's controls, looked up once: ids are renamed per stepper after construction
 * (views/layout/layout.ts scopeIds). */
function formControls(form: HTMLFormElement) {
  const q = <T extends HTMLElement>(sel: string) => form.querySelector<T>(sel)!;
  const preset = q<HTMLSelectElement>("#f-preset");
  preset.append(...PRESETS.map((p) => new Option(p.name, p.id)), new Option("Custom", ""));
  return {
    form,
    preset,
    sentence: q<HTMLInputElement>("#f-sentence"),
    keys: q<HTMLInputElement>("#f-keys"),
    dModel: q<HTMLInputElement>("#f-dmodel"),
    heads: q<HTMLInputElement>("#f-heads"),
    seed: q<HTMLInputElement>("#f-seed"),
    mask: maskSelect(q<HTMLSelectElement>("#f-mask")),
    windowSize: q<HTMLInputElement>("#f-window"),
    windowRow: q<HTMLElement>("#window-row"),
    maskHint: q<HTMLElement>("#h-mask"),
    pe: q<HTMLInputElement>("#f-pe"),
    score: q<HTMLSelectElement>("#f-score"),
    algorithm: q<HTMLSelectElement>("#f-algorithm"),
    blockQ: q<HTMLInputElement>("#f-block-q"),
    blockK: q<HTMLInputElement>("#f-block-k"),
    blockRows: [...form.querySelectorAll<HTMLElement>(".block-size")],
    explicit: q<HTMLInputElement>("#f-explicit"),
    explicitRow: q<HTMLElement>("#explicit-row"),
    sentenceHint: q<HTMLElement>("#h-sentence"),
    headsHint: q<HTMLElement>("#h-heads"),
    presetNote: q<HTMLElement>("#preset-note"),
    paddedText: q<HTMLInputElement>("#f-padded"),
    chips: q<HTMLElement>(".chips"),
    paddedHint: q<HTMLElement>("#h-padded"),
    general: q<HTMLElement>('[data-slot="general"]'),
    modern: modernControls(form),
  };
}
type Form = ReturnType<typeof formControls>;

/** One error slot after each control, found by the control's data-field. */
function errorSlots(f: Form) {
  const controls = new Map<FormField, HTMLElement>();
  const slots = new Map<FormField, HTMLElement>();
  f.general.id = "err-general";
  slots.set("general", f.general);
  for (const c of f.form.querySelectorAll<HTMLElement>("[data-field]")) {
    const field = c.dataset.field as FormField;
    controls.set(field, c);
    const slot = document.createElement("p");
    slot.className = "field-error";
    slot.id = `err-${field}`;
    slot.hidden = true;
    // A checkbox sits inside its label: the message goes after the label.
    const isCheckbox = c instanceof HTMLInputElement && c.type === "checkbox";
    (isCheckbox ? c.parentElement! : c).after(slot);
    slots.set(field, slot);
  }
  for (const [field, slot] of slots) slot.dataset.testid = `error-${SLOT_FIELDS[field]}`;
  return { controls, slots };
}
type Slots = ReturnType<typeof errorSlots>;

/** The token count under the sentence and d_k under the heads. */
function renderHints(f: Form): void {
  for (const row of f.blockRows) row.hidden = f.algorithm.value !== "flash";
  const windowed = f.mask.value === "window";
  f.windowRow.hidden = !windowed;
  renderModern(f.modern);
  f.maskHint.textContent = windowed
    ? `Query i sees its ${f.windowSize.value || "w"} latest keys, itself included (1 to 512).`
    : "";
  const m = tokenize(f.sentence.value).length;
  f.sentenceHint.textContent = `Words separated by spaces are the tokens: ${m} token${m === 1 ? "" : "s"} (m = ${m}).`;
  const d = Number(f.dModel.value);
  const h = Number(f.heads.value);
  f.headsHint.textContent =
    Number.isInteger(d) && Number.isInteger(h) && h > 0
      ? `d_k = d_v = d_model / h = ${d} / ${h}${d % h === 0 ? ` = ${d / h}` : " (not a whole number)"}`
      : "";
}

/** Marks the control of `field` (and the padded keys' text, when typed) and focuses it. */
function markInvalid(s: Slots, f: Form, field: FormField, slot: HTMLElement): void {
  const control = s.controls.get(field);
  if (!control) return;
  // The padded keys' text field, when shown, is marked as well as its fieldset.
  const typed = field === "padded" && !f.paddedText.hidden;
  for (const c of typed ? [control, f.paddedText] : [control]) {
    c.setAttribute("aria-invalid", "true");
    const described = c.getAttribute("aria-describedby") ?? "";
    c.setAttribute("aria-describedby", `${slot.id} ${described}`.trim());
  }
  (typed ? f.paddedText : (control.querySelector<HTMLElement>("button") ?? control)).focus();
}

/** Hides every message and unmarks every control. */
function clearErrors(s: Slots, f: Form): void {
  for (const [field, slot] of s.slots) {
    slot.hidden = true;
    slot.textContent = "";
    slot.dataset.testid = `error-${SLOT_FIELDS[field]}`;
  }
  // The slots' ids as scopeIds renamed them ("as1-err-sentence").
  const slotIds = new Set([...s.slots.values()].map((slot) => slot.id));
  for (const c of [...s.controls.values(), f.paddedText]) {
    c.removeAttribute("aria-invalid");
    const ids = (c.getAttribute("aria-describedby") ?? "").split(/\s+/);
    const kept = ids.filter((id) => id && !slotIds.has(id));
    if (kept.length > 0) c.setAttribute("aria-describedby", kept.join(" "));
    else c.removeAttribute("aria-describedby");
  }
}

/** The plain controls' values (the preset, padded keys and matrices are the panel's). */
function fillControls(f: Form, v: FormValues): void {
  f.sentence.value = v.sentence;
  f.keys.value = v.keySentence;
  f.dModel.value = v.dModel;
  f.heads.value = v.heads;
  f.seed.value = v.seed;
  f.mask.value = v.mask;
  f.windowSize.value = v.window;
  f.pe.checked = v.positional;
  f.score.value = v.score;
  f.algorithm.value = v.algorithm;
  f.blockQ.value = v.blockQ;
  f.blockK.value = v.blockK;
}

export function createScenarioPanel(host: HTMLElement, actions: ScenarioActions): ScenarioPanel {
  host.innerHTML = FORM_HTML;
  const f = formControls(host.querySelector("form")!);
  const padding = createPaddedKeys(f.chips, f.paddedText, f.paddedHint, () => {
    f.preset.value = "";
  });
  let explicitMatrices: FormValues["explicit"] = null;
  const s = errorSlots(f);

  function values(): FormValues {
    return {
      sentence: f.sentence.value,
      keySentence: f.keys.value,
      dModel: f.dModel.value,
      heads: f.heads.value,
      seed: f.seed.value,
      mask: f.mask.value as MaskName,
      window: f.windowSize.value,
      padded: padding.padded(),
      positional: f.pe.checked,
      explicit: explicitMatrices,
      useExplicit: explicitMatrices !== null && f.explicit.checked,
      score: f.score.value as ScoreName,
      algorithm: f.algorithm.value as AlgorithmName,
      blockQ: f.blockQ.value,
      blockK: f.blockK.value,
      ...readModern(f.modern),
    };
  }

  /** Applies the form, unless the typed padded keys are not valid (their message names why). */
  function apply(): void {
    const bad = padding.error();
    if (bad) panel.showError("padded_keys", bad);
    else actions.apply(values());
  }

  f.form.addEventListener("input", (e) => {
    if (e.target === f.preset) return;
    f.preset.value = "";
    if (e.target === f.sentence || e.target === f.keys) padding.retoken(keyTokensOf(values()));
    renderHints(f);
  });
  f.score.addEventListener("change", apply);
  f.algorithm.addEventListener("change", apply);
  f.preset.addEventListener("change", () => {
    if (f.preset.value) actions.preset(f.preset.value);
  });
  f.form.addEventListener("submit", (e) => {
    e.preventDefault();
    apply();
  });

  const panel: ScenarioPanel = {
    setValues(v, presetId) {
      f.preset.value = presetId;
      f.presetNote.textContent = PRESETS.find((p) => p.id === presetId)?.description ?? "";
      fillControls(f, v);
      explicitMatrices = v.explicit;
      f.explicitRow.hidden = v.explicit === null;
      f.explicit.checked = v.useExplicit;
      padding.set(keyTokensOf(v), v.padded);
      fillModern(f.modern, v);
      renderHints(f);
    },
    values,
    showError(field, message) {
      clearErrors(s, f);
      const formField = formFieldFor(field);
      const slot = s.slots.get(formField)!;
      slot.dataset.testid = `error-${field || "scenario"}`;
      slot.textContent = formMessage(field, message, values());
      slot.hidden = false;
      markInvalid(s, f, formField, slot);
    },
    clearErrors: () => clearErrors(s, f),
  };
  return panel;
}
