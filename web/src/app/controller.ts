/**
 * The controller: holds the one AppState, runs scenarios through the wasm core (the latest run
 * wins), moves through the steps, and has the state drawn (drawing.ts decides when). The screen's
 * panels never change the state: they call the methods here.
 */
import { DEFAULT_SPEED } from "../views/controls/controls";
import type { ScenarioPanel } from "../views/scenario/scenario-panel";
import { formFromScenario } from "../views/scenario/scenario-form";
import {
  DEFAULT_PRESET,
  presetById,
  presetMatching,
  presetScenario,
  presetScenarioNow,
} from "../state/presets";
import {
  atStart,
  inAlgorithm,
  onHead,
  walkBy,
  walkTo,
  withResult,
  SUPERSEDED,
  type AppState,
  type RunOutcome,
  type StartStep,
} from "../state/app-state";
import { Granularity } from "../wasm/enums";
import { preload, whenLoaded } from "../wasm/lazy-run";
import { alignedHead } from "../state/alignment";
import { CoreLostError, ScenarioError, type Attention } from "../wasm/loader";
import type { ScenarioFile } from "../wasm/types";
import { createDrawing, type Drawing } from "./drawing";
import type { LearnerTools } from "./learner-tools";
import { Player } from "./player";
import { renderReads } from "./render-reads";

/** "the core stopped …" as a sentence: "The core stopped …." */
const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;

/** What the controller drives on screen besides the panels it draws. */
export interface ControlledParts {
  form: ScenarioPanel;
  tools: LearnerTools;
}

export class Controller {
  /** The state the controller is at (ahead of the one on screen while its parts load). */
  state: AppState | null = null;
  attention: Attention | null = null;
  readonly drawing: Drawing;
  readonly player: Player;
  parts: ControlledParts | null = null;
  /** The latest run asked for: an answer to an older one is dropped (latest wins). */
  private latest = 0;
  /** The latest preset chosen: a fetched one that arrives after a later choice is dropped. */
  private chosen = 0;
  /** How many steps the other algorithm's walk has (0 until its view has counted them). */
  algoCount = 0;
  /** Only the standard steps (an embed that hides "algorithm"): its walk is never entered. */
  standardOnly = false;

  /** `render` draws a state (after `prev`); `status` is the status line. */
  constructor(
    private readonly status: HTMLElement,
    render: (prev: AppState | null, s: AppState) => void,
  ) {
    this.drawing = createDrawing(
      () => this.state,
      render,
      (text) => this.say(text),
    );
    this.player = new Player(
      () => {
        this.update((s) => walkBy(s, 1, this.algoCount));
        return !this.atEnd();
      },
      () => this.drawing.drawn() === this.state && this.drawing.draw(true),
      DEFAULT_SPEED,
    );
  }

  /** The form and the learner's tools, once the screen is built. */
  attach(parts: ControlledParts): void {
    this.parts = parts;
  }

  say(text: string): void {
    this.status.textContent = text;
  }

  get granularity(): Granularity {
    return this.state?.granularity ?? Granularity.PerQuery;
  }

  /** The core is loaded: a worker found dead pauses the player and says so. */
  coreLoaded(attention: Attention): void {
    this.attention = attention;
    attention.onLost((e) => {
      this.player.pause();
      this.say(sentence(e.message));
    });
  }

  /**
   * Applies `f` to the state (if any) and redraws what changed. When the core's worker died, its
   * run went with it: the scenario (edits included) is run again in a new worker, then moved.
   */
  update(f: (s: AppState) => AppState): void {
    if (!this.state) return;
    if (this.attention?.lost(this.state.result)) {
      return this.run(this.state.scenario, this.state.granularity, false, f);
    }
    this.state = this.walkable(f(this.state));
    this.drawing.draw();
  }

  /** `s`, out of the other algorithm's walk when it is hidden. */
  private walkable(s: AppState): AppState {
    return this.standardOnly && s.algoStep !== undefined ? { ...s, algoStep: undefined } : s;
  }

  atEnd(): boolean {
    const s = this.state;
    if (!s) return true;
    if (inAlgorithm(s)) return s.algoStep! >= this.algoCount - 1;
    return s.index >= s.result.steps.length - 1;
  }

  togglePlay(): void {
    if (!this.player.playing && this.atEnd()) this.update((s) => walkTo(s, false, this.algoCount));
    this.player.toggle();
  }

