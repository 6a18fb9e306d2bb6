/**
 * The pipeline drawn like the paper's figure, top to bottom: Linear ×3 → (per head) [RoPE K, RoPE
 * Q] → MatMul → Scale → [ALiBi] → Mask → SoftMax → MatMul → Concat → Linear (RoPE and ALiBi only
 * for scenarios that have them). Each stage is a button that jumps to that stage for
 * the current head and query; the current one is lit (aria-current="step"), none while the KV
 * cache's or FlashAttention's walk is shown. Shapes under each box.
 */
import { formatShape } from "../ui/format";
import { scoringOf } from "../../state/scoring";
import { headName, PER_HEAD_STAGES, STAGE_INFO } from "../../state/stages";
import { ScoreKind, Stage } from "../../wasm/enums";
import { inAlgorithm } from "../../state/app-state";
import type { TraceValue } from "../../wasm/types";
import { afterLayout } from "../ui/after-layout";
import type { Panel } from "../ui/panel";
import { setText } from "../ui/dom";

export interface Pipeline extends Panel {
  setTrace(trace: TraceValue): void;
  /** `undefined` lights no stage: the KV cache's or FlashAttention's walk is shown instead. */
  setCurrent(stage: Stage | undefined, focusHead: number): void;
}

/** The shape of what each stage produces (per head for the per-head stages). */
function shapeOf(t: TraceValue, stage: Stage): string {
  const m = t.queryTokens.length;
  const n = t.keyTokens.length;
  switch (stage) {
    case Stage.ProjectQ:
      return formatShape(m, t.dK);
    case Stage.ProjectK:
    case Stage.RopeK:
      return formatShape(n, t.dK);
    case Stage.RopeQ:
      return formatShape(m, t.dK);
    case Stage.ProjectV:
      return formatShape(n, t.dV);
    case Stage.WeightedSum:
      return formatShape(m, t.dV);
    case Stage.Concat:
      return formatShape(m, t.numHeads * t.dV);
    case Stage.OutputProjection:
      return t.wO ? formatShape(m, t.dModel) : "none";
    default:
      return formatShape(m, n);
  }
}

/**
 * In a narrow stepper the figure is one row that scrolls sideways (pipeline.css): scrolls it,
 * and only it (never the page), so that `stage` is in view, centred when it was out of view.
 * Called once the frame is laid out (after-layout.ts): measuring in the step's task or in an
 * animation frame forced a layout of all the step had changed (2–3 ms at the Hopkins size).
 */
function reveal(flow: HTMLElement, stage: HTMLElement): void {
  if (flow.scrollWidth <= flow.clientWidth) return;
  const box = flow.getBoundingClientRect();
  const it = stage.getBoundingClientRect();
  if (it.left >= box.left && it.right <= box.right) return;
  flow.scrollLeft += it.left - box.left - (box.width - it.width) / 2;
}

/** A stage's button: its box, detail and shape (filled per trace). */
function stageButton(stage: Stage, cls: string, onStage: (stage: Stage) => void) {
  const info = STAGE_INFO[stage];
  const b = document.createElement("button");
  b.type = "button";
  b.className = `stage ${cls}`;
  b.dataset.stage = String(stage);
  const box = document.createElement("span");
  box.className = "box";
  box.textContent = info.box;
  const detail = document.createElement("span");
  detail.className = "detail";
  detail.textContent = info.detail;
  const shape = document.createElement("span");
  shape.className = "shape";
  b.append(box, detail, shape);
  b.addEventListener("click", () => onStage(stage));
  return { b, box, detail, shape };
}
type StageButton = ReturnType<typeof stageButton>;

/** The stages `t` has no step for are disabled, saying why (RoPE's and ALiBi's are left out of
 * the figure of a scenario without them); the scores box names its function. */
