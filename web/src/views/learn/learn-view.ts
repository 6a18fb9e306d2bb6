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
import type { TypedSettings } from "../../state/learn-link";
import { taskInfo } from "./learn-text";
import { rememberSource } from "../../state/learned-source";
import { createUse, type Use } from "./learn-use";
import { createWatch, type Recording } from "./learn-watch";

export interface LearnDeps {
  /** Opens a learned scenario in the stepper, the way a link opens one. */
  stepThrough(scenario: ScenarioFile): void;
  /** The task shown changed (the controller keeps it in the URL). */
  taskShown(task: TaskName): void;
  /** The settings typed changed (the controller keeps them in the URL, so a reload keeps them). */
  settingsTyped(task: TaskName, typed: TypedSettings): void;
}

export interface LearnView {
  /**
   * Shows `task`: its prebuilt model, unless that task is already shown (a run is kept), with the
   * settings `typed` (a link's) in the form over the task's defaults.
   */
  show(task: TaskName, typed?: TypedSettings): void;
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

const recording = (s: TrainSession): Recording => ({
  task: s.settings.task,
  steps: s.settings.steps,
  watched: s.watched,
  snapshots: s.snapshots(),
  losses: s.losses(),
});

/** The progress line from a session's recording (a prebuilt model reports none). */
function progressOf(s: TrainSession): ProgressFigures {
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
}

const headNow = (s: TrainSession) => s.snapshots().at(-1)?.head ?? 0;

/**
 * Calls `draw` with the newest progress at most every LIVE_MS, in an animation frame, so drawing
 * never crowds the page; returns the progress callback and the drawing now.
 */
function throttled(draw: (p: TrainProgress) => void) {
  let last: TrainProgress | null = null;
  let pending = false;
  let drawnAt = -Infinity;
  const now = () => {
    pending = false;
    drawnAt = performance.now();
    if (last) draw(last);
  };
  const onProgress = (p: TrainProgress) => {
    last = p;
    if (pending) return;
    pending = true;
    const wait = Math.max(0, LIVE_MS - (performance.now() - drawnAt));
    window.setTimeout(() => requestAnimationFrame(now), wait);
  };
  return { onProgress, now, seconds: () => last?.seconds ?? NaN };
}

/**
 * The view's parts: title, words, settings, buttons, progress, the watch and Use it; `onTask` and
 * `onTyped` follow the settings form.
 */
function buildLearnDom(
  host: HTMLElement,
  onTask: (t: TaskName) => void,
  onTyped: (typed: TypedSettings) => void,
  makeUse: () => Use,
) {
  const title = el("h2", "learn-title", "Learn: watch attention form");
  title.id = "learn-title";
  title.tabIndex = -1;
  const about = el("p", "learn-about");
  const settings = createSettingsForm(onTask, onTyped);
  const train = makeButton("primary", "Train it yourself", "Train a new model with these settings");
  const pause = makeButton("", "Pause");
  const reset = makeButton("", "Reset", "Forget this run: the prebuilt model, default settings");
  const buttons = el("div", "learn-buttons");
  buttons.append(train, pause, reset);
  const progress = createProgress();
  const watch = createWatch();
  const use = makeUse();
  const side = el("div", "learn-side");
  side.append(settings.element, buttons, progress.element);
  const main = el("div", "learn-main");
  main.append(watch.element, use.element);
  const grid = el("div", "learn-grid");
  grid.append(side, main);
  host.append(title, about, grid);
  return { title, about, settings, train, pause, reset, progress, watch, use };
}

/** The Learn view's state: the task and model shown, and the run under way. */
class Learn implements LearnView {
  private readonly d: ReturnType<typeof buildLearnDom>;
  private task: TaskName | null = null;
  private session: TrainSession | null = null;
  /** Whether `session` is the task's prebuilt model (the same in every copy of this build). */
  private prebuilt = false;
  /** Bumped by every new model: answers for an older one are dropped. */
  private gen = 0;
  private paused = false;

  constructor(host: HTMLElement, deps: LearnDeps) {
    const onTask = (t: TaskName) => {
      void this.openModel(t);
      deps.taskShown(t);
    };
    const makeUse = () =>
      createUse((scenario, origin) => {
        // A prebuilt model's scenario gets a short link (state/learned-source.ts).
        if (this.prebuilt && this.task) rememberSource(scenario, { task: this.task, ...origin });
        deps.stepThrough(scenario);
      });
    const onTyped = (typed: TypedSettings) => this.task && deps.settingsTyped(this.task, typed);
    this.d = buildLearnDom(host, onTask, onTyped, makeUse);
    this.d.train.addEventListener("click", () => void this.trainLive());
    this.d.pause.addEventListener("click", () => this.togglePause());
    this.d.reset.addEventListener("click", () => {
      if (!this.task) return;
      void this.openModel(this.task);
      deps.settingsTyped(this.task, {});
    });
    this.setRunning(false);
  }

