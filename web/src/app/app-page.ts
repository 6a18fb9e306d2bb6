/**
 * The app page once its entry (main.ts) has started the core: one stepper that fills the page,
 * its view kept in the URL (url-sync.ts), with a Share button in its tools row, and the Learn
 * view beside it (learn-mode.ts).
 */
import { registerOffline } from "./offline";
import { createShareDialog } from "../views/share/share-dialog";
import { startWithUrl } from "./url-sync";
import { installLearnMode, learnAtStart } from "./learn-mode";

const root = document.getElementById("app");
if (root) {
  learnAtStart(root);
  void startWithUrl(root).then((stepper) => {
    const tools = root.querySelector<HTMLElement>('[data-part="tools"]');
    if (tools) createShareDialog(tools, () => stepper.view());
    installLearnMode(root, stepper);
  });
}
registerOffline();
