/**
 * The app page's URL follows its view (url-state.ts has the format): a link or a reload reopens
 * exactly the step shown, and back/forward move between the steps visited.
 *
 * History: one entry per "settled" step. The first change after a pause pushes an entry; further
 * changes within SETTLE_MS of the last one (rapid keys) or while playing replace that entry.
 * Back/forward (popstate) and an edited hash (hashchange) reopen their view without pushing.
 *
 * Writes are coalesced: a history call is a synchronous round trip to the browser (often several
 * ms, and Chromium throttles floods of them). A view after a quiet spell is written at once (so a
 * reload right after a step keeps it); views that follow within FLUSH_MS wait, and only the last
 * of them is written, when FLUSH_MS have passed or the page is hidden.
 */
import { startApp, type AppOptions, type Stepper } from "./app";
import type { View } from "../state/app-state";
import {
  decodeView,
  encodeView,
  hashHasView,
  TooBigForLinkError,
  UrlStateError,
} from "../state/url-state";
import { readLearnHash } from "../state/learn-link";
import type { ScenarioError } from "../wasm/loader";

const SETTLE_MS = 400;
const FLUSH_MS = 200;

function sameView(a: View | null, b: View): boolean {
  return (
    a !== null &&
    a.scenario === b.scenario &&
    a.stage === b.stage &&
    a.head === b.head &&
    a.query === b.query &&
    a.granularity === b.granularity
  );
}

const problemText = (e: unknown): string =>
  e instanceof UrlStateError ? e.message : "The link could not be read.";

/** The status line for a link whose step could not be read: each bad part, then what is shown. */
const stepProblem = (problems: string[]): string =>
  `${problems.join(" ")} Showing the scenario's first step.`;

/** Starts the stepper in `root` at the view of location.hash (if any) and keeps the URL in sync. */
export async function startWithUrl(root: HTMLElement, options: AppOptions = {}): Promise<Stepper> {
  const win = root.ownerDocument.defaultView ?? window;
  // The stepper's status line, once it is started (nothing is said before).
  const say = (text: string) => stepper?.say(text);

  let initial: View | null = null;
  let problem = "";
  if (hashHasView(win.location.hash)) {
    // A learned model's link takes a moment (state/learned-source.ts); the layout replaces this.
    root.textContent = "Opening the link…";
    try {
      const link = await decodeView(win.location.hash);
      initial = link.view;
      if (link.problems.length > 0) problem = stepProblem(link.problems);
    } catch (e) {
      problem = `This link could not be opened: ${problemText(e)} Showing the default scenario.`;
    }
  }

  let stepper: Stepper | null = null;
  /** Links being opened: the redraws of their open() are not new history. */
  let opening = 0;
  let lastView: View | null = null;
  let lastChange = 0;
  let wasPlaying = false;
  let seq = 0;
  let pendingPush = false;
  /** The hash (with "#") this script last wrote or opened; an event for it is our own. */
  let currentHash = win.location.hash;

  /** The hash (with "#") encoded for the latest view and not yet written, if any. */
  let unwritten: string | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastWrite = -Infinity;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const hash = unwritten;
    const doPush = pendingPush;
    unwritten = null;
    pendingPush = false;
    if (hash === null || hash === win.location.hash) return;
    lastWrite = performance.now();
    const url = `${win.location.pathname}${win.location.search}${hash}`;
    if (doPush) win.history.pushState(null, "", url);
    else win.history.replaceState(win.history.state, "", url);
    currentHash = hash;
  };
  win.addEventListener("pagehide", flush);

  const queue = (hash: string) => {
    unwritten = hash;
    if (timer !== undefined) return;
    const wait = lastWrite + FLUSH_MS - performance.now();
    if (wait <= 0) flush();
    else timer = setTimeout(flush, wait);
  };

  const write = (view: View, push: boolean) => {
    const mine = ++seq;
    pendingPush = pendingPush || push;
    void encodeView(view).then(
      (text) => {
        if (mine === seq) queue(`#${text}`); // else a newer view (or a back/forward) came since
      },
      (e: unknown) => {
        if (mine !== seq) return;
        // A scenario no link can carry: the URL holds no view (a reload opens the default), rather
        // than an older one that is not what is shown. Share says so and offers Save scenario.
        if (e instanceof TooBigForLinkError) queue("");
        else say("The link for this view could not be made.");
      },
    );
  };

  const onView = (view: View, playing: boolean) => {
    options.onView?.(view, playing);
    if (!stepper || opening > 0) return;
    if (sameView(lastView, view)) {
      wasPlaying = playing;
      return;
    }
    const now = performance.now();
    const push = !playing && !wasPlaying && now - lastChange >= SETTLE_MS;
    lastView = view;
    lastChange = now;
    wasPlaying = playing;
    write(view, push);
  };

  stepper = await startApp(root, {
    ...options,
    ...(initial && {
      scenario: initial.scenario,
      start: {
        stage: initial.stage,
        head: initial.head,
        query: initial.query,
        granularity: initial.granularity,
      },
    }),
    onView,
  });
  const ready = stepper;
  // When the core refused the link's scenario, startApp has said why: the step is moot then.
  if (problem && !ready.layout.status.textContent) say(problem);
  lastView = ready.view();
  // The first entry gets the view's own hash too (a bad link's is replaced by the default's),
  // unless the page opened on the Learn view (learn-mode.ts), whose link stays.
  if (lastView && !readLearnHash(win.location.hash)) write(lastView, false);

  /** Reopens the view of the current hash (back/forward, or a hash typed in the address bar). */
  const reopen = async () => {
    const hash = win.location.hash;
    if (hash === currentHash || !hashHasView(hash)) return;
    currentHash = hash;
    const mine = ++seq; // drops any encoding still under way: it belongs to the entry we left
    clearTimeout(timer);
    timer = undefined;
    unwritten = null;
    pendingPush = false;
    let view: View;
    let problems: string[];
    try {
      ({ view, problems } = await decodeView(hash));
    } catch (e) {
      if (mine === seq) say(`This link could not be opened: ${problemText(e)}`);
      return;
    }
    if (mine !== seq) return;
    const { scenario, ...start } = view;
    opening++;
    let err: ScenarioError | null;
    try {
      err = await ready.open(scenario, start);
    } finally {
      opening--;
    }
    // A newer link came while this one was computed: it is the one shown, and it says its own.
    if (mine !== seq) return;
    lastView = ready.view();
    lastChange = 0;
    if (err)
      say(`This link's scenario was not opened (${err.field || "scenario"}): ${err.message}`);
    else if (problems.length > 0) say(stepProblem(problems));
  };
  win.addEventListener("popstate", () => void reopen());
  win.addEventListener("hashchange", () => void reopen());
  return ready;
}
