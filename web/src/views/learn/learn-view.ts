/**
 * The Learn view (docs/tasks.md): a tiny Transformer trained in a Web Worker, its attention watched as
 * it forms, used on a typed sentence and stepped through in the stepper. It opens on the task's
 * prebuilt model at once (trained by the build, with its recording); "Train it yourself" retrains
 * live with the settings; Pause/Resume; Reset goes back to the prebuilt model and the defaults.
 * Loaded with import() when the Learn view first opens (app/learn-mode.ts), so the stepper's first
 * load never pays for it, nor for the training module.
 */
import "./learn.css";
import { el, makeButton } from "../ui/dom";
import type { ScenarioFile } from "../../wasm/types";
import {
  defaultSettings,
  openPrebuilt,
  startTraining,
  TrainInputError,
  type TaskName,
  type TrainMetrics,
  type TrainProgress,
  type TrainSession,
  type TrainSettings,
} from "../../wasm/train-client";
import { createProgress, type ProgressFigures } from "./learn-progress";
import { createSettingsForm } from "./learn-settings";
import { taskInfo } from "./learn-text";
import { rememberSource } from "../../state/learned-source";
import { createUse } from "./learn-use";
import { createWatch, type Recording } from "./learn-watch";

export interface LearnDeps {
  /** Opens a learned scenario in the stepper, the way a link opens one. */
  stepThrough(scenario: ScenarioFile): void;
  /** The task shown changed (the controller keeps it in the URL). */
  taskShown(task: TaskName): void;
}

export interface LearnView {
  /** Shows `task`: its prebuilt model, unless that task is already shown (a run is kept). */
  show(task: TaskName): void;
}

/** "d_model 64, 4 heads, 200 steps, seed 1". */
function describe(s: TrainSettings): string {
  const encoder = s.task === "translate" && !s.encoder_self_attention;
  const dff = s.task === "translate" ? `, d_ff ${s.d_ff}` : "";
  return (
    `d_model ${s.d_model}, ${s.heads} heads${dff}, ${s.steps} steps, batch ` +
    `${s.batch}, learning rate ${s.learning_rate}, seed ${s.seed}` +
    (encoder ? ", no encoder self-attention" : "")
  );
}

