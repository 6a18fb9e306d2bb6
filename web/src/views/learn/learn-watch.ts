/**
 * Watch it form: a run's recording (a snapshot every few steps: the probe sentence's attention per
 * head, the losses, held-out accuracy and the pattern score) with a scrubber over the snapshots
 * and a Replay that plays step 0 → end in about five seconds; the loss and accuracy curves carry
 * a cursor at the snapshot shown. Training itself takes about a second: the recording is what a
 * learner can watch.
 */
import { el, makeButton } from "../ui/dom";
import { lineChart, niceMax, swatch, type Series } from "../ui/line-chart";
import type { TaskName, TrainSnapshot, WatchedMap } from "../../wasm/train-client";
import { createHeadMaps, mapsLegend, type HeadMaps } from "./head-maps";
import { figure, headLabel, percent, scoreName } from "./learn-text";

export interface Recording {
  task: TaskName;
  /** Steps of the whole run (the curves' x axis). */
  steps: number;
  watched: WatchedMap[];
  snapshots: TrainSnapshot[];
  /** losses[i]: training loss of step i + 1. */
  losses: number[];
}

export interface Watch {
  readonly element: HTMLElement;
  /** Shows `rec`; the scrubber moves to the newest snapshot if it was there (or `toEnd`). */
  show(rec: Recording, toEnd: boolean): void;
  /** While a run trains, Replay waits for it to end. */
  setLive(live: boolean): void;
}

/** A replay lasts about this long, whatever the number of snapshots. */
const REPLAY_MS = 5000;
const BLUE = { color: "#0072B2", dash: "", marker: "none" as const };
const VERMILLION = { color: "#D55E00", dash: "6 4", marker: "none" as const };

/** Round ticks from 0 to `max` (about four steps). */
function ticks(max: number): number[] {
  const step = niceMax(max / 4);
  const out: number[] = [];
  for (let x = 0; x <= max + 1e-9; x += step) out.push(x);
  return out;
}

/** The section: intro, the scrubber with Replay, the figures, the maps and the charts. */
function buildWatchDom() {
  const element = el("section", "learn-watch");
  element.setAttribute("aria-labelledby", "learn-watch-title");
  const title = el("h3", "learn-sub", "Watch it form");
  title.id = "learn-watch-title";
  const intro = el("p", "hint");
  const scrub = el("div", "scrub");
  const label = el("label", "", "Snapshot");
  const range = el("input");
  range.type = "range";
  range.id = "learn-scrubber";
  range.min = "0";
  range.step = "1";
  label.htmlFor = range.id;
  const at = el("output", "scrub-at");
  at.htmlFor.add(range.id);
  const replay = makeButton("replay", "Replay", "Play the snapshots from step 0 to the end");
  scrub.append(label, range, at, replay);
  const figures = el("p", "snap-figures");
  figures.dataset.testid = "snapshot-figures";
  const mapsBox = el("div", "learn-maps");
  const charts = el("div", "learn-charts");
  element.append(title, intro, scrub, figures, mapsBox, mapsLegend(), charts);
  return { element, intro, range, at, replay, figures, mapsBox, charts };
}

/** Each watched map of snapshot `snap`, per head. */
function drawMaps(maps: HeadMaps[], r: Recording, snap: TrainSnapshot): void {
  r.watched.forEach((w, k) => {
    maps[k]?.draw({
      title: w.name.charAt(0).toUpperCase() + w.name.slice(1),
      rows: w.query_tokens,
      cols: w.key_tokens,
      heads: snap.attention[k] ?? [],
      // The pattern score is of the last watched map (cross-attention, or layer 2).
      named: k === r.watched.length - 1 ? snap.head : null,
    });
  });
}

/** The figures of snapshot `snap`, in one sentence. */
function snapshotText(rec: Recording, snap: TrainSnapshot): string {
  return (
    `Step ${snap.step}: training loss ${figure(snap.loss)}, held-out loss ` +
    `${figure(snap.held_out_loss)}, token accuracy ${percent(snap.token_accuracy)}, ` +
    `${scoreName(rec.task)} ${figure(snap.alignment)} (${headLabel(snap.head)}).`
  );
}

