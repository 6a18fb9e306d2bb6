/**
 * The controls bar: first / previous / play-pause / next / last, the step counter, speed,
 * granularity, and the head and query pickers. Every control has a label (tests find them by role
 * and name: "Next step", "Previous step", "Head", "Query"); the bar never owns state.
 * The buttons, counter, head and query form the step bar (`.step-bar`), which stays at the top of
 * a phone's screen (layout.css); granularity and speed (`.step-options`) scroll away.
 */
import { headName } from "../../state/stages";
import { Granularity } from "../../wasm/enums";
import { el, setText } from "../ui/dom";
import type { Panel } from "../ui/panel";

export interface ControlActions {
  first(): void;
  previous(): void;
  togglePlay(): void;
  next(): void;
  last(): void;
  setSpeed(stepsPerSecond: number): void;
  setGranularity(g: Granularity): void;
  setHead(head: number): void;
  setQuery(query: number): void;
  /** The other algorithm's step count while its walk is shown (0: not known yet). */
  algoCount(): number;
}

/** What the bar shows; the controller passes it after every change. */
export interface ControlsView {
  index: number;
  total: number;
  playing: boolean;
  granularity: Granularity;
  numHeads: number;
  head: number;
  queryTokens: string[];
  query: number;
}

export interface Controls extends Panel {
  update(v: ControlsView): void;
  /** The "Step 17 of 386" counter (presentation mode mirrors it). */
  readonly counter: HTMLElement;
}

/**
 * Above this many query tokens the query picker is a number field: a <select> of 512 options
 * costs a long layout whenever its value changes (every few steps), and is no way to pick one.
 */
export const QUERY_LIST_MAX = 64;

/** Sets attribute `name` only when it differs (an equal write still dirties style). */
function setAttr(e: Element, name: string, value: string): void {
  if (e.getAttribute(name) !== value) e.setAttribute(name, value);
}

/** Step speeds offered, in steps per second. */
export const SPEEDS = [0.5, 1, 2, 4, 8] as const;
export const DEFAULT_SPEED = 2;

// Small inline icons (24×24 viewBox), so nothing depends on an icon font.
const ICONS = {
  first: "M6 5h2v14H6zM20 5v14L9 12z",
  // Previous and Next are chevrons, so a phone's icon-only Next never looks like Play's triangle.
  previous: "M15.4 5.4 16.8 6.8 11.6 12l5.2 5.2-1.4 1.4L8.8 12z",
  next: "M8.6 5.4 7.2 6.8 12.4 12l-5.2 5.2 1.4 1.4L15.2 12z",
  last: "M16 5h2v14h-2zM4 5v14l11-7z",
  play: "M7 5v14l12-7z",
  pause: "M6 5h4v14H6zM14 5h4v14h-4z",
};
const icon = (d: string) =>
  `<svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true"><path d="${d}"/></svg>`;

function button(label: string, text: string, path: string, onClick: () => void) {
  const b = document.createElement("button");
  b.type = "button";
  b.setAttribute("aria-label", label);
  b.title = label;
  b.innerHTML = `${icon(path)}<span class="btn-text">${text}</span>`;
  b.addEventListener("click", onClick);
  return b;
}

/**
 * A <select> with its <label for> beside it (not around it: a wrapping label's text would include
 * the options, and "Granularity … Per query" would then also match the label "Query").
 */
function select(label: string, id: string, onChange: (value: string) => void) {
  const wrap = document.createElement("span");
  wrap.className = "picker";
  const l = document.createElement("label");
  l.htmlFor = id;
  l.textContent = label;
  wrap.append(l);
  const s = document.createElement("select");
  s.id = id;
  s.addEventListener("change", () => onChange(s.value));
  wrap.append(s);
  return { wrap, s };
}

function setOptions(s: HTMLSelectElement, options: [string, string][]): void {
  const same =
    s.options.length === options.length &&
    options.every(([v, t], i) => s.options[i]!.value === v && s.options[i]!.text === t);
  if (same) return;
  s.replaceChildren(...options.map(([v, t]) => new Option(t, v)));
}

/** First, previous, play, next, last and the step counter. */
function buildNav(a: ControlActions) {
  const nav = document.createElement("div");
  nav.className = "nav";
  const first = button("First step", "First", ICONS.first, a.first);
  const previous = button("Previous step", "Previous", ICONS.previous, a.previous);
  const play = button("Play", "Play", ICONS.play, a.togglePlay);
  play.classList.add("play");
  const next = button("Next step", "Next", ICONS.next, a.next);
  const last = button("Last step", "Last", ICONS.last, a.last);
  const counter = document.createElement("output");
  counter.className = "counter";
  counter.dataset.testid = "step-counter";
  nav.append(first, previous, play, next, last, counter);
  return { nav, first, previous, play, next, last, counter };
}

