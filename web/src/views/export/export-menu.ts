/**
 * The "Export" button and its menu. Only the button is in the first load: the exporters (SVG, PNG,
 * JSON, CSV, generated Python) are loaded with import() the first time the menu opens. Everything
 * is found relative to `host`, never by document-wide ids, so several steppers can share a page.
 */
import type { ExportContext, ExportPanel } from "./context";
import "./export.css";
import { eventFrom, makeButton } from "../ui/dom";

export function createExportMenu(host: HTMLElement, get: () => ExportContext | null): void {
  const doc = host.ownerDocument;
  const wrap = doc.createElement("div");
  wrap.className = "export-menu";
  const button = makeButton("small export-button", "Export ▾");
  button.setAttribute("aria-label", "Export");
  button.setAttribute("aria-haspopup", "true");
  button.setAttribute("aria-expanded", "false");
  button.title =
    "Save this step, the heat maps, the trace or a matrix; get Python that reproduces it";
  wrap.append(button);
  host.append(wrap);

  let panel: ExportPanel | null = null;
  let loading: Promise<ExportPanel> | null = null;
  const isOpen = () => button.getAttribute("aria-expanded") === "true";

  const close = (focusButton: boolean) => {
    if (!panel || !isOpen()) return;
    panel.element.hidden = true;
    button.setAttribute("aria-expanded", "false");
    if (focusButton) button.focus();
  };
  const open = async () => {
    loading ??= import("./panel").then((m) => {
      const p = m.createExportPanel(wrap, get, () => close(true));
      wrap.append(p.element);
      return p;
    });
    panel = await loading;
    // The menu lists every matrix of the trace with its size: all of them loaded first.
    await get()?.loadAll(false);
    panel.refresh();
    panel.element.hidden = false;
    button.setAttribute("aria-expanded", "true");
    panel.element.querySelector<HTMLElement>("button, select")?.focus();
  };

  button.addEventListener("click", () => {
    if (isOpen()) close(false);
    else void open();
  });
  wrap.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && isOpen()) {
      e.stopPropagation();
      close(true);
    }
  });
  doc.addEventListener("click", (e) => {
    // Clicks inside the menu, or inside its code dialog, keep it open (the path crosses shadow
    // roots; e.target would be the <attention-stepper> host for a click inside one).
    if (!eventFrom(e, wrap)) close(false);
  });
}
