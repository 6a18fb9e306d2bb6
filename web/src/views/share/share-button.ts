/**
 * The "Share" button in the tools row. Only the button is in the first load: the dialog, its
 * links and snippets (share-dialog.ts, share.css) are loaded with import() on the first click.
 */
import type { View } from "../../state/app-state";
import { makeButton } from "../ui/dom";
import type { ShareDialog } from "./share-dialog";

/** Adds the Share button to `host`; `view` reads the view at opening time. */
export function createShareButton(host: HTMLElement, view: () => View | null): HTMLButtonElement {
  const button = makeButton(
    "small share-button",
    "Share",
    "A link to this step, and snippets to embed it",
  );
  button.setAttribute("aria-haspopup", "dialog");
  host.append(button);
  let dialog: Promise<ShareDialog> | null = null;
  const open = async () => {
    dialog ??= import("./share-dialog").then((m) => m.createShareDialog(host, view));
    await (await dialog).open();
  };
  button.addEventListener("click", () => void open());
  return button;
}