/** While training, the progress, curves and maps are redrawn at most this often. */
const LIVE_MS = 100;

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function createLearnView(host: HTMLElement, deps: LearnDeps): LearnView {
  const title = el("h2", "learn-title", "Learn: watch attention form");
  title.id = "learn-title";
  title.tabIndex = -1;
  const about = el("p", "learn-about");
  const settings = createSettingsForm((t) => {
    void openModel(t);
    deps.taskShown(t);
  });
  const train = makeButton("primary", "Train it yourself", "Train a new model with these settings");
  const pause = makeButton("", "Pause");
  const reset = makeButton("", "Reset", "Forget this run: the prebuilt model, default settings");
  const buttons = el("div", "learn-buttons");
  buttons.append(train, pause, reset);
  const progress = createProgress();
  const watch = createWatch();
  const use = createUse((scenario, origin) => {
    // A prebuilt model's scenario gets a short link (state/learned-source.ts).
    if (prebuilt && task) rememberSource(scenario, { task, ...origin });
    deps.stepThrough(scenario);
  });
  const side = el("div", "learn-side");
  side.append(settings.element, buttons, progress.element);
  const main = el("div", "learn-main");
  main.append(watch.element, use.element);
  const grid = el("div", "learn-grid");
  grid.append(side, main);
  host.append(title, about, grid);

  let task: TaskName | null = null;
  let session: TrainSession | null = null;
  /** Whether `session` is the task's prebuilt model (the same in every copy of this build). */
  let prebuilt = false;
  /** Bumped by every new model: answers for an older one are dropped. */
  let gen = 0;
  let paused = false;

  const recording = (s: TrainSession): Recording => ({
    task: s.settings.task,
    steps: s.settings.steps,
    watched: s.watched,
    snapshots: s.snapshots(),
    losses: s.losses(),
  });
  /** The progress line from a session's recording (a prebuilt model reports none). */
  const progressOf = (s: TrainSession): ProgressFigures => {
    const last = s.snapshots().at(-1);
    const losses = s.losses();
    return {
      step: losses.length,
      steps: s.settings.steps,
      loss: losses.at(-1) ?? NaN,
      seconds: NaN,
      token_accuracy: last?.token_accuracy ?? NaN,
      alignment: last?.alignment ?? NaN,
    };
  };
  const headNow = (s: TrainSession) => s.snapshots().at(-1)?.head ?? 0;

  function setRunning(running: boolean): void {
    paused = false;
    pause.textContent = "Pause";
    pause.disabled = !running;
    watch.setLive(running);
  }

  /** Drops the model shown (its worker ends). */
  function drop(): void {
    session?.dispose();
    session = null;
    prebuilt = false;
    setRunning(false);
  }

  async function openModel(t: TaskName): Promise<void> {
    const mine = ++gen;
    drop();
    task = t;
    about.textContent = taskInfo(t).about;
    progress.setModel("Loading the prebuilt model…");
    progress.setMetrics(t, null);
    use.setSession(null);
    try {
      const [defaults, s] = await Promise.all([defaultSettings(t), openPrebuilt(t)]);
      if (mine !== gen) return s.dispose();
      settings.set(defaults);
      session = s;
      prebuilt = true;
      progress.setModel(`The prebuilt model, trained by the build: ${describe(s.settings)}.`);
      watch.show(recording(s), true);
      progress.update(t, progressOf(s), headNow(s));
      // A prebuilt model is trained already: this resolves at once with its evaluation.
      const metrics = await s.train(() => undefined);
      if (mine !== gen) return;
      progress.setMetrics(t, metrics);
      use.setSession(s);
    } catch (e) {
      if (mine === gen) progress.setModel(`The prebuilt model did not load: ${messageOf(e)}`);
    }
  }

  async function trainLive(): Promise<void> {
    const wanted = settings.read();
    if (!wanted || !task) return;
    const t = task;
    const mine = ++gen;
    let s: TrainSession;
    try {
      s = await startTraining(wanted);
    } catch (e) {
      if (mine !== gen) return;
      if (e instanceof TrainInputError) settings.showError(e.field, e.message);
      else settings.showError("general", `Training did not start: ${messageOf(e)}`);
      return;
    }
    if (mine !== gen) return s.dispose();
    drop();
    session = s;
    setRunning(true);
    use.setSession(null);
    progress.setMetrics(t, null);
    progress.setModel(`Your model: ${describe(s.settings)}. Training in a worker…`);
    progress.announce(`Training started: ${s.settings.steps} steps.`);
    watch.show(recording(s), true);
    // Progress comes after every slice of a few steps: the newest is drawn at most every
    // LIVE_MS, in an animation frame, so drawing never crowds the page.
    let last: TrainProgress | null = null;
    let pending = false;
    let drawnAt = -Infinity;
    let seconds = NaN;
    const draw = () => {
      pending = false;
      drawnAt = performance.now();
      if (mine !== gen || !last) return;
      progress.update(t, last, headNow(s));
      watch.show(recording(s), false);
    };
    let metrics: TrainMetrics;
    try {
      metrics = await s.train((p) => {
        if (mine !== gen) return;
        last = p;
        seconds = p.seconds;
        if (pending) return;
        pending = true;
        const wait = Math.max(0, LIVE_MS - (performance.now() - drawnAt));
        window.setTimeout(() => requestAnimationFrame(draw), wait);
      });
    } catch (e) {
      if (mine !== gen) return;
      setRunning(false);
      progress.setModel(`Training stopped: ${messageOf(e)}`);
      return;
    }
    if (mine !== gen) return;
    draw();
    setRunning(false);
    const took = Number.isFinite(seconds) ? ` in ${seconds.toFixed(2)} s` : "";
    progress.setModel(`Your model: ${describe(s.settings)}. Trained${took}.`);
    progress.setMetrics(t, metrics);
    progress.announce(
      `Trained${took}: token accuracy ${Math.round(metrics.token_accuracy * 100)} %, ` +
        (metrics.criteria_met ? "criteria met." : "criteria not met yet."),
    );
    use.setSession(s);
  }

  train.addEventListener("click", () => void trainLive());
  pause.addEventListener("click", () => {
    if (!session) return;
    paused = !paused;
    if (paused) session.pause();
    else session.resume();
    pause.textContent = paused ? "Resume" : "Pause";
    progress.announce(paused ? "Paused." : "Resumed.");
  });
  reset.addEventListener("click", () => task && void openModel(task));
  setRunning(false);

  return {
    show(t) {
      if (t !== task) void openModel(t);
      title.focus({ preventScroll: true });
    },
  };
}
