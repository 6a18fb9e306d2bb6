/**
 * The Learn view's links (docs/url.md): "#learn" opens it on the translate task, "#learn=copy" (or
 * "#learn=translate") on that task, and the training settings typed follow as they were typed
 * ("#learn=copy&steps=300&d_model=16"), so a reload keeps them. Pure: no DOM. A hash that is
 * not a Learn link is the stepper's (url-state.ts).
 */
import type { TaskName } from "../wasm/train-client";

const TASK_NAMES: readonly TaskName[] = ["translate", "copy"];

/** The settings fields a link may carry (TrainSettings names), each as the text typed. */
export const TYPED_FIELDS = [
  "d_model",
  "heads",
  "d_ff",
  "steps",
  "learning_rate",
  "batch",
  "seed",
  "encoder_self_attention",
] as const;
export type TypedSettings = Partial<Record<(typeof TYPED_FIELDS)[number], string>>;
/** Longest text kept of one field (a number is far shorter; more is not something typed). */
const MAX_TYPED = 40;

export interface LearnLink {
  task: TaskName;
  /** What could not be read ("" when nothing), said in the view's status line. */
  problem: string;
  /** The settings typed, as typed (the form checks them when training starts); absent if none. */
  typed?: TypedSettings;
}

/** A Learn hash's other parameters: its settings fields, or {} (a plain link stays bare). */
function readTyped(rest: string): { typed?: TypedSettings } {
  const params = new URLSearchParams(rest);
  const typed: TypedSettings = {};
  for (const f of TYPED_FIELDS) {
    const v = params.get(f);
    if (v !== null) typed[f] = v.slice(0, MAX_TYPED);
  }
  return Object.keys(typed).length ? { typed } : {};
}

/** The Learn link in `hash` (with or without "#"), or null when it is not one. */
export function readLearnHash(hash: string): LearnLink | null {
  const m = /^#?learn(?:=([^&]*))?(?:&|$)/.exec(hash);
  if (!m) return null;
  const typed = readTyped(hash.slice(m[0].length));
  let value = m[1] ?? "";
  try {
    value = decodeURIComponent(value);
  } catch {
    // Shown as typed.
  }
  if (value === "") return { task: "translate", problem: "", ...typed };
  const task = TASK_NAMES.find((t) => t === value.toLowerCase());
  if (task) return { task, problem: "", ...typed };
  const shown = value.length > 20 ? `${value.slice(0, 20)}…` : value;
  return {
    task: "translate",
    problem: `learn: “${shown}” is not a task; the tasks are ${TASK_NAMES.join(" and ")}. Showing translate.`,
    ...typed,
  };
}

/** The hash of the Learn view on `task` with the settings typed ("#learn=copy&steps=300"). */
export function learnHash(task: TaskName, typed: TypedSettings = {}): string {
  const params = new URLSearchParams();
  for (const f of TYPED_FIELDS) {
    const v = typed[f];
    if (v !== undefined) params.set(f, v);
  }
  const rest = params.toString().replace(/\+/g, "%20");
  return `#learn=${task}${rest ? `&${rest}` : ""}`;
}
