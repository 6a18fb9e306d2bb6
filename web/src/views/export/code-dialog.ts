/**
 * "Reproduce it yourself": a dialog with the generated NumPy and PyTorch scripts in two tabs, each
 * with Copy and Download .py. Very large scenarios (d_model 512) make scripts of megabytes: the
 * dialog then shows the beginning, and Copy and Download give the whole file.
 */
import type { TraceValue } from "../../wasm/types";
import { download, textBlob } from "../ui/download";
import { numpyCode } from "./numpy-code";
import { torchCode } from "./torch-code";

/** Characters shown in the dialog; the rest is in the copied or downloaded file. */
const SHOWN = 200_000;

interface Tab {
  name: string;
  file: string;
  code: () => string;
}

/** The dialog's frame: its tab list, the source, a note and the actions' row. */
function dialogShell(doc: Document) {
  const dialog = doc.createElement("dialog");
  dialog.className = "export-code";
  dialog.setAttribute("aria-label", "Reproduce it yourself");
  dialog.innerHTML = `<h2>Reproduce it yourself</h2>
    <p class="hint">This scenario's inputs, computed step by step in Python (float64): it prints the
    same weights and output as the page. Run <code>python3 FILE.py</code>, or add
    <code>--json</code> for machine-readable output.</p>
    <div class="export-tabs" role="tablist" aria-label="Library"></div>
    <pre class="export-source" role="tabpanel" tabindex="0"></pre>
    <p class="export-note" aria-live="polite"></p>
    <div class="export-actions"></div>`;
  const part = (cls: string) => dialog.querySelector<HTMLElement>(cls)!;
  return {
    dialog,
    tablist: part(".export-tabs"),
    source: part(".export-source"),
    note: part(".export-note"),
    actions: part(".export-actions"),
  };
}

export function openCodeDialog(host: HTMLElement, trace: TraceValue): void {
  const doc = host.ownerDocument;
  const tabs: Tab[] = [
    { name: "NumPy", file: "attention_numpy.py", code: () => numpyCode(trace) },
    { name: "PyTorch", file: "attention_torch.py", code: () => torchCode(trace) },
  ];
  const cache = new Map<Tab, string>();
  const codeOf = (t: Tab) => cache.get(t) ?? cache.set(t, t.code()).get(t)!;

  const { dialog, tablist, source, note, actions } = dialogShell(doc);
  let current = tabs[0]!;

  const tabButtons = tabs.map((t) => {
    const b = doc.createElement("button");
    b.type = "button";
    b.setAttribute("role", "tab");
    b.textContent = t.name;
    b.addEventListener("click", () => show(t));
    tablist.append(b);
    return b;
  });
  // Arrow keys move between the tabs, as in any tab list.
  tablist.addEventListener("keydown", (e) => {
    if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
    e.stopPropagation();
    const next = tabs[(tabs.indexOf(current) + 1) % tabs.length]!;
    show(next);
    tabButtons[tabs.indexOf(next)]!.focus();
  });

  function show(t: Tab): void {
    current = t;
    tabButtons.forEach((b, i) => {
      const selected = tabs[i] === t;
      b.setAttribute("aria-selected", String(selected));
      b.tabIndex = selected ? 0 : -1;
    });
    const code = codeOf(t);
    source.setAttribute("aria-label", `${t.name} code`);
    source.textContent =
      code.length > SHOWN
        ? `${code.slice(0, SHOWN)}\n# … (${code.length} characters in all)`
        : code;
    note.textContent =
      code.length > SHOWN ? "The script is long: Copy and Download give the whole file." : "";
  }

  const action = (text: string, run: () => void | Promise<void>) => {
    const b = doc.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.addEventListener("click", () => void run());
    actions.append(b);
    return b;
  };
  action("Copy", async () => {
    try {
      await navigator.clipboard.writeText(codeOf(current));
      note.textContent = `${current.name} code copied.`;
    } catch {
      note.textContent = "Copying is not allowed here: select the code and copy it by hand.";
    }
  });
  action("Download .py", () =>
    download(dialog, current.file, textBlob(codeOf(current), "text/x-python")),
  );
  action("Close", () => dialog.close());
  dialog.addEventListener("keydown", (e) => e.stopPropagation());
  dialog.addEventListener("close", () => dialog.remove());

  host.append(dialog);
  show(current);
  dialog.showModal();
  tabButtons[0]!.focus();
}