function markStages(buttons: Map<Stage, StageButton>, t: TraceValue): void {
  for (const s of [Stage.RopeK, Stage.RopeQ]) buttons.get(s)!.b.hidden = t.rope === undefined;
  buttons.get(Stage.Alibi)!.b.hidden = !t.alibi;
  const mask = buttons.get(Stage.Mask)!.b;
  mask.disabled = !t.hasMask;
  mask.title = t.hasMask ? "" : "This scenario masks nothing (no causal mask, no padded keys).";
  // Only the scaled dot product divides by √d_k: other scoring functions have no Scale step.
  const scaled = t.score === undefined || t.score === ScoreKind.ScaledDot;
  const scale = buttons.get(Stage.Scale)!.b;
  scale.disabled = !scaled;
  scale.title = scaled ? "" : "This scoring function does not divide by √d_k: no Scale step.";
  const scores = buttons.get(Stage.Scores)!;
  scores.box.textContent = scoringOf(t.score).box;
  // With RoPE the scores read the rotated q and k: "S = Q̄ K̄ᵀ".
  const detail = scoringOf(t.score).scores;
  scores.detail.textContent = t.rope ? detail.replace("Q", "Q̄").replace("K", "K̄") : detail;
  const wo = buttons.get(Stage.OutputProjection)!.b;
  wo.disabled = t.wO === null;
  wo.title = t.wO ? "" : "This scenario has no W_O: the output is the concatenation.";
}

export function createPipeline(host: HTMLElement, onStage: (stage: Stage) => void): Pipeline {
  host.setAttribute("aria-label", "Pipeline");
  host.innerHTML = `<h2 class="panel-title">Pipeline</h2>
    <p class="hint">Click a stage to jump to it.</p>`;
  const buttons = new Map<Stage, StageButton>();
  const button = (stage: Stage, cls = ""): HTMLButtonElement => {
    const made = stageButton(stage, cls, onStage);
    buttons.set(stage, made);
    return made.b;
  };

  const flow = document.createElement("div");
  flow.className = "pipe";
  const linears = document.createElement("div");
  linears.className = "pipe-row";
  linears.append(
    button(Stage.ProjectQ, "linear"),
    button(Stage.ProjectK, "linear"),
    button(Stage.ProjectV, "linear"),
  );
  const headBox = document.createElement("div");
  headBox.className = "pipe-heads";
  const headTitle = document.createElement("p");
  headTitle.className = "pipe-heads-title";
  headBox.append(headTitle);
  for (const s of PER_HEAD_STAGES) headBox.append(button(s));
  flow.append(linears, headBox, button(Stage.Concat), button(Stage.OutputProjection, "linear"));
  host.append(flow);

  let trace: TraceValue | null = null;
  // What the figure lights now: a step within the same stage and head changes nothing here.
  let lit = "";
  // The stage button observed: another head at the same stage needs no new check.
  let observed: HTMLElement | undefined;
  let litButton: HTMLElement | undefined;
  return {
    render({ state, step, newResult }) {
      if (newResult) this.setTrace(state.result.trace);
      this.setCurrent(inAlgorithm(state) ? undefined : step.stage, state.focus.head);
    },
    setTrace(t) {
      trace = t;
      lit = "";
      observed = undefined;
      for (const [stage, { shape }] of buttons) shape.textContent = shapeOf(t, stage);
      markStages(buttons, t);
    },
    setCurrent(stage, focusHead) {
      if (lit === `${stage}:${focusHead}`) return;
      lit = `${stage}:${focusHead}`;
      // Only the buttons that change: the one lit before and the one lit now.
      const current = stage === undefined ? undefined : buttons.get(stage)?.b;
      if (litButton !== current) {
        litButton?.removeAttribute("aria-current");
        current?.setAttribute("aria-current", "step");
        litButton = current;
      }
      if (trace) {
        setText(
          headTitle,
          `${scoringOf(trace.score).title} · ${headName(focusHead)} · ×${trace.numHeads} heads`,
        );
      }
      if (current === observed) return;
      observed = current;
      if (current) afterLayout(flow, () => reveal(flow, current));
    },
  };
}
