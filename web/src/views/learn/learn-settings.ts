/**
 * The settings of a training run (cpp/train/config.h TrainConfig) as a small form: the task, the
 * sizes with their limits, the seed and, for translate, the encoder's self-attention. A value that
 * is not a number is named here; the limits themselves are the core's (startTraining rejects with
 * a TrainInputError), whose message goes beside its field. What was typed always stays.
 */
import { el } from "../ui/dom";
import type { TaskName, TrainSettings } from "../../wasm/train-client";
import { TASKS } from "./learn-text";
import type { TypedSettings } from "../../state/learn-link";

type NumberKey = "d_model" | "heads" | "d_ff" | "steps" | "learning_rate" | "batch" | "seed";

/**
 * Each number field, its label and the limits shown beside it: those of config.h TrainLimits
 * (tests/e2e/learn.spec.ts checks each against the core's own message).
 */
const FIELDS: readonly {
  key: NumberKey;
  label: string;
  limits: string;
  whole: boolean;
  /** The tasks whose model has it (default: both). */
  only?: TaskName;
}[] = [
  { key: "d_model", label: "d_model", limits: "8 to 64", whole: true },
  { key: "heads", label: "Heads", limits: "1 to 8, dividing d_model", whole: true },
  // The copy task's layers are attention-only: no feed-forward width to choose.
  { key: "d_ff", label: "d_ff", limits: "8 to 256", whole: true, only: "translate" },
  { key: "steps", label: "Steps", limits: "1 to 2000", whole: true },
  { key: "learning_rate", label: "Learning rate", limits: "1e-05 to 0.1", whole: false },
  { key: "batch", label: "Batch", limits: "1 to 128", whole: true },
  { key: "seed", label: "Seed", limits: "0 to 9007199254740991", whole: true },
];

export interface SettingsForm {
  readonly element: HTMLElement;
  /** The task picked. */
  task(): TaskName;
  /** Fills the form (task included) from `s`. */
  set(s: TrainSettings): void;
  /** The settings typed, or the first field that is not a number (its message shown). */
  read(): TrainSettings | null;
  /** The fields typed unlike the task's defaults, as typed (for the link). */
  typed(): TypedSettings;
  /** Puts texts typed before (a link's) into their fields, over the defaults set. */
  fill(typed: TypedSettings): void;
  /** `message` beside `field` (a TrainSettings name; anything else goes under the form). */
  showError(field: string, message: string): void;
  clearErrors(): void;
}

/** The task radios. */
function taskPicker(onTask: (task: TaskName) => void) {
  const taskSet = el("fieldset", "learn-tasks");
  taskSet.append(el("legend", "", "Task"));
  const radios = TASKS.map(({ task, label }) => {
    const wrap = el("label", "check");
    const input = el("input");
    input.type = "radio";
    input.name = "learn-task";
    input.value = task;
    input.addEventListener("change", () => input.checked && onTask(task));
    wrap.append(input, ` ${label}`);
    taskSet.append(wrap);
    return input;
  });
  return { taskSet, radios };
}

/** One labelled field per number, with its limits and its error slot. */
function numberFields() {
  const grid = el("div", "learn-fields");
  const inputs = new Map<string, HTMLInputElement>();
  const boxes = new Map<string, HTMLElement>();
  const slots = new Map<string, HTMLElement>();
  for (const f of FIELDS) {
    const box = el("div", "learn-field");
    const input = el("input");
    input.type = "text";
    input.id = `learn-${f.key}`;
    input.inputMode = f.whole ? "numeric" : "decimal";
    input.autocomplete = "off";
    input.spellcheck = false;
    const label = el("label", "field", f.label);
    label.htmlFor = input.id;
    const hint = el("span", "hint", f.limits);
    hint.id = `learn-${f.key}-limits`;
    hint.dataset.testid = `limits-${f.key}`;
    const slot = errorSlot(f.key);
    input.setAttribute("aria-describedby", `${slot.id} ${hint.id}`);
    box.append(label, input, hint, slot);
    grid.append(box);
    inputs.set(f.key, input);
    boxes.set(f.key, box);
    slots.set(f.key, slot);
  }
  return { grid, inputs, boxes, slots };
}

