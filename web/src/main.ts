// Entry point of the app page: styles (KaTeX's with its self-hosted fonts) and one stepper that
// fills the page, its view kept in the URL (app/url-sync.ts), with a Share button in its tools row,
// and the Learn view beside it (app/learn-mode.ts).
import "katex/dist/katex.min.css";
import "./styles.css";
import { registerOffline } from "./app/offline";
import { createShareDialog } from "./views/share/share-dialog";
import { startWithUrl } from "./app/url-sync";
import { installLearnMode, learnAtStart } from "./app/learn-mode";

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
