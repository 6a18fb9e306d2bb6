/**
 * The app page once its entry (main.ts) has started the core: one stepper that fills the page,
 * its view kept in the URL (url-sync.ts) and its step kept in the window (window-reveal.ts), with
 * a Share button in its tools row, and the Learn and Model views beside it (learn-mode.ts,
 * model-mode.ts).
 */
import { registerOffline } from "./offline";
import { createShareButton } from "../views/share/share-button";
import { startWithUrl } from "./url-sync";
import { installLearnMode, learnAtStart } from "./learn-mode";
import { installModelMode, modelAtStart } from "./model-mode";
import { keepStepInWindow } from "./window-reveal";

const root = document.getElementById("app");
if (root) {
  learnAtStart(root);
  modelAtStart(root);
  const inView = keepStepInWindow();
  const started = startWithUrl(root, { onView: inView.onView });
  void started.then((stepper) => {
    inView.attach(stepper);
    createShareButton(stepper.layout.tools, () => stepper.view());
    installModelMode(root, stepper, installLearnMode(root, stepper));
  });
  registerOffline(started);
}