  /**
   * Runs `scenario` through the core's worker and shows the result (from the first step when
   * `reset`, then at `place`), once what its first render reads is loaded. A rejection is
   * returned, not shown: the last good result stays on screen. A run that a newer one replaced
   * before it was computed comes to SUPERSEDED, and its run is closed in the worker. `aligned`
   * (a preset chosen): a translation opens on the head that aligns best (state/alignment.ts).
   */
  async compute(
    scenario: ScenarioFile,
    granularity: Granularity,
    reset: boolean,
    place: (s: AppState) => AppState = (s) => s,
    aligned = false,
  ): Promise<RunOutcome> {
    if (!this.attention) return new ScenarioError("", "The WebAssembly core is not loaded yet.");
    const att = this.attention;
    const mine = ++this.latest;
    this.say("Computing…");
    let next: AppState;
    try {
      const result = await att.run(scenario, granularity);
      const opening = reset && aligned ? await whenLoaded(() => alignedHead(result.trace)) : null;
      // Placed from the state as it is when shown: a move made while this loaded is kept.
      const fresh = (s: AppState) => (opening ? onHead(s, opening.head) : s);
      const placed = () =>
        place(fresh(withResult(reset ? null : this.state, scenario, granularity, result)));
      await preload(() => (mine === this.latest ? renderReads(placed()) : []));
      next = placed();
      if (mine !== this.latest) {
        att.release(result);
        return SUPERSEDED;
      }
    } catch (e) {
      if (mine !== this.latest) return SUPERSEDED;
      this.say("");
      return e instanceof ScenarioError ? e : new ScenarioError("", String(e));
    }
    this.show(next, reset, att);
    return null;
  }

  /** Shows a computed state; the worker keeps each run until released: frees the one replaced. */
  private show(next: AppState, reset: boolean, att: Attention): void {
    this.parts?.form.clearErrors();
    this.say("");
    const prev = this.state;
    this.state = this.walkable(next);
    if (reset) this.drawing.reset();
    this.drawing.draw();
    if (prev && prev.result !== next.result) att.release(prev.result);
  }

  /** A rejected field's message goes beside that field in the scenario panel. */
  report(err: ScenarioError): void {
    if (err instanceof CoreLostError) return this.say(sentence(err.message));
    this.parts?.form.showError(err.field, err.message);
    this.say(this.state ? "Not applied; the last good result is still shown." : "");
  }

  run(
    scenario: ScenarioFile,
    granularity: Granularity,
    reset: boolean,
    place?: (s: AppState) => AppState,
    aligned = false,
  ): void {
    void this.compute(scenario, granularity, reset, place, aligned).then((err) => {
      if (err instanceof ScenarioError) this.report(err);
    });
  }

  /** Shows the preset `id` (fetched first if it must be); what was typed stays if that fails. */
  choosePreset(id: string): void {
    const preset = presetById(id) ?? DEFAULT_PRESET;
    const mine = ++this.chosen;
    const show = (scenario: ScenarioFile) => {
      if (mine !== this.chosen) return;
      this.parts?.form.setValues(formFromScenario(scenario), preset.id);
      this.parts?.tools.restart();
      this.run(scenario, this.granularity, true, undefined, true);
    };
    const now = presetScenarioNow(preset);
    if (now) return show(now);
    this.say(`Loading the preset "${preset.name}"…`);
    presetScenario(preset).then(show, (e: Error) => {
      if (mine !== this.chosen || !this.parts) return;
      // What was typed stays; the picker names what is still shown.
      const shown = this.state && presetMatching(this.state.scenario);
      this.parts.form.setValues(this.parts.form.values(), shown ? shown.id : "");
      this.say(`${e.message} The last scenario is still shown.`);
    });
  }

  /**
   * Opens a scenario (from a link or an embedder) at a step; the form shows it as Custom.
   * `aligned`: a preset's, whose translation opens on its best head when `start` names none.
   */
  async open(
    scenario: ScenarioFile,
    start: StartStep = {},
    aligned = false,
  ): Promise<ScenarioError | null> {
    const granularity = start.granularity ?? this.granularity;
    this.parts?.tools.restart(scenario.edits ?? []);
    const at = (st: AppState) => atStart(st, start);
    const err = await this.compute(scenario, granularity, true, at, aligned);
    if (err === SUPERSEDED) return null;
    if (err) return err;
    const preset = presetMatching(scenario);
    this.parts?.form.setValues(formFromScenario(scenario), preset?.id ?? "");
    return null;
  }
}
