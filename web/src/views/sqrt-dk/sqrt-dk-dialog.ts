/**
 * "Why √d_k?": a dialog that runs the core's sweep on the current scenario's inputs and shows,
 * for d_k = 4 … 512, with and without the division by √d_k, the spread of the scores, the largest
 * weight, the entropy and the size of the softmax's gradient, as four line charts and a table;
 * and the current head's and query's own weight row computed both ways. A switch highlights one
 * side. Loaded with import() when first opened (sqrt-dk-view.ts holds the buttons).
 */
import "./sqrt-dk.css";
import { el, makeButton } from "../ui/dom";
import { Granularity } from "../../wasm/enums";
import type { Attention } from "../../wasm/loader";
import { whenLoaded } from "../../wasm/lazy-run";
import { MATRICES, type EditableMatrix } from "../../wasm/registry";
import type { MatrixValue, ScenarioFile } from "../../wasm/types";
import type { AppState } from "../../state/app-state";
import { bandSwatch, lineChart, swatch, type Series } from "../ui/line-chart";
import {
  groupSweep,
  MEASURES,
  rowTableHtml,
  sweepSentence,
  sweepTableHtml,
  type RowComparison,
  type SweepSeries,
} from "./sqrt-dk-parts";

/** What the experiment runs on: the page's core and the state on screen. */
export interface SqrtDkSource {
  attention(): Attention | null;
  state(): AppState | null;
}

export interface SqrtDkDialog {
  open(): void;
}

/** Okabe–Ito blue, solid, circles: with scaling; vermillion, dashed, squares: without. */
const SCALED = { color: "#0072B2", dash: "", marker: "circle" as const };
const UNSCALED = { color: "#D55E00", dash: "6 4", marker: "square" as const };

const TITLE = "Why divide by √d_k?";

/** The score kinds' parameters (w_bilinear, …) and the matrices every score kind has (x_q, w_q,
 * b_q, …), by their scenario-file names. */
const SCORE_PARAMETERS = MATRICES.filter((m) => m.score !== "").map(
  (m) => m.fileField as EditableMatrix,
);
const KEPT_EDITS: readonly string[] = MATRICES.filter((m) => m.editable && m.score === "").map(
  (m) => m.fileField,
);

/** The scenario scored by the plain (score "dot") or the scaled dot product, same inputs. */
function asDotProduct(s: ScenarioFile, score: "dot" | "scaled_dot"): ScenarioFile {
  const out: ScenarioFile = { ...s, score };
  delete out.d_a;
  for (const k of SCORE_PARAMETERS) delete out[k];
  const kept = (s.edits ?? []).filter((e) => KEPT_EDITS.includes(e.matrix));
  if (kept.length > 0) out.edits = kept;
  else delete out.edits;
  return out;
}

async function compareRow(att: Attention, st: AppState): Promise<RowComparison> {
  const { head, query } = st.focus;
  const rowOf = async (score: "dot" | "scaled_dot") => {
    const result = await att.run(asDotProduct(st.scenario, score), Granularity.PerMatrix);
    const t = result.trace;
    const h = t.headTraces[head]!;
    const row = (m: MatrixValue) =>
      Array.from(m.data.subarray(query * m.cols, (query + 1) * m.cols));
    try {
      return {
        t,
        ...(await whenLoaded(() => ({ scores: row(h.masked), weights: row(h.weights) }))),
      };
    } finally {
      att.release(result);
    }
  };
  const [plain, scaled] = await Promise.all([rowOf("dot"), rowOf("scaled_dot")]);
  return {
    keys: plain.t.keyLabels,
    scores: plain.scores,
    withScaling: scaled.weights,
    withoutScaling: plain.weights,
    dK: plain.t.dK,
  };
}

/** The dialog's elements, appended to `root`; the page's stepping keys stay out of it. */
function buildDialog(root: HTMLElement) {
  const dialog = el("dialog", "experiment");
  dialog.setAttribute("aria-labelledby", "xp-title");
  dialog.dataset.testid = "sqrt-dk-view";
  const head = el("div", "xp-head");
  const title = el("h2", "xp-title", TITLE);
  title.id = "xp-title";
  const close = makeButton("small", "Close");
  close.addEventListener("click", () => dialog.close());
  head.append(title, close);
  const intro = el("p", "xp-intro");
  const toggle = makeButton("xp-switch", "");
  toggle.setAttribute("role", "switch");
  const legend = el("p", "xp-legend");
  const controls = el("div", "xp-controls");
  controls.append(toggle, legend);
  const sentence = el("p", "xp-sentence");
  sentence.dataset.testid = "sqrt-dk-sentence";
  const charts = el("div", "xp-charts");
  const rowTitle = el("h3", "xp-sub");
  const rowNote = el("p", "xp-note");
  const rowBox = el("div", "xp-scroll");
  const tableBox = el("div", "xp-scroll");
  const error = el("p", "field-error");
  error.setAttribute("role", "alert");
  error.hidden = true;
  const body = el("div", "xp-body");
  body.append(intro, controls, sentence, charts, rowTitle, rowNote, rowBox, tableBox);
  dialog.append(head, error, body);
  root.append(dialog);
  // The page's stepping keys stay out while the dialog is open (Escape still closes it).
  dialog.addEventListener("keydown", (e) => {
    if (e.key !== "Escape") e.stopPropagation();
  });
  const bandNote = el("span", "xp-band-note");
  bandNote.dataset.testid = "sqrt-dk-band-note";
  legend.append(
    swatch(SCALED),
    " with ÷√d_k (solid, circles)   ",
    swatch(UNSCALED),
    " without (dashed, squares)   ",
    bandSwatch(SCALED.color),
    bandSwatch(UNSCALED.color),
    bandNote,
  );
  return {
    dialog,
    close,
    intro,
    toggle,
    sentence,
    charts,
    rowTitle,
    rowNote,
    rowBox,
    tableBox,
    error,
    bandNote,
  };
}
type Dialog = ReturnType<typeof buildDialog>;

