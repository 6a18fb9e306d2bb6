/**
 * The Export menu's panel (loaded on first opening): this step and a head's heat map as SVG or
 * PNG, the trace as JSON, any matrix as CSV, and Python that reproduces the numbers.
 */
import type { ExportContext, ExportPanel } from "./context";
import { headName } from "../../state/stages";
import { openCodeDialog } from "./code-dialog";
import { csvEntries, toCsv } from "./csv";
import { download, textBlob } from "../ui/download";
import { svgToPng } from "./png";
import { el } from "../ui/dom";
import { heatmapSvg } from "./heatmap-svg";
import { stepSvg } from "./step-svg";
import { traceToJson } from "./trace-json";
import { whenLoaded } from "../../wasm/lazy-run";

/** The panel's box, its note, and makers of its rows, buttons and selects. */
function panelKit(get: () => ExportContext | null) {
  const panel = el("div", "export-panel");
  panel.setAttribute("role", "group");
  panel.setAttribute("aria-label", "Export");
  panel.hidden = true;
  const note = el("p", "export-note");
  note.setAttribute("aria-live", "polite");
  /** A button running `action` on the current context; failures are shown in the note. */
  const button = (text: string, label: string, action: (c: ExportContext) => unknown) => {
    const b = el("button", "small", text);
    b.type = "button";
    b.setAttribute("aria-label", label);
    b.addEventListener("click", async () => {
      const c = get();
      if (!c) return;
      note.textContent = "";
      try {
        // A part of the trace not on the page yet is loaded, and the export made again.
        await whenLoaded(() => action(c));
      } catch (e) {
        note.textContent = `Export failed: ${e instanceof Error ? e.message : String(e)}`;
      }
    });
    return b;
  };
  const row = (label: string | HTMLElement, ...items: HTMLElement[]) => {
    const r = el("div", "export-row");
    r.append(typeof label === "string" ? el("span", "export-what", label) : label, ...items);
    panel.append(r);
  };
  /** A select labelled `label`, inside a visible label `text`. */
  const labelled = (text: string, label: string) => {
    const s = el("select");
    s.setAttribute("aria-label", label);
    const l = el("label", "export-what", text);
    l.append(s);
    return { s, l };
  };
  return { panel, note, button, row, labelled };
}
type Kit = ReturnType<typeof panelKit>;

/** This step as SVG or PNG. */
function stepRow({ panel, row, button }: Kit): void {
  const doc = panel.ownerDocument;
  const stepName = (c: ExportContext, ext: string) => `attention-step-${c.index + 1}.${ext}`;
  const currentStepSvg = (c: ExportContext) => stepSvg(c.result.trace, c.result.steps[c.index]!);
  row(
    "This step",
    button("SVG", "Step as SVG", (c) =>
      download(panel, stepName(c, "svg"), textBlob(currentStepSvg(c), "image/svg+xml")),
    ),
    button("PNG", "Step as PNG", async (c) =>
      download(panel, stepName(c, "png"), await svgToPng(doc, currentStepSvg(c))),
    ),
  );
}

/** A head's heat map as SVG or PNG; returns the head picker. */
function heatRow({ panel, row, button, labelled }: Kit): HTMLSelectElement {
  const doc = panel.ownerDocument;
  const { s: heads, l } = labelled("Heat map ", "Heat map of head");
  const headOf = () => Number(heads.value) || 0;
  const mapName = (ext: string) => `attention-weights-head-${headOf() + 1}.${ext}`;
  const svgOf = (c: ExportContext) => heatmapSvg(c.result.trace, headOf());
  row(
    l,
    button("SVG", "Heat map as SVG", (c) =>
      download(panel, mapName("svg"), textBlob(svgOf(c), "image/svg+xml")),
    ),
    button("PNG", "Heat map as PNG", async (c) =>
      download(panel, mapName("png"), await svgToPng(doc, svgOf(c))),
    ),
  );
  return heads;
}

/** The trace as JSON, a matrix as CSV; returns the matrix picker. */
function dataRows({ panel, row, button, labelled }: Kit): HTMLSelectElement {
  row(
    "Trace",
    button("JSON", "Trace as JSON", async (c) => {
      await c.loadAll(true);
      const json = `${JSON.stringify(traceToJson(c.result))}\n`;
      download(panel, "trace.json", textBlob(json, "application/json"));
    }),
  );
  const { s: matrices, l } = labelled("Matrix ", "Matrix to export");
  row(
    l,
    button("CSV", "Matrix as CSV", (c) => {
      const entry = csvEntries(c.result.trace)[Number(matrices.value)];
      if (entry) download(panel, `${entry.file}.csv`, textBlob(toCsv(entry), "text/csv"));
    }),
  );
  return matrices;
}

/** Fills the pickers from a new trace, keeping the matrix chosen if it still exists. */
function fillPickers(c: ExportContext, heads: HTMLSelectElement, matrices: HTMLSelectElement) {
  const t = c.result.trace;
  const step = c.result.steps[c.index];
  heads.replaceChildren(...t.headTraces.map((_, h) => new Option(headName(h), String(h))));
  heads.value = String(Math.max(0, step?.head ?? 0));
  const before = matrices.selectedOptions[0]?.text;
  matrices.replaceChildren(
    ...csvEntries(t).map(
      (e, i) => new Option(`${e.label} ${e.matrix.rows}×${e.matrix.cols}`, String(i)),
    ),
  );
  const keep = [...matrices.options].find((o) => o.text === before);
  if (keep) matrices.value = keep.value;
}

export function createExportPanel(
  wrap: HTMLElement,
  get: () => ExportContext | null,
  close: () => void,
): ExportPanel {
  const kit = panelKit(get);
  stepRow(kit);
  const heads = heatRow(kit);
  const matrices = dataRows(kit);
  const reproduce = kit.button("Reproduce it yourself…", "Reproduce it yourself", (c) => {
    close();
    openCodeDialog(wrap, c.result.trace);
  });
  reproduce.title = "NumPy and PyTorch code that prints the same numbers";
  kit.row("Python", reproduce);
  kit.panel.append(kit.note);

  /** Fills the selects from the current trace, keeping the choices that still exist. */
  let lastResult: ExportContext["result"] | null = null;
  let lastIndex = -1;
  function refresh(): void {
    const c = get();
    if (!c) return;
    // The heat map's head follows the current step's head when the step has moved.
    const step = c.result.steps[c.index];
    const moved = c.result !== lastResult || c.index !== lastIndex;
    lastIndex = c.index;
    if (c.result === lastResult) {
      if (moved && step && step.head >= 0) heads.value = String(step.head);
      return;
    }
    lastResult = c.result;
    fillPickers(c, heads, matrices);
  }

  return { element: kit.panel, refresh };
}
