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
 * of them is written, when FLUSH_MS have passed or the page is hidden (visibilitychange, pagehide).
 * Not later than that: a reload takes the URL the page has when it is asked for, so a write left
 * for an idle moment or for pagehide is lost to a reload that comes first (tried, and reverted).
 */
import { startApp, type AppOptions, type Stepper } from "./app";
import type { View } from "../state/app-state";
import {
  decodeView,
  encodeView,
  hashHasView,
  TooBigForLinkError,
  UrlStateError,
  type LinkView,
} from "../state/url-state";
import { readLearnHash } from "../state/learn-link";
import { readModelHash } from "../state/model-link";
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
    a.granularity === b.granularity &&
    a.algoStep === b.algoStep
  );
}

const problemText = (e: unknown): string =>
  e instanceof UrlStateError ? e.message : "The link could not be read.";

/** The status line for a link whose step could not be read: each bad part, then what is shown. */
const stepProblem = (problems: string[]): string =>
  `${problems.join(" ")} Showing the scenario's first step.`;

/** The view a link at start names (null if none), and what to say about it ("" if nothing). */
async function readStartLink(root: HTMLElement, hash: string) {
  let initial: View | null = null;
  let problem = "";
  if (hashHasView(hash)) {
    // A learned model's link takes a moment (state/learned-source.ts); the layout replaces this.
    root.textContent = "Opening the link…";
    try {
      const link = await decodeView(hash);
      initial = link.view;
      if (link.problems.length > 0) problem = stepProblem(link.problems);
    } catch (e) {
      problem = `This link could not be opened: ${problemText(e)} Showing the default scenario.`;
    }
  }
  return { initial, problem };
}

/** The history writes: each view encoded, then written at once or coalesced (FLUSH_MS). */
class HistoryWriter {
  /** The latest write asked for (or link opened): an older encoding that finishes is dropped. */
  seq = 0;
  /** The hash (with "#") this script last wrote or opened; an event for it is our own. */
  currentHash: string;
  private pendingPush = false;
  /** The hash (with "#") encoded for the latest view and not yet written, if any. */
  private unwritten: string | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastWrite = -Infinity;

  constructor(
    private readonly win: Window,
    private readonly say: (text: string) => void,
  ) {
    this.currentHash = win.location.hash;
    win.addEventListener("pagehide", () => this.flush());
    // A page hidden (another tab, the phone's home screen) may be discarded without a pagehide.
    win.document.addEventListener("visibilitychange", () => {
      if (win.document.visibilityState === "hidden") this.flush();
    });
  }

  flush(): void {
    const { win } = this;
    const hash = this.unwritten;
    const doPush = this.pendingPush;
    this.drop();
    if (hash === null || hash === win.location.hash) return;
    this.lastWrite = performance.now();
    const url = `${win.location.pathname}${win.location.search}${hash}`;
    if (doPush) win.history.pushState(null, "", url);
    else win.history.replaceState(win.history.state, "", url);
    this.currentHash = hash;
  }

  /** Forgets the write waiting, if any. */
  drop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.unwritten = null;
    this.pendingPush = false;
  }

  private queue(hash: string): void {
    this.unwritten = hash;
    if (this.timer !== undefined) return;
    const wait = this.lastWrite + FLUSH_MS - performance.now();
    if (wait <= 0) this.flush();
    else this.timer = setTimeout(() => this.flush(), wait);
  }

  write(view: View, push: boolean): void {
    const mine = ++this.seq;
    this.pendingPush = this.pendingPush || push;
    void encodeView(view).then(
      (text) => {
        // Else a newer view (or a back/forward) came since.
        if (mine === this.seq) this.queue(`#${text}`);
      },
      (e: unknown) => {
        if (mine !== this.seq) return;
        // A scenario no link can carry: the URL holds no view (a reload opens the default), rather
        // than an older one that is not what is shown. Share says so and offers Save scenario.
        if (e instanceof TooBigForLinkError) this.queue("");
        else this.say("The link for this view could not be made.");
      },
    );
  }
}

