// Entry point of the app page: styles (formulas are MathML, in the browser's math font) and one stepper that
// fills the page, its view kept in the URL (app/url-sync.ts), with a Share button in its tools row,
// and the Learn view beside it (app/learn-mode.ts).
import "./styles.css";
import { registerOffline } from "./app/offline";
import { createShareDialog } from "./views/share/share-dialog";
import { startWithUrl } from "./app/url-sync";
import { installLearnMode, learnAtStart } from "./app/learn-mode";
import { keepStepInWindow } from "./app/window-reveal";

const root = document.getElementById("app");
if (root) {
  learnAtStart(root);
  const inView = keepStepInWindow();
  void startWithUrl(root, { onView: inView.onView }).then((stepper) => {
    inView.attach(stepper);
    createShareDialog(stepper.layout.tools, () => stepper.view());
    installLearnMode(root, stepper);
  });
}
registerOffline();