/** One measure's chart: both lines with their bands, the side not highlighted faint. */
function chartFigure(s: SweepSeries, m: (typeof MEASURES)[number], scaling: boolean): HTMLElement {
  const fig = el("figure", "xp-chart");
  const cap = el("figcaption", "", m.title);
  const band = (points: typeof s.scaled) => ({
    low: points.map((p) => p.low[m.key]),
    high: points.map((p) => p.high[m.key]),
  });
  const series: Series[] = [
    {
      name: "without ÷√d_k",
      values: s.unscaled.map((p) => p[m.key]),
      band: band(s.unscaled),
      ...UNSCALED,
      emphasis: scaling ? "faint" : "strong",
    },
    {
      name: "with ÷√d_k",
      values: s.scaled.map((p) => p[m.key]),
      band: band(s.scaled),
      ...SCALED,
      emphasis: scaling ? "strong" : "faint",
    },
  ];
  const maxEntropy = s.scaled[0]!.meanMaxEntropy;
  const svg = lineChart({
    title: m.title,
    xs: s.dims,
    xLabel: "d_k (log scale)",
    yLabel: m.short,
    series,
    reference:
      m.key === "meanEntropy"
        ? { label: `uniform: log n = ${maxEntropy.toFixed(2)}`, value: maxEntropy }
        : m.key === "meanMaxWeight"
          ? { label: "one-hot = 1", value: 1 }
          : undefined,
  });
  fig.append(cap, svg);
  return fig;
}

/** The sweep's charts, words and table. */
function drawSweep(d: Dialog, s: SweepSeries, scaling: boolean): void {
  d.charts.replaceChildren(...MEASURES.map((m) => chartFigure(s, m, scaling)));
  d.intro.textContent =
    `Each d_k below uses this scenario's X and mask with random W_Q and W_K ` +
    `(d_model × d_k), drawn ${s.draws} times from the scenario's seed, so only the width of ` +
    `q and k changes. Each measure is computed once without and once with the division by ` +
    `√d_k; the lines are the means over the ${s.draws} draws.`;
  d.bandNote.textContent = ` shaded: lowest to highest of the ${s.draws} draws`;
  d.sentence.textContent = sweepSentence(s);
  d.tableBox.innerHTML = sweepTableHtml(s);
}

/** The title and note of the current head's and query's own row. */
function showRowText(d: Dialog, st: AppState, row: RowComparison): void {
  const t = st.result.trace;
  const { head: h, query: q } = st.focus;
  d.rowTitle.textContent = `This scenario: head ${h + 1}, query ${q + 1} “${t.queryLabels[q] ?? ""}”, d_k = ${t.dK}`;
  const maxOf = (a: number[]) => Math.max(...a).toFixed(4);
  d.rowNote.textContent =
    `The same row of weights, softmax(q · k / √${t.dK}) and softmax(q · k): the largest weight is ` +
    `${maxOf(row.withScaling)} with the division and ${maxOf(row.withoutScaling)} without. ` +
    `The larger d_k, the more the row without it piles onto one key.`;
}

/** The dialog, built in `root` on first use; `open` (re)computes it for the current state. */
export function createSqrtDkDialog(root: HTMLElement, deps: SqrtDkSource): SqrtDkDialog {
  const d = buildDialog(root);
  let scaling = true;
  let sweep: SweepSeries | null = null;
  let row: RowComparison | null = null;

  function draw(): void {
    d.toggle.setAttribute("aria-checked", String(scaling));
    // The name stays "Scaling ÷√d_k"; aria-checked carries the state, the text shows it.
    d.toggle.innerHTML = `Scaling ÷√d_k <span class="xp-state" aria-hidden="true">${scaling ? "on" : "off"}</span>`;
    if (sweep) drawSweep(d, sweep, scaling);
    if (row) d.rowBox.innerHTML = rowTableHtml(row, scaling);
  }

  d.toggle.addEventListener("click", () => {
    scaling = !scaling;
    draw();
  });

  /** The latest opening: an answer for an earlier scenario that comes after is dropped. */
  let asked = 0;

  async function compute(): Promise<void> {
    const att = deps.attention();
    const st = deps.state();
    if (!att || !st) return;
    const mine = ++asked;
    d.error.hidden = true;
    d.dialog.setAttribute("aria-busy", "true");
    try {
      const [points, compared] = await Promise.all([att.sweep(st.scenario), compareRow(att, st)]);
      if (mine !== asked) return;
      sweep = groupSweep(points);
      row = compared;
    } catch (e) {
      if (mine !== asked) return;
      d.error.textContent = `The experiment could not run: ${e instanceof Error ? e.message : String(e)}`;
      d.error.hidden = false;
      return;
    } finally {
      if (mine === asked) d.dialog.removeAttribute("aria-busy");
    }
    showRowText(d, st, row);
    draw();
  }

  return {
    open() {
      void compute();
      if (!d.dialog.open) d.dialog.showModal();
      d.close.focus();
    },
  };
}
