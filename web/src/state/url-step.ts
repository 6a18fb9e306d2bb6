/**
 * The step part of a link (docs/url.md): where the walk is. Every documented form works, and a
 * part that cannot be read never costs the scenario. Pure: no DOM.
 *
 * Two conventions, told apart by the key's name:
 *   s, h, q, g, a                     what the app writes: stage 0..12 or a stage name, head and
 *                                     query from 0, granularity 0 (per query) or 1 (per matrix),
 *                                     the other algorithm's step from 0
 *   stage, head, query, granularity,  the README's, as embed.html and <attention-stepper> take
 *   algorithm-step                    them (embed-options.ts reads them): stage a name or 1..13,
 *                                     head, query and algorithm step from 1, granularity "query"
 *                                     or "matrix"
 * When a part is given both ways, the short key wins. A part that cannot be read is named in
 * `problems` and the walk starts at the first step (the granularity kept when it was readable).
 */
import { parseEmbedOptions, parseStage, stageName, type OptionName } from "./embed-options";
import { printable } from "../wasm/core-bytes";
import { Granularity, Stage } from "../wasm/enums";

/** Where a link puts the walk, and what in it could not be read (sentences for the status line). */
export interface LinkStep {
  stage: Stage;
  head: number;
  query: number;
  granularity: Granularity;
  /** The other algorithm's step (0-based), when the link names one. */
  algoStep?: number;
  problems: string[];
}

const MAX_INDEX = 1_000_000;
const LONG: ReadonlySet<OptionName> = new Set([
  "stage",
  "head",
  "query",
  "granularity",
  "algorithm-step",
]);
const NAMES = Object.values(Stage).map(stageName).join(", ");
/** The largest stage number (the appended Alibi). */
const STAGE_MAX = Math.max(...Object.values(Stage));

/** User text in a message: in quotes, cut after 40 characters, control characters escaped. */
export function shown(text: string): string {
  const chars = [...text];
  return `"${printable(chars.length > 40 ? `${chars.slice(0, 40).join("")}…` : text)}"`;
}

/** s: a 0-based stage number (as every link the app wrote has it) or any stage name. */
function shortStage(t: string): Stage | undefined {
  if (/^\d+$/.test(t)) return Number(t) <= STAGE_MAX ? (Number(t) as Stage) : undefined;
  try {
    return parseStage(t); // names only here: digits never reach it
  } catch {
    return undefined;
  }
}

const shortIndex = (t: string) =>
  /^\d+$/.test(t) && Number(t) <= MAX_INDEX ? Number(t) : undefined;

function shortGranularity(t: string): Granularity | undefined {
  if (t === "0") return Granularity.PerQuery;
  return t === "1" ? Granularity.PerMatrix : undefined;
}

/** Reads the step through `get` (a key's value, null when absent). */
export function readStep(get: (key: string) => string | null): LinkStep {
  const problems: string[] = [];
  const long = parseEmbedOptions((name) => (LONG.has(name) ? get(name) : null));
  for (const e of long.errors) {
    problems.push(`The link's ${e.option} ${e.message.slice(e.option.length + 2)}`);
  }
  const short = <T>(
    key: string,
    what: string,
    parse: (t: string) => T | undefined,
    want: string,
  ) => {
    const text = get(key);
    if (text === null || text === "") return undefined;
    const value = parse(text.trim());
    if (value === undefined) problems.push(`The link's ${what} ${shown(text)} is not ${want}.`);
    return value;
  };
  const start = long.options.start ?? {};
  const stage = short("s", "stage", shortStage, `0 to 9 or a stage name (${NAMES})`) ?? start.stage;
  const head = short("h", "head", shortIndex, "a whole number from 0") ?? start.head;
  const query = short("q", "query", shortIndex, "a whole number from 0") ?? start.query;
  const granularity =
    short("g", "granularity", shortGranularity, "0 (per query) or 1 (per matrix)") ??
    start.granularity ??
    Granularity.PerQuery;
  const algoStep =
    short("a", "algorithm step", shortIndex, "a whole number from 0") ?? start.algoStep;
  // No step named (or one that cannot be read): the first step of the walk, which for a scenario
  // with another algorithm is that algorithm's (app-state.ts atStart).
  const named = [stage, head, query, algoStep].some((x) => x !== undefined);
  if (problems.length > 0 || !named) {
    return { stage: Stage.ProjectQ, head: 0, query: 0, granularity, algoStep: 0, problems };
  }
  return {
    stage: stage ?? Stage.ProjectQ,
    head: head ?? 0,
    query: query ?? 0,
    granularity,
    algoStep,
    problems,
  };
}