/** Speed and granularity (`options`), head and query (`focus`). */
function buildPickers(a: ControlActions) {
  const options = document.createElement("div");
  options.className = "pickers step-options";
  const speed = select("Speed", "speed", (v) => a.setSpeed(Number(v)));
  setOptions(
    speed.s,
    SPEEDS.map((x) => [String(x), `${x} step${x === 1 ? "" : "s"}/s`]),
  );
  speed.s.value = String(DEFAULT_SPEED);
  const gran = select("Granularity", "granularity", (v) =>
    a.setGranularity(Number(v) as Granularity),
  );
  setOptions(gran.s, [
    [String(Granularity.PerQuery), "Per query"],
    [String(Granularity.PerMatrix), "Per matrix"],
  ]);
  options.append(gran.wrap, speed.wrap);
  const head = select("Head", "head", (v) => a.setHead(Number(v)));
  const query = buildQuery(a);
  const focus = document.createElement("div");
  focus.className = "pickers";
  focus.append(head.wrap, query.wrap);
  return { options, gran, head, query, focus };
}

/** The query picker: a list, or (many queries) "Query [ 37 ] of 512 · w36" (QUERY_LIST_MAX). */
function buildQuery(a: ControlActions) {
  const query = select("Query", "query", (v) => a.setQuery(Number(v)));
  const queryNumber = el("input");
  queryNumber.type = "number";
  queryNumber.min = "1";
  queryNumber.hidden = true;
  const queryToken = el("span", "query-token");
  queryToken.hidden = true;
  queryNumber.addEventListener("change", () => {
    const n = Math.round(Number(queryNumber.value));
    if (Number.isFinite(n)) a.setQuery(Math.min(Math.max(n, 1), Number(queryNumber.max)) - 1);
  });
  query.wrap.append(queryNumber, queryToken);
  return { wrap: query.wrap, s: query.s, queryNumber, queryToken };
}
type QueryPicker = ReturnType<typeof buildQuery>;

/** Shows the list or the number field as "Query" (the label's id moves to the one shown). */
function showQuery(p: QueryPicker, tokens: string[], q: number, newTokens: boolean): void {
  const { s: list, queryNumber, queryToken } = p;
  const many = tokens.length > QUERY_LIST_MAX;
  const [shown, other] = many ? [queryNumber, list] : [list, queryNumber];
  if (shown.hidden || !shown.id) {
    shown.id = other.id || shown.id;
    other.removeAttribute("id");
    shown.hidden = false;
    other.hidden = true;
    queryToken.hidden = !many;
  }
  if (!many) {
    if (newTokens)
      setOptions(
        list,
        tokens.map((t, i) => [String(i), `${i + 1} · ${t}`]),
      );
    if (list.value !== String(q)) list.value = String(q);
    return;
  }
  if (list.options.length > 0) list.replaceChildren();
  setAttr(queryNumber, "max", String(tokens.length));
  if (queryNumber.value !== String(q + 1)) queryNumber.value = String(q + 1);
  setText(queryToken, `of ${tokens.length} · ${tokens[q] ?? ""}`);
}

/** The counter, the ends (aria-disabled rather than disabled: a focused button keeps the focus). */
function showPlace(n: ReturnType<typeof buildNav>, index: number, total: number): void {
  setText(n.counter, `Step ${index + 1} of ${total}`);
  const atStart = String(index <= 0);
  const atEnd = String(index >= total - 1);
  setAttr(n.first, "aria-disabled", atStart);
  setAttr(n.previous, "aria-disabled", atStart);
  setAttr(n.next, "aria-disabled", atEnd);
  setAttr(n.last, "aria-disabled", atEnd);
}

export function createControls(host: HTMLElement, a: ControlActions): Controls {
  host.setAttribute("role", "toolbar");
  host.setAttribute("aria-label", "Step controls");
  const nav = buildNav(a);
  const p = buildPickers(a);
  const bar = document.createElement("div");
  bar.className = "step-bar";
  bar.dataset.testid = "step-bar";
  bar.append(nav.nav, p.focus);
  host.append(bar, p.options);

  let playing: boolean | null = null;
  let tokens: string[] | null = null;
  return {
    counter: nav.counter,
    render({ state: s, playing }) {
      // The other algorithm's walk: the buttons move through it, the counter counts it.
      const walk = s.algoStep !== undefined && a.algoCount() > 0;
      this.update({
        index: walk ? s.algoStep! : s.index,
        total: walk ? a.algoCount() : s.result.steps.length,
        playing,
        granularity: s.granularity,
        numHeads: s.result.trace.numHeads,
        head: s.focus.head,
        queryTokens: s.result.trace.queryLabels,
        query: s.focus.query,
      });
    },
    update(v) {
      showPlace(nav, v.index, v.total);
      if (v.playing !== playing) {
        playing = v.playing;
        const label = v.playing ? "Pause" : "Play";
        nav.play.setAttribute("aria-label", label);
        nav.play.title = label;
        nav.play.innerHTML = `${icon(v.playing ? ICONS.pause : ICONS.play)}<span class="btn-text">${label}</span>`;
      }
      if (p.gran.s.value !== String(v.granularity)) p.gran.s.value = String(v.granularity);
      setOptions(
        p.head.s,
        Array.from({ length: v.numHeads }, (_, i) => [String(i), headName(i)]),
      );
      if (p.head.s.value !== String(v.head)) p.head.s.value = String(v.head);
      // The same tokens (one result) need no new options: only the value may move.
      showQuery(p.query, v.queryTokens, v.query, v.queryTokens !== tokens);
      tokens = v.queryTokens;
    },
  };
}