/** The loss curves, and the accuracy with the pattern score, the cursor at step `cursor`. */
function chartsOf(r: Recording, cursor: number): HTMLElement[] {
  const snaps = r.snapshots;
  const steps = snaps.map((s) => s.step);
  const marker = snaps.length <= 12 ? ("circle" as const) : ("none" as const);
  const xTicks = ticks(r.steps);
  const common = { xs: [0, r.steps], xTicks, xScale: "linear" as const, xLabel: "step", cursor };
  const training: Series = {
    ...BLUE,
    name: "training loss",
    values: r.losses,
    xs: r.losses.map((_, i) => i + 1),
    emphasis: "normal",
  };
  const heldOut: Series = {
    ...VERMILLION,
    name: "held-out loss",
    values: snaps.map((s) => s.held_out_loss),
    xs: steps,
    emphasis: "normal",
  };
  const accuracy: Series = {
    ...BLUE,
    marker,
    name: "token accuracy",
    values: snaps.map((s) => s.token_accuracy),
    xs: steps,
    emphasis: "normal",
  };
  const score: Series = {
    ...VERMILLION,
    marker,
    name: scoreName(r.task),
    values: snaps.map((s) => s.alignment),
    xs: steps,
    emphasis: "normal",
  };
  return [
    chartFigure("Loss", [training, heldOut], { ...common, yLabel: "loss" }),
    chartFigure(`Held-out accuracy and ${scoreName(r.task)}`, [accuracy, score], {
      ...common,
      yLabel: "fraction",
      reference: { label: "criterion 0.9", value: 0.9, labelAt: "start" },
    }),
  ];
}

export function createWatch(): Watch {
  const { element, intro, range, at, replay, figures, mapsBox, charts } = buildWatchDom();

  let rec: Recording | null = null;
  let maps: HeadMaps[] = [];
  let timer = 0;
  /** The snapshot whose maps are drawn. */
  let drawnSnapshot: TrainSnapshot | null = null;

  function draw(): void {
    if (!rec) return;
    const i = Number(range.value);
    const snap = rec.snapshots[i];
    if (!snap) return;
    const n = rec.snapshots.length;
    at.textContent = `step ${snap.step} of ${rec.steps}`;
    range.setAttribute(
      "aria-valuetext",
      `Snapshot ${i + 1} of ${n}, step ${snap.step}: loss ${figure(snap.loss)}`,
    );
    figures.textContent = snapshotText(rec, snap);
    // The maps change only with the snapshot; progress comes far more often.
    if (snap !== drawnSnapshot) {
      drawnSnapshot = snap;
      drawMaps(maps, rec, snap);
    }
    charts.replaceChildren(...chartsOf(rec, snap.step));
  }

  function stopReplay(): void {
    window.clearTimeout(timer);
    timer = 0;
    replay.textContent = "Replay";
    replay.setAttribute("aria-pressed", "false");
  }

  function startReplay(): void {
    if (!rec || rec.snapshots.length < 2) return;
    const last = rec.snapshots.length - 1;
    const pace = Math.min(700, Math.max(60, REPLAY_MS / last));
    replay.textContent = "Stop replay";
    replay.setAttribute("aria-pressed", "true");
    range.value = "0";
    draw();
    const tick = () => {
      const next = Number(range.value) + 1;
      range.value = String(next);
      draw();
      timer = next < last ? window.setTimeout(tick, pace) : 0;
      if (!timer) stopReplay();
    };
    timer = window.setTimeout(tick, pace);
  }

  range.addEventListener("input", () => {
    stopReplay();
    draw();
  });
  replay.addEventListener("click", () => (timer ? stopReplay() : startReplay()));

  return {
    element,
    show(r, toEnd) {
      const atEnd = Number(range.value) >= Number(range.max);
      // Another run of the same task watches the same maps: its canvases are kept.
      if (!rec || JSON.stringify(rec.watched) !== JSON.stringify(r.watched)) {
        maps = r.watched.map((_, k) => createHeadMaps(`learn-map-${k}`));
        mapsBox.replaceChildren(...maps.map((m) => m.element));
        drawnSnapshot = null;
      }
      rec = r;
      const every = r.snapshots[1] ? r.snapshots[1].step - r.snapshots[0]!.step : 0;
      intro.textContent =
        `A snapshot every ${every || "few"} steps of the ${r.steps}: the attention of the ` +
        `held-out sentence below, per head, and the figures at that step. Drag the slider (or ` +
        `use its arrow keys), or press Replay.`;
      range.max = String(Math.max(0, r.snapshots.length - 1));
      if (toEnd || atEnd) range.value = range.max;
      if (toEnd) stopReplay();
      draw();
    },
    setLive(live) {
      if (live) stopReplay();
      replay.disabled = live;
    },
  };
}

/** A chart with its title and an HTML legend of its series. */
function chartFigure(
  title: string,
  series: Series[],
  spec: Omit<Parameters<typeof lineChart>[0], "title" | "series">,
): HTMLElement {
  const fig = el("figure", "learn-chart");
  const legend = el("p", "learn-chart-legend");
  for (const s of series) legend.append(swatch(s), ` ${s.name}  `);
  fig.append(el("figcaption", "", title), lineChart({ ...spec, title, series }), legend);
  return fig;
}