/** The fields whose text differs from `base`'s (nothing before the defaults are set). */
function typedOf(
  inputs: Map<string, HTMLInputElement>,
  encoder: HTMLInputElement,
  base: TrainSettings | null,
): TypedSettings {
  const typed: TypedSettings = {};
  if (!base) return typed;
  for (const f of FIELDS) {
    const text = inputs.get(f.key)!.value;
    if (text !== String(base[f.key])) typed[f.key] = text;
  }
  if (encoder.checked !== base.encoder_self_attention) {
    typed.encoder_self_attention = encoder.checked ? "on" : "off";
  }
  return typed;
}

/** Puts `typed`'s texts into their fields. */
function fillIn(
  inputs: Map<string, HTMLInputElement>,
  encoder: HTMLInputElement,
  typed: TypedSettings,
): void {
  for (const f of FIELDS) {
    const text = typed[f.key];
    if (text !== undefined) inputs.get(f.key)!.value = text;
  }
  if (typed.encoder_self_attention !== undefined) {
    encoder.checked = typed.encoder_self_attention === "on";
  }
}

/**
 * The form; `onTask` when another task is picked, `onTyped` after each change of a field (the
 * controller keeps the typed settings in the URL).
 */
export function createSettingsForm(
  onTask: (task: TaskName) => void,
  onTyped: (typed: TypedSettings) => void = () => undefined,
): SettingsForm {
  const element = el("form", "learn-settings");
  element.noValidate = true;
  element.setAttribute("aria-label", "Training settings");
  element.addEventListener("submit", (e) => e.preventDefault());

  const { taskSet, radios } = taskPicker(onTask);
  const { grid, inputs, boxes, slots } = numberFields();
  const encoder = el("input");
  encoder.type = "checkbox";
  const encoderLabel = el("label", "check learn-encoder");
  encoderLabel.append(encoder, " Encoder self-attention");
  const general = errorSlot("general");
  element.append(taskSet, grid, encoderLabel, general);

  let base: TrainSettings | null = null;
  grid.addEventListener("input", () => onTyped(form.typed()));
  encoder.addEventListener("change", () => onTyped(form.typed()));

  const form: SettingsForm = {
    element,
    task: () => (radios.find((r) => r.checked)?.value as TaskName | undefined) ?? "translate",
    set(s) {
      base = s;
      for (const r of radios) r.checked = r.value === s.task;
      for (const f of FIELDS) inputs.get(f.key)!.value = String(s[f.key]);
      encoder.checked = s.encoder_self_attention;
      for (const f of FIELDS) boxes.get(f.key)!.hidden = f.only !== undefined && f.only !== s.task;
      encoderLabel.hidden = s.task !== "translate";
      form.clearErrors();
    },
    read() {
      form.clearErrors();
      if (!base) return null;
      const out: TrainSettings = { ...base, task: form.task() };
      for (const f of FIELDS) {
        const text = inputs.get(f.key)!.value.trim();
        const x = Number(text);
        if (text === "" || !Number.isFinite(x)) {
          form.showError(f.key, `${f.label} is “${text}”: type a number, ${f.limits}.`);
          return null;
        }
        if (f.whole && !Number.isInteger(x)) {
          form.showError(f.key, `${f.label} is ${text}: type a whole number, ${f.limits}.`);
          return null;
        }
        out[f.key] = x;
      }
      out.encoder_self_attention = out.task === "translate" && encoder.checked;
      // About 50 snapshots at most, never denser than the task's tuned default.
      out.snapshot_every = Math.max(base.snapshot_every, Math.ceil(out.steps / 50));
      return out;
    },
    typed: () => typedOf(inputs, encoder, base),
    fill: (typed) => fillIn(inputs, encoder, typed),
    showError(field, message) {
      const f = FIELDS.find((x) => x.key === field);
      const slot = slots.get(field) ?? general;
      // The core names the field by its config name; beside the field, by its label.
      slot.textContent = f ? message.replace(new RegExp(`^${field}\\b`), f.label) : message;
      slot.hidden = false;
      const input = inputs.get(field);
      input?.setAttribute("aria-invalid", "true");
      input?.focus();
    },
    clearErrors() {
      for (const slot of [...slots.values(), general]) {
        slot.hidden = true;
        slot.textContent = "";
      }
      for (const input of inputs.values()) input.removeAttribute("aria-invalid");
    },
  };
  return form;
}

function errorSlot(name: string): HTMLElement {
  const slot = el("p", "field-error");
  slot.id = `learn-error-${name}`;
  slot.dataset.testid = `learn-error-${name}`;
  slot.setAttribute("role", "alert");
  slot.hidden = true;
  return slot;
}