  show(t: TaskName, typed?: TypedSettings): void {
    if (t !== this.task) void this.openModel(t, typed);
    this.d.title.focus({ preventScroll: true });
  }

  private togglePause(): void {
    if (!this.session) return;
    this.paused = !this.paused;
    if (this.paused) this.session.pause();
    else this.session.resume();
    this.d.pause.textContent = this.paused ? "Resume" : "Pause";
    this.d.progress.announce(this.paused ? "Paused." : "Resumed.");
  }

  private setRunning(running: boolean): void {
    this.paused = false;
    this.d.pause.textContent = "Pause";
    this.d.pause.disabled = !running;
    this.d.watch.setLive(running);
  }

  /** Drops the model shown (its worker ends). */
  private drop(): void {
    this.session?.dispose();
    this.session = null;
    this.prebuilt = false;
    this.setRunning(false);
  }

  private async openModel(t: TaskName, typed: TypedSettings = {}): Promise<void> {
    const { progress, settings, watch } = this.d;
    const mine = ++this.gen;
    this.drop();
    this.task = t;
    this.d.about.textContent = taskInfo(t).about;
    progress.setModel("Loading the prebuilt model…");
    progress.setMetrics(t, null);
    this.d.use.setSession(null);
    try {
      const [defaults, s] = await Promise.all([defaultSettings(t), openPrebuilt(t)]);
      if (mine !== this.gen) return s.dispose();
      settings.set(defaults);
      settings.fill(typed);
      this.session = s;
      this.prebuilt = true;
      progress.setModel(`The prebuilt model, trained by the build: ${describe(s.settings)}.`);
      watch.show(recording(s), true);
      progress.update(t, progressOf(s), headNow(s));
      // A prebuilt model is trained already: this resolves at once with its evaluation.
      const metrics = await s.train(() => undefined);
      if (mine !== this.gen) return;
      progress.setMetrics(t, metrics);
      this.d.use.setSession(s);
    } catch (e) {
      if (mine === this.gen) progress.setModel(`The prebuilt model did not load: ${messageOf(e)}`);
    }
  }

  /** Starts training with the settings typed; a refused setting is named beside its field. */
  private async trainLive(): Promise<void> {
    const wanted = this.d.settings.read();
    if (!wanted || !this.task) return;
    const t = this.task;
    const mine = ++this.gen;
    let s: TrainSession;
    try {
      s = await startTraining(wanted);
    } catch (e) {
      if (mine !== this.gen) return;
      if (e instanceof TrainInputError) this.d.settings.showError(e.field, e.message);
      else this.d.settings.showError("general", `Training did not start: ${messageOf(e)}`);
      return;
    }
    if (mine !== this.gen) return s.dispose();
    this.drop();
    this.session = s;
    this.setRunning(true);
    this.d.use.setSession(null);
    const { progress } = this.d;
    progress.setMetrics(t, null);
    progress.setModel(`Your model: ${describe(s.settings)}. Training in a worker…`);
    progress.announce(`Training started: ${s.settings.steps} steps.`);
    this.d.watch.show(recording(s), true);
    await this.follow(s, t, mine);
  }

  /** Draws the run's progress as it comes, then its result. */
  private async follow(s: TrainSession, t: TaskName, mine: number): Promise<void> {
    const { progress, watch } = this.d;
    const live = throttled((p) => {
      if (mine !== this.gen) return;
      progress.update(t, p, headNow(s));
      watch.show(recording(s), false);
    });
    let metrics: TrainMetrics;
    try {
      metrics = await s.train((p) => mine === this.gen && live.onProgress(p));
    } catch (e) {
      if (mine !== this.gen) return;
      this.setRunning(false);
      progress.setModel(`Training stopped: ${messageOf(e)}`);
      return;
    }
    if (mine !== this.gen) return;
    live.now();
    this.setRunning(false);
    const seconds = live.seconds();
    const took = Number.isFinite(seconds) ? ` in ${seconds.toFixed(2)} s` : "";
    progress.setModel(`Your model: ${describe(s.settings)}. Trained${took}.`);
    progress.setMetrics(t, metrics);
    progress.announce(
      `Trained${took}: token accuracy ${Math.round(metrics.token_accuracy * 100)} %, ` +
        (metrics.criteria_met ? "criteria met." : "criteria not met yet."),
    );
    this.d.use.setSession(s);
  }
}

export function createLearnView(host: HTMLElement, deps: LearnDeps): LearnView {
  return new Learn(host, deps);
}
