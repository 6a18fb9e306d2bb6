/**
 * The controller's part for what the learner changes and saves: which run an edit, the form, or a
 * loaded scenario file makes, and what becomes of the edits then (kept, dropped, restarted). It
 * composes the edit bar (undo, redo, reset; views/editing) and the file buttons (Save / Load;
 * views/scenario), wired to app.ts through a few callbacks.
 */
import { createEditing } from "../views/editing/editing";
import { sameInputs, scenarioWithEdits, usableEdits } from "../state/edits";
import { formFromScenario, scenarioFromForm } from "../views/scenario/scenario-form";
import { ALGORITHM_KEYS, algorithmFields, lmSourceOf, rememberLmSource } from "../state/lm-source";
import type { MatrixSpec } from "../views/matrix/matrix-model";
import { createScenarioFileControls } from "../views/scenario/file-controls";
import { SUPERSEDED, type AppState, type RunOutcome } from "../state/app-state";
import { ScenarioError, type Attention } from "../wasm/loader";
import type { CellEdit, OperandValue, ScenarioFile, TraceValue } from "../wasm/types";

export interface ToolsHost {
  attention(): Attention | null;
  state(): AppState | null;
  /** Runs `scenario` and shows it (from its first step when `reset`); the core's error, if any. */
  tryRun(scenario: ScenarioFile, reset: boolean): Promise<RunOutcome>;
  /** Shows a rejected scenario's message in the scenario panel, beside its field. */
  report(error: ScenarioError): void;
  /** Fills the scenario panel's form from a scenario (marked "Custom"). */
  setForm(scenario: ScenarioFile): void;
  /** A line in the page's status area ("" clears it). */
  say(text: string): void;
}

export interface LearnerTools {
  /** Extra fields for a matrix of the step view: the edit hook of input matrices. */
  decorate(trace: TraceValue, op: OperandValue): Partial<MatrixSpec>;
  /**
   * Applies the form's scenario: with the same inputs (another mask or scoring function) the
   * edits stay; with other inputs (sentence, sizes, seed) they are cleared, and Undo reverts it.
   */
  applyForm(scenario: ScenarioFile): Promise<void>;
  /**
   * Before a new scenario (a preset, a link) runs: the edit history starts over with its edits,
   * if any; the edits in force are cleared, which the edit bar says and Undo reverts.
   */
  restart(edits?: readonly CellEdit[]): void;
}

const asForm = (s: ScenarioFile) => scenarioFromForm(formFromScenario(s));

/** Whether `next` changes the inputs of `prev`; both are compared as the form writes them. */
function newInputs(prev: ScenarioFile | undefined, next: ScenarioFile): prev is ScenarioFile {
  return prev !== undefined && !sameInputs(asForm(prev), asForm(next));
}

/**
 * A head of the shipped model (state/lm-source.ts) that the form only sends through another
 * algorithm stays named by its short link, which then names the algorithm: a layer's numbers
 * are too big for a written-out link.
 */
function carryLmSource(prev: ScenarioFile | undefined, next: ScenarioFile): void {
  const source = prev && lmSourceOf(prev);
  if (!source) return;
  const bare = (s: ScenarioFile) => {
    const f = asForm(s);
    for (const k of ALGORITHM_KEYS) delete f[k];
    return JSON.stringify(f);
  };
  if (bare(prev) !== bare(next)) return;
  const head = { ...source };
  delete head.algorithm;
  const algorithm = algorithmFields(next);
  rememberLmSource(next, algorithm ? { ...head, algorithm } : head);
}

export function createLearnerTools(
  root: HTMLElement,
  bar: HTMLElement,
  panelHost: HTMLElement,
  host: ToolsHost,
): LearnerTools {
  const editing = createEditing(bar, root, {
    state: host.state,
    tryRun: (s) => host.tryRun(s, false),
    say: host.say,
    async reopen(scenario) {
      const outcome = await host.tryRun(scenario, true);
      if (!outcome) host.setForm(scenario);
      return outcome;
    },
  });
  /** The scenario on screen, as run but without its edits. */
  const shown = () => {
    const s = host.state()?.scenario;
    return s && scenarioWithEdits(s, []);
  };

  const files = createScenarioFileControls(panelHost, {
    async saved() {
      const att = host.attention();
      const s = host.state()?.scenario;
      return att && s ? att.savedFile(s) : null;
    },
    async load(file, name) {
      const att = host.attention();
      if (!att || !host.state()) return;
      // The worker reads and judges the file and keeps it (wasm/stored-files.ts).
      let parsed: ScenarioFile;
      try {
        parsed = await att.loadFile(file);
      } catch (e) {
        if (!(e instanceof ScenarioError)) throw e;
        // Beside the field, but saying it is the file's value, not what the form shows.
        host.report(new ScenarioError(e.field, `In ${name}: ${e.message}`));
        files.note(`${name} was not loaded.`);
        return;
      }
      const prev = shown();
      host.setForm(parsed);
      editing.restart(parsed.edits ?? [], prev);
      const outcome = await host.tryRun(parsed, true);
      if (outcome === SUPERSEDED) return;
      if (outcome) host.report(outcome);
      files.note(outcome ? `${name} was not loaded.` : `Loaded ${name}.`);
    },
  });

  return {
    decorate(trace, op) {
      const edit = editing.hookFor(trace, op.matrix);
      return edit ? { edit } : {};
    },
    async applyForm(scenario) {
      const prev = shown();
      carryLmSource(prev, scenario);
      const all = editing.edits();
      if (all.length > 0 && newInputs(prev, scenario)) {
        // Other tokens, sizes or seed: an edit would land on another number. Clear them.
        const outcome = await host.tryRun(scenario, false);
        if (outcome === SUPERSEDED) return;
        if (outcome) return host.report(outcome);
        editing.restart([], prev);
        return;
      }
      const usable = usableEdits(all, scenario.score);
      const outcome = await host.tryRun(scenarioWithEdits(scenario, usable), false);
      if (outcome === SUPERSEDED) return;
      if (outcome) return host.report(outcome);
      // Edits of another scoring function's matrices cannot come along.
      if (usable.length < all.length) {
        editing.restart(usable);
        host.say(`${all.length - usable.length} edit(s) of the previous scoring matrices dropped.`);
      }
    },
    restart: (edits = []) => editing.restart(edits, shown()),
  };
}
