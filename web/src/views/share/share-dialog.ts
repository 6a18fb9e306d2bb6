/**
 * The Share dialog, loaded on the Share button's first click (share-button.ts): for the view
 * shown, a link to the app, an <iframe> snippet for the embed page (embed.html) and an
 * <attention-stepper> tag, with checkboxes for the parts an embed hides. URLs are relative to
 * document.baseURI, so they work from any sub-path.
 */
import { PANELS, type PanelName } from "../../state/stepper-options";
import { presetMatching } from "../../state/presets";
import type { View } from "../../state/app-state";
import { stepAttributes } from "../../state/embed-options";
import { encodeView, TooBigForLinkError, viewToSearchParams } from "../../state/url-state";
import { SAVE_NAME } from "../../state/scenario-file";
import { loadAttention } from "../../wasm/loader";
import "./share.css";
import { download } from "../ui/download";

/** Text for an HTML attribute value in `quote`s (JSON stays readable in single quotes). */
export function escapeAttr(text: string, quote: '"' | "'" = '"'): string {
  const out = text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return quote === '"' ? out.replace(/"/g, "&quot;") : out.replace(/'/g, "&#39;");
}

/** The three texts the dialog offers for `view`, embeds hiding `hide`; null when too big. */
export interface ShareTexts {
  link: string;
  iframe: string;
  tag: string;
}

export async function shareTexts(
  view: View,
  hide: readonly PanelName[],
  doc: Document,
): Promise<ShareTexts | null> {
  const page = new URL(doc.location.href);
  let params: URLSearchParams;
  try {
    page.hash = await encodeView(view);
    params = await viewToSearchParams(view);
  } catch (e) {
    if (e instanceof TooBigForLinkError) return null;
    throw e;
  }
  if (hide.length > 0) params.set("hide", hide.join(","));
  const embed = new URL(`embed.html?${params.toString()}`, doc.baseURI);
  const iframe =
    `<iframe src="${escapeAttr(embed.href)}" title="Attention Stepper" width="100%" ` +
    `height="640" style="border: 0" loading="lazy"></iframe>`;
  const script = new URL("attention-stepper.js", doc.baseURI);
  const { edits, ...bare } = view.scenario;
  const preset = edits && edits.length > 0 ? undefined : presetMatching(bare);
  const attrs = [
    preset
      ? `preset="${escapeAttr(preset.id)}"`
      : `scenario='${escapeAttr(JSON.stringify(view.scenario), "'")}'`,
    ...stepAttributes(view).map(([name, value]) => `${name}="${value}"`),
  ];
  if (hide.length > 0) attrs.push(`hide="${hide.join(",")}"`);
  const tag =
    `<script type="module" src="${escapeAttr(script.href)}"></script>\n` +
    `<attention-stepper ${attrs.join(" ")}></attention-stepper>`;
  return { link: page.href, iframe, tag };
}

const DIALOG_HTML = `<form method="dialog" class="share-form">
  <h2 class="share-title">Share this view</h2>
  <p class="share-note" data-share="links">The link opens this scenario (with your edits) at this step.</p>
  <div class="share-too-big" data-share="too-big" hidden>
    <p>This scenario is too big for a link or an embed. Save it as a file instead and share that:
      Load scenario… opens it.</p>
    <button type="button" class="small" data-save>Save scenario</button>
  </div>
  <div class="share-field" data-share="links">
    <label for="share-link">Link</label>
    <div class="share-row">
      <input id="share-link" data-share="link" type="text" readonly spellcheck="false" />
      <button type="button" class="small" data-copy="link">Copy link</button>
    </div>
  </div>
  <fieldset class="share-hide" data-share="links">
    <legend>Embeds hide</legend>
    ${PANELS.map(
      (p) => `<label><input type="checkbox" name="hide" value="${p}" /> ${p}</label>`,
    ).join("\n    ")}
  </fieldset>
  <div class="share-field" data-share="links">
    <label for="share-iframe">Embed with an iframe</label>
    <textarea id="share-iframe" data-share="iframe" rows="4" readonly spellcheck="false"></textarea>
    <button type="button" class="small" data-copy="iframe">Copy iframe</button>
  </div>
  <div class="share-field" data-share="links">
    <label for="share-tag">Embed with a tag</label>
    <textarea id="share-tag" data-share="tag" rows="4" readonly spellcheck="false"></textarea>
    <button type="button" class="small" data-copy="tag">Copy tag</button>
  </div>
  <p class="share-status" role="status" data-share="status"></p>
  <div class="share-actions"><button class="small" value="close">Close</button></div>
</form>`;

export interface ShareDialog {
  dialog: HTMLDialogElement;
  /** Opens the dialog for the current view. */
  open(): Promise<void>;
}

/** Adds the dialog to `host` (the tools row); `view` reads the view at opening time. */
export function createShareDialog(host: HTMLElement, view: () => View | null): ShareDialog {
  const doc = host.ownerDocument;
  const dialog = doc.createElement("dialog");
  dialog.className = "share-dialog";
  dialog.setAttribute("aria-labelledby", "share-title");
  dialog.innerHTML = DIALOG_HTML;
  const title = dialog.querySelector<HTMLElement>(".share-title")!;
  title.id = "share-title";
  host.append(dialog);

  const field = (name: string) =>
    dialog.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[data-share="${name}"]`)!;
  const status = dialog.querySelector<HTMLElement>('[data-share="status"]')!;
  const boxes = [...dialog.querySelectorAll<HTMLInputElement>('input[name="hide"]')];
  let seq = 0;

  const refresh = async () => {
    const v = view();
    if (!v) return;
    const mine = ++seq;
    const hide = boxes.filter((b) => b.checked).map((b) => b.value as PanelName);
    const texts = await shareTexts(v, hide, doc);
    if (mine !== seq) return;
    dialog.querySelector<HTMLElement>('[data-share="too-big"]')!.hidden = texts !== null;
    for (const part of dialog.querySelectorAll<HTMLElement>('[data-share="links"]')) {
      part.hidden = texts === null;
    }
    if (!texts) return;
    field("link").value = texts.link;
    field("iframe").value = texts.iframe;
    field("tag").value = texts.tag;
  };

  const copy = async (name: string) => {
    const el = field(name);
    try {
      await navigator.clipboard.writeText(el.value);
      status.textContent = "Copied.";
    } catch {
      // No clipboard access (permissions, an insecure page): select it for Ctrl+C instead.
      el.focus();
      el.select();
      status.textContent = "Selected: press Ctrl+C (⌘C) to copy.";
    }
  };

  for (const b of boxes) b.addEventListener("change", () => void refresh());
  dialog.addEventListener("click", (e) => {
    const target = e.target instanceof Element ? e.target.closest("[data-copy]") : null;
    if (target) void copy(target.getAttribute("data-copy") ?? "");
    const v = e.target instanceof Element && e.target.closest("[data-save]") ? view() : null;
    if (v) void save(v.scenario);
  });
  // The stepper's page-wide keys (Space, arrows) must not act behind the dialog.
  dialog.addEventListener("keydown", (e) => {
    if (e.key !== "Escape") e.stopPropagation();
  });

  /** Downloads the scenario's file (laid out in the core's worker, which may hold its matrices). */
  async function save(scenario: View["scenario"]): Promise<void> {
    try {
      download(dialog, SAVE_NAME, await (await loadAttention()).savedFile(scenario));
      status.textContent = `Saved ${SAVE_NAME}.`;
    } catch (e) {
      status.textContent = `Could not save: ${e instanceof Error ? e.message : String(e)}`;
    }
  }

  async function open(): Promise<void> {
    status.textContent = "";
    await refresh();
    if (!dialog.open) dialog.showModal();
    if (!field("link").closest<HTMLElement>("[hidden]")) field("link").select();
  }
  return { dialog, open };
}
