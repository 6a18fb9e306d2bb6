/**
 * The Learn view's links (docs/url.md): "#learn" opens it on the translate task, "#learn=copy" (or
 * "#learn=translate") on that task. Pure: no DOM. A hash that is not a Learn link is the
 * stepper's (url-state.ts).
 */
import type { TaskName } from "../wasm/train-client";

const TASK_NAMES: readonly TaskName[] = ["translate", "copy"];

export interface LearnLink {
  task: TaskName;
  /** What could not be read ("" when nothing), said in the view's status line. */
  problem: string;
}

/** The Learn link in `hash` (with or without "#"), or null when it is not one. */
export function readLearnHash(hash: string): LearnLink | null {
  const m = /^#?learn(?:=([^&]*))?(?:&|$)/.exec(hash);
  if (!m) return null;
  let value = m[1] ?? "";
  try {
    value = decodeURIComponent(value);
  } catch {
    // Shown as typed.
  }
  if (value === "") return { task: "translate", problem: "" };
  const task = TASK_NAMES.find((t) => t === value.toLowerCase());
  if (task) return { task, problem: "" };
  const shown = value.length > 20 ? `${value.slice(0, 20)}…` : value;
  return {
    task: "translate",
    problem: `learn: “${shown}” is not a task; the tasks are ${TASK_NAMES.join(" and ")}. Showing translate.`,
  };
}

/** The hash of the Learn view on `task` ("#learn=copy"). */
export const learnHash = (task: TaskName): string => `#learn=${task}`;
