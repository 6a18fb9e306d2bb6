/**
 * Which model is shown and how its training goes: a progress bar with the step, the wall time,
 * the loss, the held-out accuracy and the current pattern score (alignment, or the induction
 * score), redrawn while the worker trains; then the held-out figures with what each one means and,
 * for translate, the determiner lesson. A polite live region says only the start, a pause, a
 * resume and the end, never each step.
 */
import { el } from "../ui/dom";
import type { TaskName, TrainMetrics, TrainProgress } from "../../wasm/train-client";
import { determinerLesson, figure, headLabel, metricLines, percent, scoreName } from "./learn-text";

/** What the progress line shows of a TrainProgress (a prebuilt model's is made from its record). */
export type ProgressFigures = Pick<
  TrainProgress,
  "step" | "steps" | "loss" | "seconds" | "token_accuracy" | "alignment"
>;

export interface ProgressPanel {
  readonly element: HTMLElement;
  /** What the figures below are of: the prebuilt model, or the learner's run. */
  setModel(text: string): void;
  /** Live figures of the run (`head`: the best head now). */
  update(task: TaskName, p: ProgressFigures, head: number): void;
  /** The held-out evaluation, or null while there is none yet. */
  setMetrics(task: TaskName, m: TrainMetrics | null): void;
  /** Says `text` once to screen readers. */
  announce(text: string): void;
}

export function createProgress(): ProgressPanel {
  const element = el("section", "learn-progress");
  element.setAttribute("aria-label", "Training progress");
  const model = el("p", "learn-model");
  model.dataset.testid = "learn-model";
  const bar = el("progress");
  bar.setAttribute("aria-label", "Steps trained");
  const step = el("span", "learn-step");
  step.dataset.testid = "learn-step";
  const loss = el("span", "learn-figure");
  const accuracy = el("span", "learn-figure");
  const score = el("strong", "learn-score");
  score.dataset.testid = "learn-score";
  const line = el("p", "learn-line");
  line.append(step, loss, accuracy, score);
  const metrics = el("dl", "learn-metrics");
  metrics.dataset.testid = "learn-metrics";
  const verdict = el("p", "learn-verdict");
  const lesson = el("p", "learn-lesson-held-out");
  lesson.dataset.testid = "determiner-held-out";
  const live = el("p", "sr-only");
  live.setAttribute("aria-live", "polite");
  live.dataset.testid = "learn-announcer";
  element.append(model, bar, line, verdict, metrics, lesson, live);

  return {
    element,
    setModel(text) {
      model.textContent = text;
    },
    update(task, p, head) {
      bar.max = p.steps;
      bar.value = p.step;
      const time = Number.isFinite(p.seconds) ? ` · ${p.seconds.toFixed(2)} s` : "";
      step.textContent = `Step ${p.step} of ${p.steps}${time}`;
      loss.textContent = `loss ${figure(p.loss)}`;
      accuracy.textContent = `accuracy ${percent(p.token_accuracy)}`;
      score.textContent = `${scoreName(task)} ${figure(p.alignment)} (${headLabel(head)})`;
    },
    setMetrics(task, m) {
      metrics.replaceChildren();
      lesson.textContent = "";
      verdict.textContent = "";
      if (!m) return;
      verdict.textContent = m.criteria_met
        ? "Held out (sentences it never saw in training): the criteria are met ✓"
        : "Held out (sentences it never saw in training): the criteria are not met yet.";
      for (const { name, value, meaning } of metricLines(task, m)) {
        const div = el("div");
        const dd = el("dd");
        dd.append(el("strong", "", value), ` ${meaning}`);
        div.append(el("dt", "", name), dd);
        metrics.append(div);
      }
      if (task === "translate") lesson.textContent = determinerLesson(m);
    },
    announce(text) {
      live.textContent = text;
    },
  };
}