/** When a view is a new history entry: the first after a pause (SETTLE_MS), never while playing. */
class ViewFollower {
  /** Links being opened: the redraws of their open() are not new history. */
  opening = 0;
  lastView: View | null = null;
  lastChange = 0;
  private wasPlaying = false;

  constructor(private readonly writer: HistoryWriter) {}

  onView(view: View, playing: boolean): void {
    if (this.opening > 0) return;
    if (sameView(this.lastView, view)) {
      this.wasPlaying = playing;
      return;
    }
    const now = performance.now();
    const push = !playing && !this.wasPlaying && now - this.lastChange >= SETTLE_MS;
    this.lastView = view;
    this.lastChange = now;
    this.wasPlaying = playing;
    this.writer.write(view, push);
  }
}

/** Reopens the view of the current hash (back/forward, or a hash typed in the address bar). */
async function reopen(
  stepper: Stepper,
  writer: HistoryWriter,
  follower: ViewFollower,
  hash: string,
): Promise<void> {
  if (hash === writer.currentHash || !hashHasView(hash)) return;
  writer.currentHash = hash;
  const mine = ++writer.seq; // drops any encoding still under way: it belongs to the entry we left
  writer.drop();
  let link: LinkView;
  try {
    link = await decodeView(hash);
  } catch (e) {
    if (mine === writer.seq) stepper.say(`This link could not be opened: ${problemText(e)}`);
    return;
  }
  if (mine !== writer.seq) return;
  const { scenario, ...start } = link.view;
  follower.opening++;
  let err: ScenarioError | null;
  try {
    err = await stepper.open(scenario, start);
  } finally {
    follower.opening--;
  }
  // A newer link came while this one was computed: it is the one shown, and it says its own.
  if (mine !== writer.seq) return;
  follower.lastView = stepper.view();
  follower.lastChange = 0;
  if (err)
    stepper.say(`This link's scenario was not opened (${err.field || "scenario"}): ${err.message}`);
  else if (link.problems.length > 0) stepper.say(stepProblem(link.problems));
}

/** Starts the stepper in `root` at the view of location.hash (if any) and keeps the URL in sync. */
export async function startWithUrl(root: HTMLElement, options: AppOptions = {}): Promise<Stepper> {
  const win = root.ownerDocument.defaultView ?? window;
  const { initial, problem } = await readStartLink(root, win.location.hash);
  let stepper: Stepper | null = null;
  // The stepper's status line, once it is started (nothing is said before).
  const writer = new HistoryWriter(win, (text) => stepper?.say(text));
  const follower = new ViewFollower(writer);
  const onView = (view: View, playing: boolean) => {
    options.onView?.(view, playing);
    if (stepper) follower.onView(view, playing);
  };
  const start = initial && {
    stage: initial.stage,
    head: initial.head,
    query: initial.query,
    granularity: initial.granularity,
    algoStep: initial.algoStep,
  };
  const ready = await startApp(root, {
    ...options,
    ...(initial && start && { scenario: initial.scenario, start }),
    onView,
  });
  stepper = ready;
  // When the core refused the link's scenario, startApp has said why: the step is moot then.
  if (problem && !ready.layout.status.textContent) ready.say(problem);
  follower.lastView = ready.view();
  // The first entry gets the view's own hash too (a bad link's is replaced by the default's),
  // unless the page opened on the Learn or Model view (learn-mode.ts, model-mode.ts), whose
  // link stays.
  const otherView = readLearnHash(win.location.hash) || readModelHash(win.location.hash);
  if (follower.lastView && !otherView) writer.write(follower.lastView, false);
  const follow = () => void reopen(ready, writer, follower, win.location.hash);
  win.addEventListener("popstate", follow);
  win.addEventListener("hashchange", follow);
  return ready;
}
